import { describe, expect, it } from 'vitest';
import { clock, gameTimeLabel } from './game-time.js';

describe('game time', () => {
  it('[ENG-35] [DC20-33] tells when the round began: DC20 round 6 begins one minute in', () => {
    expect(gameTimeLabel({ round: 6, roundSeconds: 12, phase: 'active' })).toBe('1:00 in');
    expect(gameTimeLabel({ round: 1, roundSeconds: 12, phase: 'active' })).toBe('0:00 in');
    expect(gameTimeLabel({ round: 3, roundSeconds: 6, phase: 'ended' })).toBe('0:12 in');
  });

  it('[ENG-35] says nothing where the system leaves a round open, or before combat', () => {
    expect(gameTimeLabel({ round: 4, roundSeconds: null, phase: 'active' })).toBeNull();
    expect(gameTimeLabel({ round: 0, roundSeconds: 12, phase: 'setup' })).toBeNull();
    expect(clock(605)).toBe('10:05');
  });
});
