// Challenge and XP: the SRD 5.1's "Experience Points by Challenge Rating" and the SRD 5.2's
// "XP Budget per Character" (Combat Encounters), with the examples the SRD 5.2 gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encounterDifficulty, encounterXp, xpBudget, xpForChallenge } from '../src/systems/dnd5e/challenge.js';

describe('challenge and XP', () => {
  it('[DND-31] XP by challenge rating as the SRD 5.1 table gives it, fractions as written or as decimals', () => {
    expect(['0', '1/8', '1/4', '1/2', '1', '5', '17', '30'].map(xpForChallenge)).toEqual([10, 25, 50, 100, 200, 1800, 18000, 155000]);
    expect(xpForChallenge('0.25')).toBe(50);
    expect(xpForChallenge('31')).toBeUndefined();
  });

  it('[DND-31] the total counts every creature, the SRD’s own XP first, and says how many have no rating', () => {
    const goblins = Array.from({ length: 4 }, () => ({ cr: '1/4' }));
    expect(encounterXp([...goblins, { cr: '17' }, { cr: '0', xp: 0 }, {}])).toEqual({ total: 4 * 50 + 18000, unrated: 1 });
  });

  it('[DND-32] the SRD 5.2’s own examples: four level 1 characters, five level 3, six level 15', () => {
    expect(xpBudget([1, 1, 1, 1]).low).toBe(200);
    // 1 Bugbear Warrior (200 XP), 2 Giant Wasps (100 each), 6 Giant Rats (25 each): all low.
    for (const xp of [200, 2 * 100, 6 * 25]) expect(encounterDifficulty(xp, [1, 1, 1, 1])).toBe('low');
    expect(xpBudget([3, 3, 3, 3, 3]).moderate).toBe(1125);
    expect(encounterDifficulty(2 * 450 + 9 * 25, [3, 3, 3, 3, 3])).toBe('moderate');
    expect(xpBudget([15, 15, 15, 15, 15, 15]).high).toBe(46800);
    expect(encounterDifficulty(2 * 18000 + 2 * 5000, [15, 15, 15, 15, 15, 15])).toBe('high');
    expect(encounterDifficulty(46801, [15, 15, 15, 15, 15, 15])).toBe('beyond-high');
    expect(encounterDifficulty(100, [])).toBeUndefined();
  });

  it('[DND-32] more XP is never an easier fight, and the budgets grow with the party', () => {
    const order = ['low', 'moderate', 'high', 'beyond-high'];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }), fc.nat(200000), fc.nat(200000), (levels, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(encounterDifficulty(lo, levels)!)).toBeLessThanOrEqual(order.indexOf(encounterDifficulty(hi, levels)!));
        const budget = xpBudget(levels);
        expect(budget.low).toBeLessThan(budget.moderate);
        expect(budget.moderate).toBeLessThan(budget.high);
      }),
      { seed: 32 },
    );
  });
});
