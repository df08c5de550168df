// [ENG-39] [ENG-40] [ENG-41] [ENG-42] The turn timer: an optional limit per turn, in real seconds.
// The rules never read a clock: the server passes its time into `decide` (`DecideMoment.now`), which
// stamps every turn start with it, so the stamp is a fact in the log and replay, export and import
// give the same deadlines.
import type { EncounterEvent } from './events.js';
import type { FlagDef } from './flags.js';
import type { EncounterState, TurnPin } from './model.js';

export type { TurnPin };

/** Real seconds a turn may last; 0: no timer. */
export const TURN_SECONDS_OPTION = 'turnSeconds';
/** What happens at 0: the turn shows as overtime (counting up), or the server ends it by itself. */
export const TURN_TIMEOUT_OPTION = 'turnTimeout';
export const TURN_TIMEOUTS = ['overtime', 'auto-end'] as const;
export type TurnTimeout = (typeof TURN_TIMEOUTS)[number];
/** An hour: longer than any turn a table would time, short enough to catch a typo of minutes for seconds. */
export const MAX_TURN_SECONDS = 3600;

/**
 * Defaults: no timer (most tables play without one), and overtime rather than auto-end once set: ending
 * someone's turn by itself is the stronger choice, so the GM makes it.
 */
export const TIMER_FLAGS: Readonly<Record<string, FlagDef>> = {
  [TURN_SECONDS_OPTION]: { kind: 'integer', min: 0, max: MAX_TURN_SECONDS, default: 0 },
  [TURN_TIMEOUT_OPTION]: { kind: 'choice', values: TURN_TIMEOUTS, default: 'overtime' },
};

export interface TurnTimer {
  readonly seconds: number;
  readonly onTimeout: TurnTimeout;
}

const isTimeout = (v: unknown): v is TurnTimeout => TURN_TIMEOUTS.some((t) => t === v);

/** The encounter's timer, or null when it has none (an encounter made before timers reads none). */
export function turnTimerOf(state: Pick<EncounterState, 'options'>): TurnTimer | null {
  const seconds = state.options[TURN_SECONDS_OPTION];
  const onTimeout = state.options[TURN_TIMEOUT_OPTION];
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0) return null;
  return { seconds, onTimeout: isTimeout(onTimeout) ? onTimeout : 'overtime' };
}


/** The current turn as a pin, or undefined when there is no turn or it has no stamp. */
export function pinOf(state: EncounterState): TurnPin | undefined {
  const turn = state.turn;
  if (state.phase !== 'active' || !turn || turn.startedAt === undefined) return undefined;
  return { slotId: turn.slotId, round: state.round, startedAt: turn.startedAt };
}

export const samePin = (a: TurnPin, b: TurnPin): boolean =>
  a.slotId === b.slotId && a.round === b.round && a.startedAt === b.startedAt;

/**
 * [ENG-39] The stamp a turn starting at `now` gets: never at or before the current turn's, so two turns
 * that follow each other always have different pins even when two servers' clocks disagree a little.
 */
export function turnStamp(state: EncounterState, now: number): number {
  const previous = state.turn?.startedAt;
  return previous !== undefined && previous >= now ? previous + 1 : now;
}

/**
 * [ENG-39] Every 'turn-started' and 'turn-claimed' among `events` with the stamp `at`: a claimed open
 * slot starts the clock afresh for whoever took it (the choice was timed too, from the slot's start).
 */
export const stampTurns = (events: readonly EncounterEvent[], at: number): EncounterEvent[] =>
  events.map((e) => (e.type === 'turn-started' || e.type === 'turn-claimed' ? { ...e, at } : e));

/**
 * [ENG-42] How many turns in a row the timer may end by itself: a round's worth (one per combatant
 * still standing). Beyond it nobody is at the table, and a fight left open on a stream's overlay must
 * not run through rounds on its own; the turn then shows overtime until someone does something.
 */
export const timerStreakLimit = (state: EncounterState): number => Math.max(1, state.combatants.filter((c) => !c.defeated).length);

/** [ENG-41] When the server must end the current turn by itself, and which turn that is; undefined: never. */
export function autoEndDue(state: EncounterState): { readonly pin: TurnPin; readonly deadline: number } | undefined {
  const timer = turnTimerOf(state);
  const pin = pinOf(state);
  if (!timer || timer.onTimeout !== 'auto-end' || !pin) return undefined;
  if ((state.timerStreak ?? 0) >= timerStreakLimit(state)) return undefined;
  return { pin, deadline: pin.startedAt + timer.seconds * 1000 };
}
