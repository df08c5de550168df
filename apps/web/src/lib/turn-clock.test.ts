import { describe, expect, it } from 'vitest';
import { clockText, turnClock, warningDue } from './turn-clock.js';

const T0 = 1_700_000_000_000;
const view = (startedAt: number | undefined, seconds = 30) =>
  ({
    phase: 'active',
    round: 2,
    turn: { slotId: 's1', actorIds: ['c1'], ...(startedAt === undefined ? {} : { startedAt }) },
    turnTimer: { seconds, onTimeout: 'overtime' },
  }) as const;

describe('turn clock', () => {
  it('[ENG-39] counts down in the server clock, corrected by the measured offset', () => {
    // The device is 5 minutes behind the server: its own clock reads T0 - 300 s at the server's T0 + 12 s.
    const clock = turnClock(view(T0), T0 - 300_000 + 12_000, 300_000);
    expect(clock).toMatchObject({ remainingMs: 18_000, overtime: false, limitSeconds: 30, key: `s1:2:${T0}` });
    expect(clockText(clock!)).toBe('0:18');
    expect(warningDue(clock!)).toBe(false);
    expect(warningDue(turnClock(view(T0), T0 + 20_500, 0)!)).toBe(true);
  });

  it('[ENG-39] never shows more than the limit, even from a tick older than the turn', () => {
    expect(turnClock(view(T0, 12), T0 - 200, 0)?.remainingMs).toBe(12_000);
  });

  it('[ENG-39] counts up past 0 as overtime', () => {
    const clock = turnClock(view(T0, 60), T0 + 67_400, 0)!;
    expect(clock.overtime).toBe(true);
    expect(clockText(clock)).toBe('+0:07');
    expect(warningDue(clock)).toBe(false);
    expect(clockText(turnClock(view(T0, 90), T0 + 200, 0)!)).toBe('1:30');
  });

  it('[ENG-39] shows nothing without a timer, a stamp or a fight', () => {
    expect(turnClock(view(undefined), T0, 0)).toBeNull();
    expect(turnClock({ ...view(T0), turnTimer: null }, T0, 0)).toBeNull();
    expect(turnClock({ ...view(T0), phase: 'ended' }, T0, 0)).toBeNull();
  });
});
