// [ENG-39] [ENG-40] [ENG-42] How the turn timer's facts apply: stamps on turns, the clock of a turn
// that undo or redo brings back, and the count of turns the timer ended in a row.
import type { CommandAppliedBy } from '../events.js';
import type { CombatantId, CurrentTurn, EncounterState, SlotId } from '../model.js';

export const stampedTurn = (slotId: SlotId, actorIds: readonly CombatantId[], at: number | undefined): CurrentTurn =>
  at === undefined ? { slotId, actorIds } : { slotId, actorIds, startedAt: at };

/** [ENG-42] One more turn ended by the timer, or none in a row once anybody else does something. */
export function withTimerStreak(state: EncounterState, by: CommandAppliedBy): EncounterState {
  if (by === 'timer') return { ...state, timerStreak: (state.timerStreak ?? 0) + 1 };
  if (state.timerStreak === undefined) return state;
  const { timerStreak: _cleared, ...rest } = state;
  return rest;
}

const sameTurn = (a: EncounterState, b: EncounterState): boolean =>
  a.round === b.round && a.turn?.slotId === b.turn?.slotId && a.turn?.startedAt === b.turn?.startedAt;

/**
 * [ENG-40] Undo and redo swap whole states; a turn they bring back (a different one from before the
 * swap) starts its clock again at `at`, the moment of the undo: its old stamp would have it time out at
 * once (an auto-end would end again the very turn the GM just gave back). The count of timer ends in a
 * row starts over: the GM did something.
 */
export function restampSwapped(before: EncounterState, after: EncounterState, at: number | undefined): EncounterState {
  const cleared = withTimerStreak(after, 'gm');
  const turn = cleared.turn;
  if (at === undefined || !turn || turn.startedAt === undefined || sameTurn(before, cleared)) return cleared;
  return { ...cleared, turn: { ...turn, startedAt: at } };
}
