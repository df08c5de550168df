import { describe, expect, it } from 'vitest';
import { joinCodeSchema } from './http.js';
import { displayJoinCode, joinCodeProblem } from './join-code.js';
import { httpStatusOf } from './errors.js';

describe('join codes', () => {
  it('normalise case and whitespace', () => {
    expect(joinCodeSchema.parse(' abc234 ')).toBe('ABC234');
  });
  it('accept codes as people type them: lower case, spaces, a dash in the middle', () => {
    expect(joinCodeSchema.parse('abc-234')).toBe('ABC234');
    expect(joinCodeSchema.parse('abc 234')).toBe('ABC234');
    expect(joinCodeSchema.parse('Abc – 234')).toBe('ABC234');
  });
  it('say what is wrong with a typed code in a sentence', () => {
    expect(joinCodeProblem('abc-234')).toBeNull();
    expect(joinCodeProblem('abc')).toBe('A join code has 6 letters and digits; that one has 3.');
    expect(joinCodeProblem('abc-230')).toMatch(/^A join code has no "0" \(codes avoid 0, O, 1, I and L/);
    expect(joinCodeProblem('')).toMatch(/^Type the code your GM shows/);
    expect(displayJoinCode('ABC234')).toBe('ABC-234');
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
