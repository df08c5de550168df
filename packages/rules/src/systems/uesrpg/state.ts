// uesrpg's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
// AP are not here: they are the core resource `AP` on each combatant (`Combatant.resources`).
import type { CombatantId, UnitRef, EncounterState } from '../../core/model.js';
import type { ActionKind, ExtendedAction, LuckRoll, ThreatId } from './types.js';

/** What uesrpg tracks per combatant besides AP. A combatant without an entry has the defaults. */
export interface UesrpgCombatantExt {
  /** [UES-1] [UES-3] Set by the GM before combat; cleared when the combatant's first turn ends. */
  readonly surprised: boolean;
  /** [UES-26] Threats reacted to this round; emptied at round end. */
  readonly reactedTo: readonly ThreatId[];
  /** [UES-24] An extended action being paid over several turns. */
  readonly extended: ExtendedAction | null;
}

/** One declared action, as the table sees it in the round's log. */
export interface DeclaredAction {
  readonly id: ThreatId;
  readonly combatantId: CombatantId;
  readonly kind: ActionKind;
  readonly label: string;
  /** AP paid when declared (an extended action pays the rest later). */
  readonly spent: number;
  /** [UES-27] A Special Action: follows the rules of its base kind. */
  readonly special: boolean;
  /** The threat a reaction answers; null for actions taken on the own turn. */
  readonly threatId: ThreatId | null;
  /** [UES-25] [UES-26] A reaction, or a secondary action taken as one. */
  readonly asReaction: boolean;
  /**
   * [UES-24] An extended action: as declared it starts one (not in effect yet, `spent` paid so far);
   * the record made when its last AP are paid (`spent` = full cost) is the action taking effect.
   */
  readonly extended: boolean;
}

/** [UES-11] The last contested Luck roll-off, for the table to see how a tie was settled. */
export interface LuckRollOff {
  readonly units: readonly UnitRef[];
  readonly rolls: readonly LuckRoll[];
  /** null: still tied after every re-roll, the GM orders. */
  readonly order: readonly UnitRef[] | null;
}

export interface UesrpgExt {
  readonly system: 'uesrpg';
  /** [UES-1] The GM has said who is surprised (possibly nobody): initiative may be rolled. */
  readonly surpriseDecided: boolean;
  readonly combatants: Readonly<Record<CombatantId, UesrpgCombatantExt>>;
  /** [UES-29] The active character's action whose reactions are being resolved (a pending decision). */
  readonly openAction: DeclaredAction | null;
  /** Actions declared this round, oldest first (at most `MAX_LOGGED_ACTIONS`, oldest dropped). */
  readonly actions: readonly DeclaredAction[];
  readonly lastRollOff: LuckRollOff | null;
  /** [UES-35] The GM's order of a group's members' turns, by group id (members not listed follow in display order). */
  readonly memberOrder: Readonly<Record<string, readonly CombatantId[]>>;
}

export const NO_COMBATANT_EXT: UesrpgCombatantExt = { surprised: false, reactedTo: [], extended: null };

export const initialExt = (): UesrpgExt => ({
  system: 'uesrpg',
  surpriseDecided: false,
  combatants: {},
  openAction: null,
  actions: [],
  lastRollOff: null,
  memberOrder: {},
});

/** The uesrpg ext of a uesrpg encounter (a fresh one should another system's ever reach here). */
export const uesrpgExt = (state: EncounterState): UesrpgExt => (state.ext.system === 'uesrpg' ? state.ext : initialExt());
