// dc20's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
// Rule ids refer to packages/rules/spec/dc20.md.
import type { CombatantId, SlotId, EncounterState } from '../../core/model.js';
import type { EncounterDcChoice } from './encounter-dc.js';
import type { PartyOutcome } from './outcomes.js';
import type { TeamId, TurnHolders } from './types.js';

/** [DC20-9] [DC20-10] [DC20-11] What an Initiative Check left a PC holding, until used or expired. */
export const BENEFIT_KINDS = ['inspiration-die', 'first-round-adv', 'first-attack-against-has-adv'] as const;
export type BenefitKind = (typeof BENEFIT_KINDS)[number];

/** [DC20-15] [DC20-16] Who answered the current PC turn's call: claim it or pass. */
export type ClaimAnswer = 'claim' | 'pass';

export interface ClaimsWindow {
  readonly slotId: SlotId;
  readonly answers: Readonly<Record<CombatantId, ClaimAnswer>>;
  /** Equal best claims waiting for 'dc20-resolve-claim' (share, or who takes it); null while none. */
  readonly tied: readonly CombatantId[] | null;
}

export interface Dc20Ext {
  readonly system: 'dc20';
  /** [DC20-2] [DC20-3] The Encounter DC and how the GM chose it; null until set. */
  readonly dc: { readonly value: number; readonly choice: EncounterDcChoice } | null;
  /** [DC20-27] [DC20-28] [DC20-29] Teams the GM set; everyone else is on their side's default team. */
  readonly teams: Readonly<Record<CombatantId, TeamId>>;
  /** [DC20-27] The enemy teams in turn order (the GM's choice or Fate Checks); null until chosen. */
  readonly enemyOrder: readonly TeamId[] | null;
  /** [DC20-27] [DC20-39] The last Fate Checks made to order the enemy teams. */
  readonly fate: readonly { readonly team: TeamId; readonly face: number }[] | null;
  /** [DC20-12] Decided when combat starts. */
  readonly party: PartyOutcome | null;
  /** [DC20-1] The team of each turn (PC turns made by a delay included). */
  readonly slotTeams: Readonly<Record<SlotId, TeamId>>;
  /** [DC20-15] [DC20-17] [DC20-30] Who holds each turn, kept from round to round. */
  readonly holders: TurnHolders;
  readonly claims: ClaimsWindow | null;
  /** [DC20-16] Actors of the current shared turn who have ended their part. */
  readonly done: readonly CombatantId[];
  /** [DC20-25] A shared PC turn lets the GM merge these teams' next two turns; null when nothing is offered. */
  readonly mergeOffer: { readonly pcSlotId: SlotId; readonly teams: readonly TeamId[] } | null;
  readonly benefits: Readonly<Record<CombatantId, readonly BenefitKind[]>>;
  /** [DC20-9] The faces of Inspiration Dice used, for the log and the view. */
  readonly inspirationRolls: Readonly<Record<CombatantId, number>>;
  /** [DC20-35] Surprised creatures and the id of their 'Surprised' condition. */
  readonly surprised: Readonly<Record<CombatantId, string>>;
  /** [DC20-21] Delayed creatures that regain their AP only when their new turn ends. */
  readonly deferred: readonly CombatantId[];
  /** [DC20-38] How many LAP each monster may spend at one time. */
  readonly lapPerTurn: Readonly<Record<CombatantId, number>>;
  /** [DC20-38] How many PC turns have ended this round: each opens a new window between PC turns. */
  readonly lapWindow: number;
  readonly lapSpent: Readonly<Record<CombatantId, { readonly window: number; readonly amount: number }>>;
  /** [DC20-38] The round-end window for leftover LAP: who still decides; null when closed. */
  readonly leftoverLap: { readonly round: number; readonly open: readonly CombatantId[] } | null;
  /** The last round whose leftover-LAP window has been held. */
  readonly leftoverDone: number;
}

export const initialDc20Ext = (): Dc20Ext => ({
  system: 'dc20',
  dc: null,
  teams: {},
  enemyOrder: null,
  fate: null,
  party: null,
  slotTeams: {},
  holders: {},
  claims: null,
  done: [],
  mergeOffer: null,
  benefits: {},
  inspirationRolls: {},
  surprised: {},
  deferred: [],
  lapPerTurn: {},
  lapWindow: 0,
  lapSpent: {},
  leftoverLap: null,
  leftoverDone: 0,
});

/** The dc20 slot of a dc20 encounter (a fresh one should another system's ever reach here). */
export const dc20Ext = (state: EncounterState): Dc20Ext => (state.ext.system === 'dc20' ? state.ext : initialDc20Ext());
