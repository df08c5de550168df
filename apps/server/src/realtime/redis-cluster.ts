import { once } from 'node:events';
import type { createAdapter } from '@socket.io/redis-streams-adapter';
import type { createClient } from 'redis';
import type { ClusterConfig } from '../config.js';

// Redis and its adapter are imported only when a node is configured for a cluster (REDIS_URL): node-redis
// takes ~80 ms to load, a tenth of a lone node's start, and a restarted node's clients wait for its start
// (docs/performance-log.md, the reconnect storm).

/**
 * Stream entries per second at the cluster's peak. The stream carries one small notice per committed
 * command (never a view: those are computed and sent by each node), plus seat removals and the
 * adapter's heartbeats. A table commits far below one command a second; 500 a second is hundreds of
 * busy tables at once on one cluster.
 */
const PEAK_STREAM_ENTRIES_PER_SECOND = 500;
/**
 * How long a node's stream reader may lose Redis and still catch up without a gap. (Socket.IO's
 * connection state recovery, which would also read it, is off: every connect gets the current view.)
 */
const STREAM_HISTORY_SECONDS = 120;
/** Headroom over the product, because Redis trims "~" (roughly) and peaks are guesses. */
const STREAM_HEADROOM = 1.5;
/** Peak entries × history: 500 × 120 × 1.5 = 90,000 entries of ~200 bytes, about 18 MB of Redis. */
export const STREAM_MAX_LEN = PEAK_STREAM_ENTRIES_PER_SECOND * STREAM_HISTORY_SECONDS * STREAM_HEADROOM;

/** A node that cannot reach Redis at start refuses to start rather than run cut off from its peers. */
const REDIS_CONNECT_TIMEOUT_MS = 10_000;

type RedisClient = ReturnType<typeof createClient>;

export interface RedisCluster {
  /** The Socket.IO adapter factory, for `new Server(…, { adapter })`. */
  readonly adapter: ReturnType<typeof createAdapter>;
  /** Resolves once the adapter reads the stream, so notices sent from then on reach this node. */
  listening(): Promise<void>;
  /** Calls `listener` each time the link to Redis is back after a loss (not on the first connect). */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

/** Redis key names derived from the prefix: the stream, the pub/sub channels and the (unused) recovery sessions. */
export const redisKeys = (prefix: string) => ({
  streamName: `${prefix}:socket.io`,
  channelPrefix: `${prefix}:socket.io`,
  sessionKeyPrefix: `${prefix}:session:`,
});

/** Connects, or destroys the client and throws after REDIS_CONNECT_TIMEOUT_MS (node-redis alone would retry forever). */
export async function connectWithin(client: RedisClient, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis at ${url} did not answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)), REDIS_CONNECT_TIMEOUT_MS);
  });
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Connects to Redis and builds the Redis Streams adapter that links this node to the others. */
export async function connectRedisCluster(config: ClusterConfig, onError: (error: Error) => void): Promise<RedisCluster> {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-streams-adapter')]);
  const client: RedisClient = createClient({ url: config.redisUrl });
  // node-redis reconnects by itself; an 'error' without a listener would crash the process instead.
  client.on('error', onError);
  await connectWithin(client, config.redisUrl);

  // The adapter reads the stream (and listens for replies) on duplicates of the client; noting them lets
  // start-up wait until it reads, so a peer's notice sent right after our /api/ready is not missed.
  const duplicates: ({ readonly isReady: boolean } & NodeJS.EventEmitter)[] = [];
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((...args: Parameters<typeof duplicate>) => {
    const copy = duplicate(...args);
    duplicates.push(copy);
    return copy;
  }) as typeof client.duplicate;

  // The adapter sends its heartbeats and other "ephemeral" messages with PUBLISH and drops the promise
  // (@socket.io/redis-streams-adapter 0.3.1): with Redis away it rejects unhandled, which would end the
  // process. Each promise gets a handler here; callers that do await it still see the rejection.
  const publish = client.publish.bind(client);
  Object.defineProperty(client, 'publish', {
    value: (...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch(() => {});
      return sent;
    },
  });

  const adapter = createAdapter(client, { ...redisKeys(config.keyPrefix), maxLen: STREAM_MAX_LEN, onlyPlaintext: true });
  // Registered after the first connect: every 'ready' from now on is a reconnection.
  const reconnectListeners: (() => void)[] = [];
  client.on('ready', () => reconnectListeners.forEach((listener) => listener()));
  return {
    adapter,
    onReconnect: (listener) => void reconnectListeners.push(listener),
    listening: async () => {
      await Promise.all(duplicates.map((d) => (d.isReady ? undefined : once(d, 'ready'))));
      // The reader issues its first XREAD in the continuation after its connect resolves.
      await new Promise((resolve) => setImmediate(resolve));
    },
    // The adapter's own close (via Socket.IO) stops its readers; this closes the client it writes with.
    close: async () => {
      if (client.isOpen) await client.close();
    },
  };
}
