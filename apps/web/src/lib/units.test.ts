import type { InitiativeRoll } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { describeRoll } from './units.js';

const roll = (detail: Record<string, number>, outcome: string | null = null): InitiativeRoll =>
  ({ dice: [{ sides: 20, face: 9 }], kept: 0, modifier: 2, total: 11, mode: 'normal', outcome, detail, source: 'rng' }) as unknown as InitiativeRoll;

describe('roll texts in the systems’ words', () => {
  it('say dc20’s net advantage as ADV or DisADV, and nothing for none', () => {
    expect(describeRoll(roll({ netAdvantage: 1 }, 'failure'))).toBe('d20 9 + 2 = 11, failure (ADV 1)');
    expect(describeRoll(roll({ netAdvantage: -2 }, 'success'))).toBe('d20 9 + 2 = 11, success (DisADV 2)');
    expect(describeRoll(roll({ netAdvantage: 0 }, 'success'))).toBe('d20 9 + 2 = 11, success');
  });
  it('say uesrpg’s Luck bonus', () => {
    expect(describeRoll(roll({ luckBonus: 5 }))).toBe('d20 9 + 2 = 11 (Luck bonus +5)');
  });
});
