import { describe, expect, it } from 'vitest';
import { apAtRoundStart, apAtTurnStart, fullPool, setMaxAp, spendAp } from './ap.js';
import type { ApPool, ApRefresh } from './types.js';

const spend = (pool: ApPool, cost: number): ApPool => {
  const r = spendAp(pool, cost);
  if (!r.ok) throw new Error(r.violation.message);
  return r.value;
};

/** One combatant through two rounds: reacts for 1 AP before its turn, spends 2 on it, reacts again after. */
function twoRounds(mode: ApRefresh): number[] {
  const seen: number[] = [];
  let ap = fullPool(3);
  for (const round of [1, 2]) {
    ap = apAtRoundStart(ap, mode, round);
    seen.push(ap.current);
    ap = spend(ap, 1); // a reaction before its turn
    ap = apAtTurnStart(ap, mode, round);
    seen.push(ap.current);
    ap = spend(ap, Math.min(2, ap.current)); // its own turn
    seen.push(ap.current);
  }
  return seen;
}

describe('uesrpg Action Points', () => {
  it('[UES-16] roundStart: everyone replenishes at the start of each round, not at their turn', () => {
    expect(twoRounds('roundStart')).toEqual([3, 2, 0, 3, 2, 0]);
  });

  it('[UES-17] turnStart: round 1 starts full with no refill at the turn; later rounds refill at the own turn', () => {
    let ap = fullPool(3);
    ap = apAtRoundStart(ap, 'turnStart', 1);
    expect(ap.current).toBe(3);
    ap = spend(ap, 1);
    ap = apAtTurnStart(ap, 'turnStart', 1);
    expect(ap.current).toBe(2);
    ap = spend(ap, 1);
    ap = apAtRoundStart(ap, 'turnStart', 2);
    expect(ap.current).toBe(1); // leftovers carry into round 2 until the own turn
    ap = spend(ap, 1); // a reaction in round 2 before its turn
    ap = apAtTurnStart(ap, 'turnStart', 2);
    expect(ap.current).toBe(3);
    expect(apAtRoundStart(ap, 'roundStart', 2)).toEqual({ current: 3, max: 3 });
  });

  it('[UES-18] a trait may lower the maximum; replenishing fills to that maximum', () => {
    const lowered = setMaxAp(fullPool(3), 2);
    expect(lowered).toEqual({ current: 2, max: 2 });
    expect(apAtRoundStart({ current: 0, max: 2 }, 'roundStart', 4)).toEqual({ current: 2, max: 2 });
  });

  it('[UES-22] spending more than is left, or a fraction, is refused', () => {
    expect(spendAp({ current: 1, max: 3 }, 2)).toMatchObject({ ok: false, violation: { code: 'insufficient-resource' } });
    expect(spendAp({ current: 3, max: 3 }, 1.5)).toMatchObject({ ok: false, violation: { code: 'invalid-action' } });
    expect(spendAp({ current: 3, max: 3 }, 3)).toEqual({ ok: true, value: { current: 0, max: 3 } });
  });
});
