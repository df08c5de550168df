import { describe, expect, it } from 'vitest';
import { joinCodeSchema } from './http.js';
import { httpStatusOf } from './errors.js';

describe('join codes', () => {
  it('normalise case and whitespace', () => {
    expect(joinCodeSchema.parse(' abc234 ')).toBe('ABC234');
  });
  it('refuse look-alike characters and wrong lengths', () => {
    expect(joinCodeSchema.safeParse('ABC230').success).toBe(false); // 0 is not in the alphabet
    expect(joinCodeSchema.safeParse('ABCDE').success).toBe(false);
    expect(joinCodeSchema.safeParse('ABCDEFG').success).toBe(false);
  });
});

describe('error codes', () => {
  it('map to HTTP statuses in one place', () => {
    expect(httpStatusOf('bad-request')).toBe(400);
    expect(httpStatusOf('unauthorized')).toBe(401);
    expect(httpStatusOf('forbidden')).toBe(403);
    expect(httpStatusOf('not-found')).toBe(404);
    expect(httpStatusOf('rate-limited')).toBe(429);
    expect(httpStatusOf('not-your-turn')).toBe(409);
    expect(httpStatusOf('internal')).toBe(500);
  });
});
