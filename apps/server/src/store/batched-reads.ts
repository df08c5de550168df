import DataLoader from 'dataloader';

/**
 * Keys per statement. The statements take their keys as one array parameter, so this bounds only how
 * much one answer holds; a reconnect storm's batches are mostly far smaller.
 */
export const MAX_KEYS_PER_STATEMENT = 256;

/**
 * Reads of one kind answered by one statement for all the keys asked meanwhile, as appends share a
 * group commit: while a statement of this kind is under way, keys asked wait for the next one, which
 * takes them all; when none is, a key waits only until the event loop has taken what arrived with it
 * (setImmediate). So a quiet node pays no wait, and a node whose sockets all come back at once (a
 * restart) sends a few statements with many keys each instead of one per socket: on this 2-core
 * machine a statement's write to PostgreSQL cost more than its work (docs/performance.md).
 * Nothing is cached: every statement starts after the keys it answers were asked, so no answer is
 * staler than a read of its own. `answer` gets the keys in order and returns one value per key.
 */
export function batchedRead<K, V>(answer: (keys: readonly K[]) => Promise<readonly V[]>): (key: K) => Promise<V> {
  let underWay = 0;
  let waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V, K>(
    async (keys) => {
      underWay += 1;
      try {
        return [...(await answer(keys))];
      } finally {
        underWay -= 1;
        if (underWay === 0) {
          const runs = waiting;
          waiting = [];
          for (const run of runs) run();
        }
      }
    },
    {
      cache: false,
      // Called once per new batch, which takes every key asked until it runs (or until it is full).
      batchScheduleFn: (run) => {
        if (underWay > 0) waiting.push(run);
        else setImmediate(run);
      },
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
