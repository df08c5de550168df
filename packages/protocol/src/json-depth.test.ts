import { describe, expect, it } from 'vitest';
import { depthExceededAt } from './json-depth.js';

describe('depthExceededAt', () => {
  it('finds the bracket that opens one level too many, arrays and objects alike', () => {
    expect(depthExceededAt('[[1]]', 2)).toBeUndefined();
    expect(depthExceededAt('[[[1]]]', 2)).toBe(2);
    expect(depthExceededAt('{"a":{"b":[1]}}', 2)).toBe(10);
    expect(depthExceededAt('[1],[2],[3]', 1)).toBeUndefined();
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(depthExceededAt('["[[[[", "\\"[[[["]', 1)).toBeUndefined();
    expect(depthExceededAt('{"k\\\\":[[1]]}', 2)).toBe(8);
  });

  it('walks 200,000 unclosed brackets without recursion', () => {
    expect(depthExceededAt('['.repeat(200_000), 64)).toBe(64);
  });
});
