import type { LookupJoinResponse } from '@roundkeeper/protocol';
import { lookupJoin, RetryLater } from './join-api.js';

// [issue 28] A player who asked the GM to free their character waits on the seat list; it used to
// change only when they tapped Refresh. The page looks again on its own until the seat is free.
// Looking up costs one of the join rate limit's attempts (30 a minute per address, and a table often
// shares one address): every 6 s is 10 a minute, and a "come back later" answer waits as long as asked.

/** How often the waiting page looks at the seats again. */
export const FREED_SEAT_POLL_MS = 6_000;
const MS_PER_SECOND = 1_000;

/**
 * Looks the code up every `FREED_SEAT_POLL_MS` (not while the page is hidden) and calls `onfree` with
 * the answer once `combatantId`'s seat is no longer taken. Returns how to stop.
 */
export function watchForFreedSeat(joinCode: string, combatantId: string, onfree: (found: LookupJoinResponse) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (ms: number) => {
    if (!stopped) timer = setTimeout(look, ms);
  };
  async function look(): Promise<void> {
    if (document.hidden) return next(FREED_SEAT_POLL_MS);
    try {
      const found = await lookupJoin(joinCode);
      if (stopped) return;
      if (!found.joinLocked && found.seats.some((s) => s.combatantId === combatantId && !s.taken)) onfree(found);
      else next(FREED_SEAT_POLL_MS);
    } catch (e) {
      // Asked to wait (rate limit, busy): as long as the server said; anything else: the usual pace.
      next(e instanceof RetryLater && e.retryAfterSeconds !== null ? e.retryAfterSeconds * MS_PER_SECOND : FREED_SEAT_POLL_MS);
    }
  }
  next(FREED_SEAT_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
