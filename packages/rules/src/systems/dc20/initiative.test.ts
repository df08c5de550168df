import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/dice/rng.js';
import { checkOutcome, combatMastery, initiativeDice, initiativeModifier, rollInitiative, scoreInitiative } from './initiative.js';

const SEED = '00112233445566778899aabbccddeeff';
const score = (faces: number[], adv = 0, disadv = 0, modifier = 5, dc = 14) =>
  scoreInitiative({ faces, adv, disadv, modifier, dc, source: 'physical' });

describe('dc20 Initiative Check', () => {
  it('[DC20-6] Combat Mastery is half the level rounded up', () => {
    expect([1, 2, 3, 4, 5, 10, 19, 20].map(combatMastery)).toEqual([1, 1, 2, 2, 3, 5, 10, 10]);
  });

  it('[DC20-6] the modifier is Combat Mastery + Agility (+ bonuses that name Initiative Checks only)', () => {
    expect(initiativeModifier({ level: 5, agility: 3 })).toBe(6);
    expect(initiativeModifier({ level: 1, agility: -2 })).toBe(-1);
    expect(initiativeModifier({ level: 4, agility: 2, initBonus: 1 })).toBe(5);
    expect(initiativeModifier({})).toBe(1);
  });

  it('[DC20-7] ADV n rolls n+1 d20s keeping the highest, DisADV n keeps the lowest, and they cancel', () => {
    const spec = (a: number, d: number) => {
      const r = initiativeDice(a, d);
      return r.ok ? [r.value.count, r.value.keep, r.value.mode] : r.refusal.code;
    };
    expect(spec(0, 0)).toEqual([1, 'highest', 'normal']);
    expect(spec(2, 0)).toEqual([3, 'highest', 'advantage']);
    expect(spec(0, 1)).toEqual([2, 'lowest', 'disadvantage']);
    expect(spec(2, 1)).toEqual([2, 'highest', 'advantage']);
    expect(spec(1, 1)).toEqual([1, 'highest', 'normal']);
    expect(spec(1, 3)).toEqual([3, 'lowest', 'disadvantage']);
    expect(spec(-1, 0)).toBe('invalid-dice');
  });

  it('[DC20-7] [DC20-8] scoring keeps the right face, records every face and the outcome', () => {
    expect(score([4, 17], 1)).toEqual({
      ok: true,
      value: {
        dice: [{ sides: 20, face: 4 }, { sides: 20, face: 17 }],
        kept: 17, modifier: 5, total: 22, mode: 'advantage', source: 'physical',
        outcome: 'success', detail: { netAdvantage: 1 },
      },
    });
    const dis = score([4, 17], 0, 1);
    expect(dis.ok && [dis.value.kept, dis.value.total, dis.value.outcome]).toEqual([4, 9, 'failure']);
  });

  it('[DC20-8] a check succeeds when its total equals or beats the DC', () => {
    expect(checkOutcome(9, 14, 14)).toBe('success');
    expect(checkOutcome(8, 13, 14)).toBe('failure');
  });

  it('[DC20-8] a natural 20 on the kept die is a Critical Success, a natural 1 a Critical Failure', () => {
    const crit = score([20], 0, 0, -2, 30);
    expect(crit.ok && crit.value.outcome).toBe('critical-success');
    const fumble = score([1], 0, 0, 15, 10);
    expect(fumble.ok && fumble.value.outcome).toBe('critical-failure');
    // Only the kept die counts: a 20 dropped under DisADV is no crit, a 1 dropped under ADV no fumble.
    const dropped20 = score([20, 9], 0, 1);
    expect(dropped20.ok && dropped20.value.outcome).toBe('success');
    const dropped1 = score([1, 9], 1);
    expect(dropped1.ok && dropped1.value.outcome).toBe('success');
  });

  it('[DC20-7] entered dice must match the dice the check needs', () => {
    expect(score([12, 3]).ok).toBe(false);
    expect(score([21]).ok).toBe(false);
    expect(score([0]).ok).toBe(false);
    const r = score([12], 1);
    expect(!r.ok && r.refusal.code).toBe('invalid-dice');
  });

  it('[DC20-6] [DC20-7] a server roll with a pinned seed rolls n+1 dice and scores them like physical ones', () => {
    const rng = rngFromSeed(SEED);
    const r = rollInitiative(rng, { adv: 2, disadv: 0, modifier: 4, dc: 14 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.roll.dice).toHaveLength(3);
    expect(r.value.roll.source).toBe('server');
    const again = scoreInitiative({ faces: r.value.roll.dice.map((d) => d.face), adv: 2, disadv: 0, modifier: 4, dc: 14, source: 'server' });
    expect(again.ok && again.value).toEqual(r.value.roll);
    expect(r.value.rng).not.toEqual(rng);
    expect(rollInitiative(rng, { adv: 2, disadv: 0, modifier: 4, dc: 14 })).toEqual(r);
  });
});
