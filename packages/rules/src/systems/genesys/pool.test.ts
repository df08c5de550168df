import { describe, expect, it } from 'vitest';
import { abilityDice, GENESYS_STAT_DEFS, initiativePool, poolSpec, simpleCheckPool } from './pool.js';

const none = { proficiency: 0, ability: 0, boost: 0, challenge: 0, difficulty: 0, setback: 0 };

describe('genesys pool', () => {
  it('[GEN-9] README example: Presence 3, Cool 2 → 2 Proficiency + 1 Ability', () => {
    expect(initiativePool({ presence: 3, cool: 2 }, 'cool')).toEqual({ ...none, proficiency: 2, ability: 1 });
  });

  it('[GEN-9] Ability dice = the higher of characteristic and rank, the lower of them upgraded', () => {
    expect(abilityDice(2, 3)).toEqual({ ability: 1, proficiency: 2 });
    expect(abilityDice(3, 0)).toEqual({ ability: 3, proficiency: 0 });
    expect(abilityDice(4, 4)).toEqual({ ability: 0, proficiency: 4 });
    expect(abilityDice(1, 5)).toEqual({ ability: 4, proficiency: 1 });
  });

  it('[GEN-10] Cool uses Presence, Vigilance uses Willpower', () => {
    const stats = { presence: 4, willpower: 1, cool: 1, vigilance: 3 };
    expect(initiativePool(stats, 'cool')).toEqual({ ...none, ability: 3, proficiency: 1 });
    expect(initiativePool(stats, 'vigilance')).toEqual({ ...none, ability: 2, proficiency: 1 });
  });

  it('[GEN-30] missing stats take their defaults (characteristic 2, untrained)', () => {
    expect(GENESYS_STAT_DEFS.map((d) => [d.key, d.default])).toEqual([
      ['presence', 2],
      ['willpower', 2],
      ['cool', 0],
      ['vigilance', 0],
      ['discipline', 0],
    ]);
    expect(initiativePool({}, 'vigilance')).toEqual({ ...none, ability: 2 });
  });

  it('[GEN-11] a Simple check has no Difficulty or Challenge dice; Boost and Setback may be added', () => {
    expect(simpleCheckPool(2, 1)).toEqual({ ...none, ability: 1, proficiency: 1 });
    expect(initiativePool({ presence: 2, cool: 1 }, 'cool', 2, 1)).toEqual({
      ...none,
      ability: 1,
      proficiency: 1,
      boost: 2,
      setback: 1,
    });
  });

  it('[GEN-5] a pool becomes the engine\'s dice spec, one entry per kind, positive dice first', () => {
    expect(poolSpec({ ...none, ability: 1, proficiency: 2, boost: 1, setback: 2 })).toEqual([
      { kind: 'proficiency', sides: 12, count: 2 },
      { kind: 'ability', sides: 8, count: 1 },
      { kind: 'boost', sides: 6, count: 1 },
      { kind: 'setback', sides: 6, count: 2 },
    ]);
    expect(poolSpec(none)).toEqual([]);
  });
});
