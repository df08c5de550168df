import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { groupOf } from './redis-rate-store.js';

interface Window {
  current: number;
  /** When the window ends (ms since 1970). */
  endsAt: number;
}

/**
 * @fastify/rate-limit's store on a single node (no Redis): the same fixed windows as the Redis store,
 * counted per limit's group rather than per `app.rateLimit()` call. The plugin's own LocalStore gives
 * every call its own count, so the new-encounter budget that the encounter routes and the library
 * routes each set up was two budgets on one node (ten creations at a limit of five).
 * `maxClients`: clients remembered per group; the least recently seen are forgotten past it.
 */
export function memoryRateLimitStore(maxClients: number, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  const groups = new Map<string, Map<string, Window>>();
  return class MemoryRateLimitStore implements FastifyRateLimitStore {
    private readonly windows: Map<string, Window>;

    /** The plugin calls `new Store(options)` for its root store; limits get theirs from `child`. */
    constructor(_options: FastifyRateLimitOptions, group = 'default') {
      const windows = groups.get(group) ?? new Map<string, Window>();
      groups.set(group, windows);
      this.windows = windows;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = now();
      const held = this.windows.get(key);
      const window = held && held.endsAt > at ? { current: held.current + 1, endsAt: held.endsAt } : { current: 1, endsAt: at + timeWindow };
      // Re-inserted last: a Map keeps insertion order, so the first key is the least recently seen.
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > maxClients) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      callback(null, { current: window.current, ttl: window.endsAt - at });
    }

    child(options: object): FastifyRateLimitStore {
      return new MemoryRateLimitStore({}, groupOf(options));
    }
  };
}
