import type { HealthTrack, NewHealth } from './health/model.js';
import type { CombatantId, ConditionEnd, ConditionId, ResourceRefresh, RollMode, Side, SlotId, TurnPin, UnitRef } from './model.js';
import type { SystemCommand } from './system-types.js';
import type { GameDuration } from './time.js';
import type { StatBlock } from './stat-block.js';

/** Who issues a command. The server derives it from the socket's token; the rules decide what each may do. */
export type Actor =
  | { readonly role: 'gm' }
  | { readonly role: 'player'; readonly combatantIds: readonly CombatantId[] };

export interface NewCombatant {
  readonly name: string;
  readonly side: Side;
  readonly stats: Readonly<Record<string, number>>;
  readonly hidden?: boolean;
  readonly note?: string;
  /** More than 1 adds a group of identical creatures ("4 Goblins") sharing one roll and one turn. */
  readonly count?: number;
  /** [ENG-25] Its maximum (hit points or wound threshold, plus strain threshold), starting at full health. */
  readonly health?: NewHealth;
  /** What its creature file said beyond the rules' numbers (AC, actions…): kept with it, the GM's alone. */
  readonly statBlock?: StatBlock;
}

/** [ENG-26] One combatant hit by a damage command and how hard. */
export interface DamageTarget {
  readonly combatantId: CombatantId;
  readonly amount: number;
  /** A critical hit: systems may make more of it (D&D 5e: two death save failures at 0 hit points). */
  readonly critical?: boolean;
}

/** [ENG-26] [ENG-27] One combatant healed (or given temporary hit points) and by how much. */
export interface HealthTarget {
  readonly combatantId: CombatantId;
  readonly amount: number;
}

/** The commands every system understands. */
export type CoreCommand =
  | { readonly type: 'add-combatant'; readonly combatant: NewCombatant }
  | { readonly type: 'remove-combatant'; readonly combatantId: CombatantId }
  | { readonly type: 'set-hidden'; readonly combatantId: CombatantId; readonly hidden: boolean }
  /** [ENG-43] The GM's note on a combatant, replaced whole ('' clears it); only the GM ever sees it. */
  | { readonly type: 'set-note'; readonly combatantId: CombatantId; readonly note: string }
  | { readonly type: 'set-defeated'; readonly combatantId: CombatantId; readonly defeated: boolean }
  /** Replaces the named options (merged over the current ones, then validated by the system). */
  | { readonly type: 'set-options'; readonly options: Readonly<Record<string, unknown>> }
  /** Opens the initiative phase: players may now roll. */
  | { readonly type: 'begin-initiative' }
  | { readonly type: 'roll-initiative'; readonly unit: UnitRef; readonly mode?: RollMode }
  /** Faces read from real dice, in the order of the system's `initiativeDice`. */
  | { readonly type: 'enter-initiative'; readonly unit: UnitRef; readonly faces: readonly number[]; readonly mode?: RollMode }
  /** GM shortcut: roll for every non-PC unit that has not rolled yet. */
  | { readonly type: 'roll-npc-initiative' }
  /** Orders units whose totals tie, first to act first. */
  | { readonly type: 'resolve-tie'; readonly order: readonly UnitRef[] }
  | { readonly type: 'start-combat' }
  /** Fills the current open slot with these combatants. */
  | { readonly type: 'claim-turn'; readonly combatantIds: readonly CombatantId[] }
  /**
   * `turn`: [ENG-41] end only that turn (a late or repeated end of a turn already over changes nothing).
   */
  | { readonly type: 'end-turn'; readonly turn?: TurnPin }
  /** Puts the current turn off until later (before `targetSlotId` where given), where the system allows it. */
  | { readonly type: 'delay-turn'; readonly targetSlotId?: SlotId }
  | {
      readonly type: 'add-condition';
      readonly combatantId: CombatantId;
      /** [ENG-16] The same condition on these combatants too (an area effect: one command, one undo). */
      readonly alsoOn?: readonly CombatantId[];
      readonly name: string;
      readonly rounds?: number;
      /** [ENG-35] Instead of `rounds`, in-game time, where the system gives a round's length. */
      readonly duration?: GameDuration;
      readonly endsAt?: ConditionEnd;
    }
  | { readonly type: 'remove-condition'; readonly combatantId: CombatantId; readonly conditionId: ConditionId }
  | { readonly type: 'spend-resource'; readonly combatantId: CombatantId; readonly resource: string; readonly amount: number }
  | {
      readonly type: 'set-resource';
      readonly combatantId: CombatantId;
      readonly resource: string;
      readonly current: number;
      readonly max: number;
      /** [ENG-36] When it fills back (absent: as it was, else never). */
      readonly refresh?: ResourceRefresh;
    }
  /** [ENG-26] Damage to one or several combatants at once (an area effect): one command, one undo. */
  | { readonly type: 'apply-damage'; readonly targets: readonly DamageTarget[]; readonly track?: HealthTrack }
  | { readonly type: 'apply-healing'; readonly targets: readonly HealthTarget[]; readonly track?: HealthTrack }
  /** [ENG-27] A maximum (hit points, or the wound or strain threshold) for one or several combatants. */
  | { readonly type: 'set-max-health'; readonly combatantIds: readonly CombatantId[]; readonly max: number; readonly track?: HealthTrack }
  /** [ENG-27] Temporary hit points: the higher of old and new stays; 0 takes them away. */
  | { readonly type: 'set-temp-health'; readonly targets: readonly HealthTarget[] }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'end-encounter' };

export type Command = CoreCommand | SystemCommand;

export type CoreCommandType = CoreCommand['type'];
export type CommandType = Command['type'];
