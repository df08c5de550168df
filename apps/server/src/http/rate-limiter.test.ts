import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows max attempts per window per key, then says how long to wait', () => {
    let now = 1_000;
    const limiter = new RateLimiter({ max: 2, windowMs: 100 }, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('b')]).toEqual([0, 0, 0]);
    now += 40;
    expect(limiter.hit('a')).toBe(60);
    now += 60;
    expect(limiter.hit('a')).toBe(0);
  });
});
