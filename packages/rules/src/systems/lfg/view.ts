// What lfg shows of its own state to an audience (`EncounterView.ext`); project.ts builds it. The GM sees
// everything; players and spectators never see a hidden combatant's id (or anything naming it),
// called-but-unrolled morale checks or suggestions.
import type { CheckOutcome, CombatantId, SlotId, UnitRef } from '../../core/model.js';
import { type LfgDecision } from './decisions.js';
import type { CalledMorale, FinishOutcome, InterceptOutcome, MoraleVerdict, PartyCheck, RallyOutcome, ReadyOutcome, RetreatState } from './state.js';
import type { Band, EnemyRank, SurpriseSide } from './types.js';

export interface LfgViewExt {
  readonly system: 'lfg';
  /** [LFG-8] Every visible PC, clockwise. */
  readonly seating: readonly CombatantId[];
  /** [LFG-8] This round's roller (or the one waiting to roll); null when none or hidden. */
  readonly roller: CombatantId | null;
  /** [LFG-8] Named for the next check instead of the rotation. */
  readonly nominated: CombatantId | null;
  readonly firstRoller: CombatantId | null;
  /** [LFG-5] */
  readonly surprise: SurpriseSide | null;
  /** [LFG-6] The latest party check (its roller visible). */
  readonly check: PartyCheck | null;
  /** [LFG-11] This round's outcome; null in a round without a check (yet). */
  readonly outcome: CheckOutcome | null;
  /** [LFG-7] The round waits for the party's check. */
  readonly awaitingCheck: boolean;
  /** [LFG-11] The bands of this round, in the order they act. */
  readonly bands: readonly Band[];
  /** [LFG-11] The band of each visible slot of this round. */
  readonly slotBands: Readonly<Record<SlotId, Band>>;
  /** [LFG-10] The rank of each visible enemy unit, by unit id. */
  readonly ranks: Readonly<Record<string, EnemyRank>>;
  /** [LFG-13] The GM's order of monsters, visible units only. */
  readonly monsterOrder: readonly UnitRef[];
  /** [LFG-15] PCs delaying, in the order they delayed. */
  readonly held: readonly CombatantId[];
  /** [LFG-23] NPCs whose morale broke (they have fled). */
  readonly broken: readonly CombatantId[];
  /** [LFG-27] PCs who escaped. */
  readonly fled: readonly CombatantId[];
  /** What the table must decide now (blocking ones hold 'end-turn'). */
  readonly decisions: readonly LfgDecision[];
  /** [LFG-22] GM only (null for others): checks called for the end of the round. */
  readonly calledMorale: readonly CalledMorale[] | null;
  /** [LFG-17] The latest morale verdicts, visible combatants only. */
  readonly lastMorale: readonly MoraleVerdict[];
  readonly retreat: RetreatState | null;
  readonly readied: readonly { readonly combatantId: CombatantId; readonly trigger: string }[];
  readonly lastReady: ReadyOutcome | null;
  readonly lastRally: RallyOutcome | null;
  readonly lastFinish: FinishOutcome | null;
  /** [LFG-34] The latest intercept (null when its interceptor is hidden). */
  readonly lastIntercept: InterceptOutcome | null;
  /** [LFG-33] Whether each visible combatant of the current turn still has its action and its move (a second move spends the action); null when the table does not track it. */
  readonly turnLeft: readonly { readonly combatantId: CombatantId; readonly action: boolean; readonly move: boolean }[] | null;
}
