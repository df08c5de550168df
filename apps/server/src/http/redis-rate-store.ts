import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;

/**
 * One fixed window per key, as the plugin's own stores count: the first hit starts the window (its
 * expiry), later hits only count and read the time left. One script, so two nodes counting the same
 * client at once cannot both start a window. The `ttl < 0` branch mends a key left without expiry.
 */
const FIXED_WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return { current, tonumber(ARGV[1]) }
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The limit's name, which the store turns into its key space; the plugin hands each limit's merged options to `child`. */
export function groupOf(options: object): string {
  const group = 'groupId' in options ? options.groupId : undefined;
  if (typeof group !== 'string' || group === '') throw new Error('every rate limit names its groupId: it is the limit\'s key space in Redis');
  return group;
}

/**
 * @fastify/rate-limit's store over the server's node-redis client (the plugin's built-in Redis store
 * expects ioredis). Keys: `<prefix>:rate:<group>:<client>`, so the nodes of a cluster (one
 * REDIS_KEY_PREFIX) share every count, and another cluster on the same Redis counts apart.
 */
export function redisRateLimitStore(client: RedisClient, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    private readonly keySpace: string;

    /** The plugin calls `new Store(options)` for its root store; limits get theirs from `child`. */
    constructor(_options: FastifyRateLimitOptions, group = 'default') {
      this.keySpace = `${keyPrefix}:rate:${group}:`;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      client.eval(FIXED_WINDOW_SCRIPT, { keys: [this.keySpace + key], arguments: [String(timeWindow)] }).then(
        (reply) => {
          const [current, ttl] = Array.isArray(reply) ? reply : [];
          if (!isCount(current) || !isCount(ttl)) return callback(new Error(`unexpected rate-limit reply from Redis: ${JSON.stringify(reply)}`));
          callback(null, { current, ttl });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new RedisRateLimitStore({}, groupOf(options));
    }
  };
}
