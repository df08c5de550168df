// [DC20-33] [DC20-34] Time in combat: a round is 12 seconds; an effect lasting N rounds runs from the
// start of its creator's turn to the start of that creature's turn N rounds later.
import type { CombatantId, SlotId } from '../../core/model.js';

export const ROUND_SECONDS = 12;
export const ROUNDS_PER_MINUTE = 5;

export const roundsToSeconds = (rounds: number): number => rounds * ROUND_SECONDS;

export interface RoundDuration {
  readonly creatorId: CombatantId;
  /** The round whose turn of the creator produced the effect. */
  readonly startRound: number;
  readonly rounds: number;
  /** The turn it was produced in: the fallback anchor when the creator no longer takes turns. */
  readonly anchorSlotId: SlotId;
}

export const startDuration = (creatorId: CombatantId, round: number, slotId: SlotId, rounds: number): RoundDuration => ({
  creatorId,
  startRound: round,
  rounds,
  anchorSlotId: slotId,
});

export const endRound = (d: RoundDuration): number => d.startRound + d.rounds;

export interface TurnStart {
  readonly round: number;
  readonly slotId: SlotId;
  readonly actorIds: readonly CombatantId[];
}

/**
 * Whether the effect ends as this turn starts: the creator's turn N rounds later (a delayed creator is
 * followed to its new turn). A creator that is out of the fight has no turn, so its effect ends when
 * the turn it was made in comes round again (started or skipped).
 */
export function endsAtTurnStart(d: RoundDuration, turn: TurnStart, creatorInFight: boolean): boolean {
  if (turn.round < endRound(d)) return false;
  return creatorInFight ? turn.actorIds.includes(d.creatorId) : turn.slotId === d.anchorSlotId;
}
