import { describe, expect, it } from 'vitest';
import { AP_MAX, deferRegain, endOwnTurn, lapWindowAfter, roundEndLap, spendAp, spendLap, startingAp } from './ap.js';
import { DC20_DEFAULT_FLAGS, type LapState, type Result } from './types.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
};
const code = <T>(r: Result<T>) => (r.ok ? 'ok' : r.refusal.code);
const dragon: LapState = { current: 3, max: 3, perTurn: 1 };

describe('dc20 Action Points', () => {
  it('[DC20-31] [DC20-37] everyone gains 4 AP when combat begins', () => {
    expect(AP_MAX).toBe(4);
    expect(startingAp(false, DC20_DEFAULT_FLAGS)).toEqual({ current: 4, max: 4, surprised: false, regainDeferred: false });
  });

  it('[DC20-37] spending cannot go below 0; all AP come back when one\'s own turn ends', () => {
    const spent = value(spendAp(value(spendAp(startingAp(false, DC20_DEFAULT_FLAGS), 3)), 1));
    expect(spent.current).toBe(0);
    expect(code(spendAp(spent, 1))).toBe('not-enough-ap');
    expect(code(spendAp(startingAp(false, DC20_DEFAULT_FLAGS), 0))).toBe('not-enough-ap');
    expect(endOwnTurn(spent).current).toBe(4);
  });

  it('[DC20-36] Surprised (default flag): current and maximum AP are reduced by 2 until the end of the first turn', () => {
    const surprised = startingAp(true, DC20_DEFAULT_FLAGS);
    expect(surprised).toEqual({ current: 2, max: 2, surprised: true, regainDeferred: false });
    expect(code(spendAp(surprised, 3))).toBe('not-enough-ap');
    expect(endOwnTurn(value(spendAp(surprised, 2)))).toEqual({ current: 4, max: 4, surprised: false, regainDeferred: false });
  });

  it('[DC20-35] [DC20-36] flag surprised=unableToAct: the text\'s "unable to act", no AP in the first turn', () => {
    const stunned = startingAp(true, { surprised: 'unableToAct' });
    expect(stunned).toEqual({ current: 0, max: 4, surprised: true, regainDeferred: false });
    expect(code(spendAp(stunned, 1))).toBe('not-enough-ap');
    expect(endOwnTurn(stunned).current).toBe(4);
  });

  it('[DC20-21] [DC20-36] a Surprised creature that delays stays Surprised until its new turn ends', () => {
    const delayed = deferRegain(startingAp(true, DC20_DEFAULT_FLAGS));
    expect(delayed).toMatchObject({ current: 2, max: 2, surprised: true, regainDeferred: true });
    expect(endOwnTurn(delayed)).toMatchObject({ current: 4, surprised: false, regainDeferred: false });
  });
});

describe('dc20 Legendary Action Points', () => {
  it('[DC20-38] LAP are spent in-between the PCs\' turns, up to the monster\'s amount at a time', () => {
    expect(lapWindowAfter('pc')).toBe(true);
    expect(lapWindowAfter('enemy')).toBe(false);
    expect(value(spendLap(dragon, 1, 'between-pc-turns', DC20_DEFAULT_FLAGS)).current).toBe(2);
    expect(code(spendLap(dragon, 2, 'between-pc-turns', DC20_DEFAULT_FLAGS))).toBe('not-enough-lap');
    expect(code(spendLap({ ...dragon, current: 0 }, 1, 'between-pc-turns', DC20_DEFAULT_FLAGS))).toBe('not-enough-lap');
  });

  it('[DC20-38] lapMode roundEnd (default): leftover LAP may all be spent at the end of the round, just before regaining', () => {
    // All PCs delayed into one big PC turn: only one window, 2 LAP left over.
    const afterOneWindow = value(spendLap(dragon, 1, 'between-pc-turns', DC20_DEFAULT_FLAGS));
    const end = roundEndLap(afterOneWindow, DC20_DEFAULT_FLAGS);
    expect(end.spendable).toBe(2);
    expect(value(spendLap(afterOneWindow, 2, 'round-end', DC20_DEFAULT_FLAGS)).current).toBe(0);
    expect(end.regained.current).toBe(3);
  });

  it('[DC20-38] lapMode strict: no spending at round end, the refill still comes', () => {
    const strict = { lapMode: 'strict' as const };
    expect(roundEndLap({ ...dragon, current: 1 }, strict)).toEqual({ spendable: 0, regained: dragon });
    expect(code(spendLap(dragon, 1, 'round-end', strict))).toBe('not-enough-lap');
  });
});
