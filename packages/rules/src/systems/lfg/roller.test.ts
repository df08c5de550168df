import { describe, expect, it } from 'vitest';
import { advanceRoller, clockwiseFrom, firstRollerOfCombat, nextClockwise, overrideRoller, reseat, startRotation } from './roller.js';

const SEATING: readonly string[] = ['ana', 'bo', 'cy', 'di'];

describe('lfg roller', () => {
  it('[LFG-8] the roller rotates clockwise each round and wraps around the table', () => {
    let s = startRotation(SEATING, 'cy');
    const rollers = [s.current];
    for (let round = 2; round <= 6; round++) {
      s = advanceRoller(s);
      rollers.push(s.current);
    }
    expect(rollers).toEqual(['cy', 'di', 'ana', 'bo', 'cy', 'di']);
    expect(s.firstOfCombat).toBe('cy');
  });

  it('[LFG-8] a PC who cannot roll is passed over; the last one standing keeps rolling', () => {
    const down = new Set(['di', 'ana']);
    const s = advanceRoller(startRotation(SEATING, 'cy'), (id) => !down.has(id));
    expect(s.current).toBe('bo');
    expect(nextClockwise(SEATING, 'bo', (id) => id === 'bo')).toBe('bo');
    expect(nextClockwise(SEATING, 'bo', () => false)).toBeNull();
  });

  it('[LFG-8] the GM may name the roller; the rotation goes on from whoever rolled', () => {
    const s = overrideRoller(startRotation(SEATING, 'ana'), 'cy');
    expect(s?.current).toBe('cy');
    expect(s && advanceRoller(s).current).toBe('di');
    expect(overrideRoller(startRotation(SEATING, 'ana'), 'goblin')).toBeUndefined();
  });

  it('[LFG-9] with the optional rotation, a new combat starts with the next PC after the last first roller', () => {
    expect(firstRollerOfCombat(SEATING, 'bo', true)).toBe('cy');
    expect(firstRollerOfCombat(SEATING, 'di', true)).toBe('ana');
    expect(firstRollerOfCombat(SEATING, 'bo', false)).toBeNull();
    expect(firstRollerOfCombat(SEATING, null, true)).toBeNull();
  });

  it('[LFG-12] clockwise order starts at the given seat', () => {
    expect(clockwiseFrom(SEATING, 'cy')).toEqual(['cy', 'di', 'ana', 'bo']);
    expect(clockwiseFrom(SEATING, 'zed')).toEqual(SEATING);
  });

  it('[LFG-8] reseating reorders the same PCs only', () => {
    const s = startRotation(SEATING, 'ana');
    expect(reseat(s, ['bo', 'ana', 'di', 'cy'])?.seating).toEqual(['bo', 'ana', 'di', 'cy']);
    expect(reseat(s, ['bo', 'ana', 'di'])).toBeUndefined();
    expect(reseat(s, ['bo', 'bo', 'di', 'cy'])).toBeUndefined();
  });
});
