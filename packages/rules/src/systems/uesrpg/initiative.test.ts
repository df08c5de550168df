import { describe, expect, it } from 'vitest';
import { rngFromSeed, rollDice } from '../../core/dice/rng.js';
import { checkGroup, initiativeDice, scoreInitiative, unitRatings, unitSurprised } from './initiative.js';
import { combatant } from './test-fixtures.js';

const SEED = '00112233445566778899aabbccddeeff';
const hero = combatant('c1', 'pc', { agility: 42, intelligence: 35, perception: 29, luck: 51 });

describe('uesrpg initiative', () => {
  it('[UES-5] an Initiative Roll is one d6 plus the Initiative Rating', () => {
    expect(initiativeDice(false)).toEqual([{ sides: 6, count: 1 }]);
    const roll = scoreInitiative([{ sides: 6, face: 4 }], unitRatings('pc', [hero]), false);
    expect(roll).toEqual({
      dice: [{ sides: 6, face: 4 }],
      kept: 4,
      modifier: 9,
      total: 13,
      mode: 'normal',
      detail: { luckBonus: 5 },
    });
  });

  it('[UES-5] a server roll from a pinned seed scores the face the generator gave', () => {
    const [spec] = initiativeDice(false);
    const { faces } = rollDice(rngFromSeed(SEED), spec?.sides ?? 0, spec?.count ?? 0);
    expect(faces).toEqual([4]);
    const roll = scoreInitiative(faces.map((face) => ({ sides: 6, face })), unitRatings('pc', [hero]), false);
    expect(roll.total).toBe(13);
  });

  it('[UES-2] a surprised character rolls no dice and simply uses its Initiative Rating', () => {
    expect(initiativeDice(true)).toEqual([]);
    expect(scoreInitiative([], unitRatings('pc', [hero]), true)).toEqual({
      dice: [],
      kept: 0,
      modifier: 9,
      total: 9,
      mode: 'normal',
      detail: { luckBonus: 5, surprised: 1 },
    });
  });

  it('[UES-10] an NPC roll carries no Luck bonus', () => {
    const bandit = combatant('c2', 'enemy', { agility: 42, intelligence: 35, perception: 29, luck: 90 });
    expect(scoreInitiative([{ sides: 6, face: 4 }], unitRatings('enemy', [bandit]), false).detail).toEqual({});
  });

  it('[UES-13] a group of similar NPCs rolls once, with its first member\'s rating', () => {
    const wolves = [combatant('c3', 'enemy', { initiativeRating: 7 }), combatant('c4', 'enemy', { initiativeRating: 3 })];
    expect(unitRatings('enemy', wolves)).toEqual({ rating: 7, luckBonus: null });
    expect(checkGroup('enemy', 4)).toEqual({ ok: true, value: 4 });
    expect(checkGroup('pc', 1)).toEqual({ ok: true, value: 1 });
    expect(checkGroup('pc', 2)).toMatchObject({ ok: false, violation: { code: 'invalid-command' } });
  });

  it('[UES-2] a group uses its rating unrolled only when every member still standing is surprised', () => {
    const members = [combatant('c3', 'enemy'), combatant('c4', 'enemy'), combatant('c5', 'enemy', {}, { defeated: true })];
    expect(unitSurprised(members, (id) => id !== 'c5')).toBe(true);
    expect(unitSurprised(members, (id) => id === 'c3')).toBe(false);
    expect(unitSurprised([], () => true)).toBe(false);
  });
});
