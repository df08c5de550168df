import { secondsBeforeRound, type EncounterView } from '@roundkeeper/rules/core';

// [ENG-35] The fight's in-game time, where the system gives a round's length: when the current round
// began, counted from the first ("Round 6 · 1:00 in", DC20's five 12-second rounds a minute).

const SECONDS_PER_MINUTE = 60;

/** "1:00": minutes and seconds. */
export const clock = (seconds: number): string =>
  `${Math.floor(seconds / SECONDS_PER_MINUTE)}:${String(seconds % SECONDS_PER_MINUTE).padStart(2, '0')}`;

/** "1:00 in" once combat runs in a system with a round's length; null otherwise. */
export function gameTimeLabel(view: Pick<EncounterView, 'round' | 'roundSeconds' | 'phase'>): string | null {
  if (view.roundSeconds === null || view.round < 1 || (view.phase !== 'active' && view.phase !== 'ended')) return null;
  return `${clock(secondsBeforeRound(view.round, view.roundSeconds))} in`;
}

/** "12 s a round": the hint beside a duration in time. */
export const roundLengthHint = (roundSeconds: number): string => `a round is ${roundSeconds} s`;
