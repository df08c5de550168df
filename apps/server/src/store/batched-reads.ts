import DataLoader from 'dataloader';

/**
 * Keys per statement. The statements take their keys as one array parameter, so this bounds only how
 * much one answer holds; a reconnect storm's batches are mostly far smaller.
 */
export const MAX_KEYS_PER_STATEMENT = 256;

/**
 * The least time between the starts of two statements of one kind. A node whose sockets all come back
 * at once (a restart) asks ~1,500 handshakes a second; a statement answers in well under a millisecond,
 * so without a spacing nearly every key had a statement of its own, and on this 2-core machine a
 * statement's write to PostgreSQL (and the reply's parse) cost more than its work: 20% of a storm's CPU
 * (docs/performance-log.md). With it, a busy kind sends at most one statement per spacing, holding all the
 * keys asked meanwhile; a key asked when none was sent for that long goes at once. So the wait it adds
 * is at most this, and only to reads that arrive close together (handshakes, room loads, seat lists);
 * a command's append never waits for it (the group commit has no timer).
 */
export const STATEMENT_SPACING_MS = 5;

/**
 * Reads of one kind answered by one statement for all the keys asked meanwhile, as appends share a
 * group commit: while a statement of this kind is under way, or less than `spacingMs` after one
 * started, keys asked wait for the next one, which takes them all; otherwise a key waits only until the
 * event loop has taken what arrived with it (setImmediate). So a quiet node pays no wait, and a node
 * whose sockets all come back at once sends a few statements with many keys each instead of one per
 * socket. Nothing is cached: every statement starts after the keys it answers were asked, so no answer
 * is staler than a read of its own. `answer` gets the keys in order and returns one value per key.
 */
export function batchedRead<K, V>(answer: (keys: readonly K[]) => Promise<readonly V[]>, spacingMs = STATEMENT_SPACING_MS): (key: K) => Promise<V> {
  let underWay = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let waiting: (() => void)[] = [];
  /** `now`: keys that waited for a statement under way go as it ends (when spaced enough), not a turn later. */
  const schedule = (run: () => void, now = false): void => {
    if (underWay > 0) return void waiting.push(run);
    const wait = lastStart + spacingMs - performance.now();
    if (wait > 0) setTimeout(run, wait);
    else if (now) run();
    else setImmediate(run);
  };
  const loader = new DataLoader<K, V, K>(
    async (keys) => {
      underWay += 1;
      lastStart = performance.now();
      try {
        return [...(await answer(keys))];
      } finally {
        underWay -= 1;
        if (underWay === 0) {
          const runs = waiting;
          waiting = [];
          for (const run of runs) schedule(run, true);
        }
      }
    },
    {
      cache: false,
      // Called once per new batch, which takes every key asked until it runs (or until it is full).
      batchScheduleFn: (run) => schedule(run),
      maxBatchSize: MAX_KEYS_PER_STATEMENT,
    },
  );
  return (key) => loader.load(key);
}

/**
 * `batchedRead` for reads by encounter: one statement for the ids asked (each once), each id answered
 * with its own rows (none when the statement found none), in the statement's order.
 */
export function batchedByEncounter<R extends { readonly encounterId: string }>(rowsFor: (encounterIds: readonly string[]) => Promise<readonly R[]>): (encounterId: string) => Promise<R[]> {
  return batchedRead(async (asked: readonly string[]) => {
    const byId = new Map<string, R[]>();
    for (const row of await rowsFor([...new Set(asked)])) {
      const rows = byId.get(row.encounterId);
      if (rows) rows.push(row);
      else byId.set(row.encounterId, [row]);
    }
    return asked.map((id) => byId.get(id) ?? []);
  });
}
