// What dc20 shows of its own state (`EncounterState.ext`) to an audience, through its `projectExt` hook.
// Joined into `SystemViewExt` by systems/ext.ts. Rule ids refer to packages/rules/spec/dc20.md.
import type { CombatantId, SlotId } from '../../core/model.js';
import type { EncounterDcChoice } from './encounter-dc.js';
import type { PartyOutcome } from './outcomes.js';
import type { BenefitKind, ClaimAnswer } from './state.js';
import type { Dc20Role, TeamId } from './types.js';

/** [DC20-3] One row of the Encounter DC table: the same values for both levels. */
export interface DcTableRow {
  readonly levels: readonly [number, number];
  readonly easy: number;
  readonly normal: number;
  readonly hard: number;
}

/** What the table must decide now, as far as this audience may know of it. */
export type Dc20PendingView =
  /** [DC20-2] Before initiative: the GM sets the Encounter DC. */
  | { readonly kind: 'set-encounter-dc' }
  /** [DC20-27] Before combat: which enemy team goes first (dc20-order-enemy-teams or dc20-fate-check). */
  | { readonly kind: 'order-enemy-teams'; readonly teams: readonly TeamId[] }
  /** [DC20-15] The PC team chooses who takes the current PC turn: claim-turn or dc20-pass-turn (GM: dc20-close-claims). */
  | { readonly kind: 'choose-pc-turn'; readonly slotId: SlotId; readonly candidates: readonly CombatantId[] }
  /** [DC20-16] Equal best claims: share, or who takes it (dc20-resolve-claim). */
  | { readonly kind: 'resolve-claim'; readonly slotId: SlotId; readonly tied: readonly CombatantId[] }
  /** [DC20-18] The GM places creatures on the current non-PC turn (claim-turn or dc20-assign; `[]` leaves it empty). GM only: who is free. */
  | { readonly kind: 'assign-turn'; readonly slotId: SlotId; readonly team: TeamId; readonly unassigned: readonly CombatantId[] }
  /** [DC20-25] The GM merges a team's next two turns, or keeps them. */
  | { readonly kind: 'merge-enemy-turns'; readonly pcSlotId: SlotId; readonly teams: readonly TeamId[] }
  /** [DC20-38] GM only: leftover Legendary AP at the end of the round (dc20-spend-lap or dc20-pass-lap). */
  | { readonly kind: 'spend-leftover-lap'; readonly round: number; readonly combatantIds: readonly CombatantId[] };

export interface Dc20TurnView {
  readonly slotId: SlotId;
  readonly team: TeamId;
  /** Who holds the turn: public for PC turns; the GM's plan for the other teams (empty for others). */
  readonly holders: readonly CombatantId[];
}

export interface Dc20ViewExt {
  readonly system: 'dc20';
  readonly encounterDc: { readonly value: number; readonly choice: EncounterDcChoice } | null;
  readonly dcTable: readonly DcTableRow[];
  /** [DC20-12] Who won the first turn, once combat has started. */
  readonly party: PartyOutcome | null;
  /** Visible combatants' teams and roles. */
  readonly teams: Readonly<Record<CombatantId, { readonly team: TeamId; readonly role: Dc20Role }>>;
  readonly enemyTeams: readonly TeamId[];
  readonly enemyOrder: readonly TeamId[] | null;
  readonly fate: readonly { readonly team: TeamId; readonly face: number }[] | null;
  /** The Initiative Order by team, in order. */
  readonly turns: readonly Dc20TurnView[];
  /** The current PC turn's answers so far. */
  readonly claims: {
    readonly slotId: SlotId;
    readonly answers: Readonly<Record<CombatantId, ClaimAnswer>>;
    readonly tied: readonly CombatantId[] | null;
  } | null;
  /** Actors of the current shared turn who have ended their part. */
  readonly done: readonly CombatantId[];
  readonly benefits: Readonly<Record<CombatantId, readonly BenefitKind[]>>;
  readonly inspirationRolls: Readonly<Record<CombatantId, number>>;
  readonly surprised: readonly CombatantId[];
  /** [DC20-21] Delayed: AP come back at the end of the new turn. */
  readonly deferred: readonly CombatantId[];
  /** [DC20-38] GM only (null for others): LAP at a time, and spent in the current window. */
  readonly lap: Readonly<Record<CombatantId, { readonly perTurn: number; readonly spentNow: number }>> | null;
  readonly pending: readonly Dc20PendingView[];
}
