import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClusterConfig } from '../config.js';
import { memoryRateLimitStore } from '../http/memory-rate-store.js';
import { redisRateLimitStore } from '../http/redis-rate-store.js';
import { connectWithin } from '../realtime/redis-cluster.js';

/**
 * A count in Redis that takes longer than this is given up on: the request is let through rather than
 * held while Redis is slow or away (see skipOnError below).
 */
const RATE_COUNT_TIMEOUT_MS = 500;
/** Clients remembered per limit on a single node (no Redis): the least recently seen are forgotten past it. */
const LOCAL_CLIENTS_PER_LIMIT = 10_000;

/**
 * @fastify/rate-limit, with no limit of its own (`global: false`): routes add theirs with
 * `clientLimit`. On a cluster (REDIS_URL) the counts live in Redis, so a client's budget is one budget
 * whichever node it reaches; alone, in memory. Either way a limit's count is its group's: routes
 * that share a group (creating, importing, a library, a party's encounter) share one budget.
 *
 * The counts use their own Redis connection, which refuses commands while Redis is away instead of
 * queueing them (the realtime link's connection must queue): a count that cannot be made lets the
 * request through (`skipOnError`). The limits are a brake on guessing and flooding, and a Redis outage
 * should not also lock every player out of joining.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, options: { cluster?: ClusterConfig }) => {
    const { cluster } = options;
    let store = memoryRateLimitStore(LOCAL_CLIENTS_PER_LIMIT);
    if (cluster) {
      // Loaded only for a cluster, as in redis-cluster.ts.
      const { createClient } = await import('redis');
      const client = createClient({ url: cluster.redisUrl, disableOfflineQueue: true, commandOptions: { timeout: RATE_COUNT_TIMEOUT_MS } });
      // node-redis reconnects by itself; an 'error' without a listener would crash the process instead.
      client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection trouble (rate limits)'));
      await connectWithin(client, cluster.redisUrl);
      app.addHook('onClose', async () => {
        if (client.isOpen) await client.close();
      });
      store = redisRateLimitStore(client, cluster.keyPrefix);
    }
    await app.register(fastifyRateLimit, {
      global: false,
      skipOnError: true,
      store,
    });
  },
  { name: 'rate-limits' },
);
