// [ENG-35] In-game time: a round's length where the system's text gives one (SystemMeta.roundSeconds),
// and durations in seconds or minutes turned into the rounds the engine counts.

export const TIME_UNITS = ['seconds', 'minutes'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** A duration as the GM says it: "1 minute", "30 seconds". */
export interface GameDuration {
  readonly amount: number;
  readonly unit: TimeUnit;
}

const SECONDS_PER: Readonly<Record<TimeUnit, number>> = { seconds: 1, minutes: 60 };

/**
 * The rounds a duration covers: every round it reaches into counts, so a duration never ends before
 * the time it names (30 seconds of 12-second rounds are 3 rounds; a minute of them is 5, as DC20 says).
 */
export const roundsFor = (duration: GameDuration, roundSeconds: number): number =>
  Math.ceil((duration.amount * SECONDS_PER[duration.unit]) / roundSeconds);

/** In-game seconds passed when round `round` begins (0 before and at round 1). */
export const secondsBeforeRound = (round: number, roundSeconds: number): number => Math.max(round - 1, 0) * roundSeconds;
