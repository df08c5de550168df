import type { EncounterView } from '@roundkeeper/rules/core';

// [ENG-39] The turn timer as a screen shows it: the time left of the current turn, in the server's
// clock. `turn.startedAt` is the server's stamp; the device's clock is corrected by the offset the
// connection measured (server minus device), so a phone whose clock is minutes off still shows the
// right count, and a phone that reconnects mid-turn shows what is left, not a fresh limit.

/** Seconds left at which the acting player's phone vibrates once. */
export const WARNING_SECONDS = 10;

export interface TurnClock {
  /** Milliseconds left; negative in overtime. */
  readonly remainingMs: number;
  readonly limitSeconds: number;
  readonly overtime: boolean;
  readonly onTimeout: 'overtime' | 'auto-end';
  /** Tells one turn from the next (a restarted clock after an undo is a new one). */
  readonly key: string;
}

/** The current turn's clock, or null without a timer, a visible turn or a stamp. */
export function turnClock(view: Pick<EncounterView, 'turn' | 'turnTimer' | 'phase' | 'round'>, deviceNow: number, clockOffset: number | null): TurnClock | null {
  const { turn, turnTimer } = view;
  if (view.phase !== 'active' || !turn || turn.startedAt === undefined || !turnTimer) return null;
  const serverNow = deviceNow + (clockOffset ?? 0);
  // Never more than the limit: a screen's last tick may predate the stamp of a turn that just began
  // (or the measured offset be a little off), and "0:13" of a 12-second turn would look broken.
  const remainingMs = Math.min(turn.startedAt + turnTimer.seconds * 1000 - serverNow, turnTimer.seconds * 1000);
  return {
    remainingMs,
    limitSeconds: turnTimer.seconds,
    overtime: remainingMs <= 0,
    onTimeout: turnTimer.onTimeout,
    key: `${turn.slotId}:${view.round}:${turn.startedAt}`,
  };
}

/** "0:42" left, or "+0:07" in overtime; whole seconds, rounded so that 0:01 shows until the last instant. */
export function clockText(clock: Pick<TurnClock, 'remainingMs' | 'overtime'>): string {
  const seconds = clock.overtime ? Math.floor(-clock.remainingMs / 1000) : Math.ceil(clock.remainingMs / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return clock.overtime ? `+${text}` : text;
}

/** Whether the warning is due: at or under WARNING_SECONDS left, still before 0. */
export const warningDue = (clock: TurnClock): boolean => !clock.overtime && clock.remainingMs <= WARNING_SECONDS * 1000;
