/** How many attempts a client may make per window. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Beyond this many clients tracked at once, expired windows are swept; past it even after a sweep the
 * oldest are forgotten, so a flood of addresses cannot grow memory without bound.
 */
const MAX_TRACKED_CLIENTS = 10_000;

/** A fixed-window counter per key (the client's IP). In memory, per node: a brake on guessing, not a quota. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; returns the milliseconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.limit.windowMs) {
      this.windows.delete(key);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      this.bound(now);
    }
    window.count++;
    return window.count > this.limit.max ? window.start + this.limit.windowMs - now : 0;
  }

  private bound(now: number): void {
    if (this.windows.size <= MAX_TRACKED_CLIENTS) return;
    for (const [key, w] of this.windows) if (now - w.start >= this.limit.windowMs) this.windows.delete(key);
    // Map order is insertion order: the first keys are the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MAX_TRACKED_CLIENTS) break;
      this.windows.delete(key);
    }
  }
}
