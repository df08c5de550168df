import { describe, expect, it } from 'vitest';
import { REST_PARTS } from '@roundkeeper/rules/core';
import { restPartLabel } from './rest-words.js';

describe('what a rest restores, in words', () => {
  it('offers only what the system counts: temporary hit points with hit points, strain with wounds', () => {
    const offered = (form: Parameters<typeof restPartLabel>[1]) => REST_PARTS.filter((p) => restPartLabel(p, form) !== null);
    expect(offered({ kind: 'hit-points', temp: true })).toEqual(['health', 'temp', 'conditions']);
    expect(offered({ kind: 'hit-points', temp: false })).toEqual(['health', 'conditions']);
    expect(offered({ kind: 'wounds', strain: true })).toEqual(['health', 'strain', 'conditions']);
    expect(restPartLabel('health', { kind: 'wounds', strain: true })).toBe('Wounds healed');
  });
});
