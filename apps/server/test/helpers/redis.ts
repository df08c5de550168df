import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/** Keys deleted per round trip when cleaning up. */
const SCAN_BATCH = 100;

export interface TestRedis {
  readonly url: string;
  /** Unique per run (REDIS_KEY_PREFIX): runs sharing the machine's Redis never read each other's streams. */
  readonly keyPrefix: string;
  /** Number of keys under the prefix (the stream, recovery sessions). */
  countKeys(): Promise<number>;
  /** Deletes every key under the prefix. Call after every server using it has stopped. */
  drop(): Promise<void>;
}

/** The machine's Redis under a fresh key prefix; fails loudly (never skips) when Redis does not answer. */
export async function createTestRedis(): Promise<TestRedis> {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const client = createClient({ url, socket: { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Redis is not reachable at ${url} (${reason}). The scale-out suite needs a running Redis; start one or set TEST_REDIS_URL.`);
  }
  const keyPrefix = `rk-test-${randomBytes(6).toString('hex')}`;
  const keys = async (): Promise<string[]> => {
    const found: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${keyPrefix}:*`, COUNT: SCAN_BATCH })) found.push(...batch);
    return found;
  };
  return {
    url,
    keyPrefix,
    countKeys: async () => (await keys()).length,
    drop: async () => {
      const found = await keys();
      if (found.length > 0) await client.del(found);
      await client.close();
    },
  };
}
