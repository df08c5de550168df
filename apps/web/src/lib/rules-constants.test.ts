import { describe, expect, it } from 'vitest';
import * as rules from '@roundkeeper/rules';
import { DEFAULT_PHYSICAL_DICE, PHYSICAL_DICE, SIDES } from './rules-constants.js';

describe('rules constants copied for the console', () => {
  it('equal the rules’ own', () => {
    expect(SIDES).toEqual(rules.SIDES);
    expect(PHYSICAL_DICE).toEqual(rules.PHYSICAL_DICE);
    expect(DEFAULT_PHYSICAL_DICE).toBe(rules.DEFAULT_PHYSICAL_DICE);
  });
});
