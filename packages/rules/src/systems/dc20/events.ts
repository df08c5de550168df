// dc20's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
// Core events do the rest: 'initiative-rolled' (checks), 'slot-inserted' (a PC turn made by a delay),
// 'turn-claimed' (a turn seated), 'resource-changed' (AP, LAP), 'condition-*' (Surprised).
import type { CombatantId, RngState, SlotId } from '../../core/model.js';
import type { EncounterDcChoice } from './encounter-dc.js';
import type { PartyOutcome } from './outcomes.js';
import type { BenefitKind, ClaimAnswer } from './state.js';
import type { TeamId } from './types.js';

export type Dc20Event =
  /** [DC20-2] PC rolls already made are re-scored against the new DC. */
  | { readonly type: 'dc20-encounter-dc-set'; readonly dc: number; readonly choice: EncounterDcChoice }
  | { readonly type: 'dc20-team-set'; readonly combatantId: CombatantId; readonly team: TeamId }
  | { readonly type: 'dc20-enemy-teams-ordered'; readonly order: readonly TeamId[] }
  /** [DC20-39] Faces in team order; `order` is null when faces tie (the GM decides). */
  | {
      readonly type: 'dc20-fate-checked';
      readonly checks: readonly { readonly team: TeamId; readonly face: number }[];
      readonly order: readonly TeamId[] | null;
      readonly rng: RngState;
    }
  | { readonly type: 'dc20-surprise-marked'; readonly combatantId: CombatantId; readonly conditionId: string }
  | { readonly type: 'dc20-surprise-cleared'; readonly combatantId: CombatantId }
  /** [DC20-9] [DC20-10] [DC20-11] [DC20-12] At 'start-combat': who won the first turn and what each PC earned. */
  | {
      readonly type: 'dc20-initiative-decided';
      readonly party: PartyOutcome;
      readonly benefits: Readonly<Record<CombatantId, readonly BenefitKind[]>>;
    }
  /** [DC20-1] Round 1: the team of every turn of the order. */
  | { readonly type: 'dc20-turns-labelled'; readonly slotTeams: Readonly<Record<SlotId, TeamId>> }
  | { readonly type: 'dc20-claims-answered'; readonly slotId: SlotId; readonly answers: Readonly<Record<CombatantId, ClaimAnswer>> }
  | { readonly type: 'dc20-claim-tied'; readonly slotId: SlotId; readonly tied: readonly CombatantId[] }
  /** [DC20-15] [DC20-17] These creatures now hold this turn (leaving any other). */
  | { readonly type: 'dc20-seated'; readonly slotId: SlotId; readonly combatantIds: readonly CombatantId[] }
  /** [DC20-16] Some actors of a shared turn ended their part. */
  | { readonly type: 'dc20-part-ended'; readonly combatantIds: readonly CombatantId[] }
  | { readonly type: 'dc20-merge-offered'; readonly pcSlotId: SlotId; readonly teams: readonly TeamId[] }
  | { readonly type: 'dc20-turns-merged'; readonly team: TeamId; readonly fromSlotId: SlotId; readonly toSlotId: SlotId }
  | { readonly type: 'dc20-merge-declined' }
  /** [DC20-19] [DC20-20] [DC20-21] The delayer leaves the current turn for `toSlotId` (made by 'slot-inserted' when new). */
  | { readonly type: 'dc20-turn-delayed'; readonly combatantId: CombatantId; readonly fromSlotId: SlotId; readonly toSlotId: SlotId }
  /** After a turn's end: its actors' ends of Surprise and deferred regain, a new LAP window after a PC turn. */
  | { readonly type: 'dc20-turn-wrapped'; readonly actorIds: readonly CombatantId[]; readonly pcTurn: boolean }
  /** [DC20-10] [DC20-11] [DC20-38] After a round's end: round-1 benefits end, LAP windows reset. */
  | { readonly type: 'dc20-round-wrapped'; readonly round: number }
  | { readonly type: 'dc20-lap-set'; readonly combatantId: CombatantId; readonly perTurn: number }
  | { readonly type: 'dc20-lap-spent'; readonly combatantId: CombatantId; readonly amount: number; readonly window: number | 'round-end' }
  | { readonly type: 'dc20-leftover-lap-opened'; readonly round: number; readonly combatantIds: readonly CombatantId[] }
  | { readonly type: 'dc20-lap-passed'; readonly combatantId: CombatantId }
  | { readonly type: 'dc20-leftover-lap-closed'; readonly round: number }
  /** [DC20-9] `rng` is the generator after a server roll, null for a real die. */
  | { readonly type: 'dc20-inspiration-used'; readonly combatantId: CombatantId; readonly face: number; readonly rng: RngState | null }
  | { readonly type: 'dc20-benefit-used'; readonly combatantId: CombatantId; readonly kind: BenefitKind }
  /** [DC20-9] The Inspiration Die expires when combat ends. */
  | { readonly type: 'dc20-combat-over' };

export type Dc20EventType = Dc20Event['type'];
