import { describe, expect, it } from 'vitest';
import { characteristicBonus, initiativeRating, luckBonus, luckCharacteristic, maxAp, UESRPG_STAT_DEFS } from './ratings.js';

describe('uesrpg ratings', () => {
  it('[UES-6] a characteristic bonus is its tens digit', () => {
    expect([0, 9, 10, 19, 35, 42, 99, 100].map(characteristicBonus)).toEqual([0, 0, 1, 1, 3, 4, 9, 10]);
  });

  it('[UES-6] Initiative Rating = Agility bonus + Intelligence bonus + Perception bonus', () => {
    expect(initiativeRating({ agility: 42, intelligence: 35, perception: 29 })).toBe(4 + 3 + 2);
  });

  it('[UES-6] missing characteristics take the stat defaults (30 each)', () => {
    expect(initiativeRating({})).toBe(9);
  });

  it('[UES-6] a rating entered from a stat block wins over the characteristics', () => {
    expect(initiativeRating({ agility: 42, intelligence: 35, perception: 29, initiativeRating: 12 })).toBe(12);
    expect(initiativeRating({ agility: 42, initiativeRating: 0 })).toBe(0);
    expect(initiativeRating({ agility: 42, intelligence: 35, perception: 29, initiativeRating: -1 })).toBe(9);
  });

  it('[UES-10] Luck bonus is the tens digit of Luck, and NPCs have none', () => {
    expect(luckBonus('pc', { luck: 47 })).toBe(4);
    expect(luckBonus('enemy', { luck: 47 })).toBeNull();
    expect(luckBonus('npc', { luck: 47 })).toBeNull();
    expect(luckCharacteristic('pc', { luck: 47 })).toBe(47);
    expect(luckCharacteristic('enemy', { luck: 47 })).toBeNull();
  });

  it('[UES-18] maximum AP is 3 unless a trait lowers it; the stat cannot go above 3', () => {
    expect(maxAp({})).toBe(3);
    expect(maxAp({ maxAp: 2 })).toBe(2);
    expect(UESRPG_STAT_DEFS.find((d) => d.key === 'maxAp')).toMatchObject({ min: 1, max: 3, default: 3 });
  });
});
