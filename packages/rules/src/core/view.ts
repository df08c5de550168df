import type { HealthView } from './health/model.js';
import type { SystemViewExt } from './system-types.js';
import type { TurnTimer } from './turn-timer.js';
import type { StatBlock } from './stat-block.js';
import type {
  CombatantId,
  ConditionEnd,
  ConditionId,
  PendingDecision,
  Resource,
  GroupId,
  InitiativeRoll,
  Phase,
  Side,
  SlotId,
  SystemId,
  UnitRef,
} from './model.js';

/** What one audience may see. GM: everything; player: public plus their own; spectator: public only. */
export type Audience =
  | { readonly role: 'gm' }
  | { readonly role: 'player'; readonly combatantIds: readonly CombatantId[] }
  | { readonly role: 'spectator' };

export interface CombatantView {
  readonly id: CombatantId;
  readonly name: string;
  readonly side: Side;
  readonly groupId: GroupId | null;
  readonly defeated: boolean;
  readonly initiative: InitiativeRoll | null;
  /** True only in the GM's view (others never receive hidden combatants at all). */
  readonly hidden: boolean;
  /** Present for the GM and for the combatant's own player. */
  readonly stats?: Readonly<Record<string, number>>;
  /** GM only. */
  readonly note?: string;
  /** GM only: AC, actions and the rest of its creature file. */
  readonly statBlock?: StatBlock;
  /** Present for the GM and for the combatant's own player. */
  readonly resources?: Readonly<Record<string, Resource>>;
  /** Public for every visible combatant (a hidden combatant's go to the GM only, with it). */
  readonly conditions: readonly ConditionView[];
  /** True when the viewing player controls this combatant. */
  readonly mine: boolean;
  /** [ENG-32] Its health as this audience may see it (numbers, or a state); absent when none is shown or tracked. */
  readonly health?: HealthView;
}

/** A condition as shown: when it ends, but not whose turn it is anchored to (that could name a hidden combatant). */
export interface ConditionView {
  readonly id: ConditionId;
  readonly name: string;
  /** null: until removed. */
  readonly endsAt: ConditionEnd | null;
  /** The round it ends in (or, for 'turn-start' and 'turn-end', from which it ends at its creator's turn). */
  readonly round: number | null;
}

export interface GroupView {
  readonly id: GroupId;
  readonly name: string;
  readonly side: Side;
  readonly initiative: InitiativeRoll | null;
  /** [ENG-31] [ENG-32] The pool its members share, where the system pools groups, as this audience may see it. */
  readonly health?: HealthView;
}

export interface SlotView {
  readonly id: SlotId;
  readonly side: Side;
  readonly unit: UnitRef | null;
  /** Display label: the combatant's or group's name, or the side for open slots. */
  readonly label: string;
  readonly total: number | null;
}

export interface EncounterView {
  readonly audience: Audience['role'];
  readonly id: string;
  readonly name: string;
  readonly system: SystemId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly phase: Phase;
  readonly round: number;
  /** [ENG-35] In-game seconds a round lasts, where the system says; null where it leaves it open. */
  readonly roundSeconds: number | null;
  readonly combatants: readonly CombatantView[];
  readonly groups: readonly GroupView[];
  readonly order: readonly SlotView[];
  /**
   * The current turn, or null when there is none or it belongs to something this audience cannot see.
   * `startedAt` [ENG-39]: the server's time (ms since 1970) its clock started; absent without one.
   */
  readonly turn: { readonly slotId: SlotId; readonly actorIds: readonly CombatantId[]; readonly startedAt?: number } | null;
  /** [ENG-39] The turn timer: seconds per turn and what happens at 0; null when the encounter has none. */
  readonly turnTimer: TurnTimer | null;
  readonly acted: readonly CombatantId[];
  readonly pendingTies: readonly (readonly UnitRef[])[];
  /** Decisions the table must make, as far as this audience may know of them. */
  readonly pending: readonly PendingDecision[];
  /** The system's own state as this audience may see it (its `projectExt` hook), or null. */
  readonly ext: SystemViewExt | null;
  /** GM only (null for others): how many commands can be undone and redone. Snapshots never leave the server. */
  readonly undo: { readonly undo: number; readonly redo: number } | null;
  readonly seedCommitment: string;
  /** Revealed once the encounter has ended, so every server roll can be re-checked. */
  readonly seed: string | null;
}
