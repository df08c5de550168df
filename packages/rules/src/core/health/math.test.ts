import { describe, expect, it } from 'vitest';
import { damaged, defaultHealthState, freshHealth, healed, isDown, pastTemp, tracksOf, withMax, withTemp } from './math.js';
import { MAX_HEALTH, type Health, type HitPoints, type Wounds } from './model.js';
import { membersDown } from './rules.js';

const HP = { kind: 'hit-points', temp: true } as const;
const WOUNDS = { kind: 'wounds', strain: true } as const;
const hp = (current: number, max: number, temp = 0): HitPoints => ({ kind: 'hit-points', current, max, temp });
const wounds = (w: number, threshold: number, strain = 0, strainThreshold: number | null = null): Wounds => ({
  kind: 'wounds',
  wounds: w,
  threshold,
  strain,
  strainThreshold,
});

describe('health arithmetic', () => {
  it('[ENG-25] a new maximum is full health in the form of the system', () => {
    expect(freshHealth(HP, { max: 12 })).toEqual(hp(12, 12));
    expect(freshHealth(WOUNDS, { max: 14, strain: 12 })).toEqual(wounds(0, 14, 0, 12));
    expect(freshHealth(WOUNDS, { max: 5 })).toEqual(wounds(0, 5));
    expect(tracksOf(HP)).toEqual(['hp']);
    expect(tracksOf(WOUNDS)).toEqual(['wounds', 'strain']);
    expect(tracksOf({ kind: 'wounds', strain: false })).toEqual(['wounds']);
  });

  it('[ENG-26] damage takes temporary hit points first, then hit points down to the floor', () => {
    expect(damaged(hp(10, 12, 5), 3, 'hp', 0)).toEqual(hp(10, 12, 2));
    expect(damaged(hp(10, 12, 5), 8, 'hp', 0)).toEqual(hp(7, 12, 0));
    expect(damaged(hp(10, 12), 25, 'hp', 0)).toEqual(hp(0, 12));
    expect(damaged(hp(10, 12), 25, 'hp', -12)).toEqual(hp(-12, 12));
    // Damage never raises hit points that are already below the floor.
    expect(damaged(hp(-5, 12), 1, 'hp', 0)).toEqual(hp(-5, 12));
    expect(pastTemp(hp(10, 12, 5), 8)).toBe(3);
    expect(pastTemp(hp(10, 12, 5), 4)).toBe(0);
  });

  it('[ENG-26] healing adds hit points up to the maximum, and takes wounds or strain off down to 0', () => {
    expect(healed(hp(3, 12, 4), 5, 'hp')).toEqual(hp(8, 12, 4));
    expect(healed(hp(3, 12), 50, 'hp')).toEqual(hp(12, 12));
    expect(healed(hp(-4, 12), 6, 'hp')).toEqual(hp(2, 12));
    expect(healed(wounds(6, 10, 4, 8), 2, 'wounds')).toEqual(wounds(4, 10, 4, 8));
    expect(healed(wounds(6, 10, 4, 8), 9, 'strain')).toEqual(wounds(6, 10, 0, 8));
  });

  it('[ENG-26] wounds and strain count up past their thresholds; strain without a threshold is taken as wounds', () => {
    expect(damaged(wounds(9, 10, 0, 8), 4, 'wounds', 0)).toEqual(wounds(13, 10, 0, 8));
    expect(damaged(wounds(0, 10, 7, 8), 2, 'strain', 0)).toEqual(wounds(0, 10, 9, 8));
    expect(damaged(wounds(0, 5), 3, 'strain', 0)).toEqual(wounds(3, 5));
    expect(damaged(wounds(MAX_HEALTH - 1, 5), 9, 'wounds', 0)).toEqual(wounds(MAX_HEALTH, 5));
  });

  it('[ENG-27] the first maximum starts full, later ones keep the count; temporary hit points do not stack', () => {
    expect(withMax(null, HP, 20, 'hp')).toEqual(hp(20, 20));
    expect(withMax(hp(15, 20), HP, 10, 'hp')).toEqual(hp(10, 10));
    expect(withMax(hp(5, 20), HP, 30, 'hp')).toEqual(hp(5, 30));
    expect(withMax(wounds(3, 10), WOUNDS, 12, 'wounds')).toEqual(wounds(3, 12));
    expect(withMax(wounds(3, 10), WOUNDS, 9, 'strain')).toEqual(wounds(3, 10, 0, 9));
    expect(withMax(null, WOUNDS, 9, 'strain')).toBeUndefined();
    expect(withTemp(hp(5, 20, 8), 5)).toEqual(hp(5, 20, 8));
    expect(withTemp(hp(5, 20, 8), 10)).toEqual(hp(5, 20, 10));
    expect(withTemp(hp(5, 20, 8), 0)).toEqual(hp(5, 20, 0));
  });

  it('[ENG-34] without a word from the system: unhurt, hurt, or down at 0 or past a threshold', () => {
    const cases: [Health, string][] = [
      [hp(12, 12, 3), 'unhurt'],
      [hp(11, 12), 'hurt'],
      [hp(0, 12), 'down'],
      [hp(-3, 12), 'down'],
      [wounds(0, 10, 0, 8), 'unhurt'],
      [wounds(10, 10, 8, 8), 'hurt'],
      [wounds(11, 10), 'down'],
      [wounds(0, 10, 9, 8), 'down'],
    ];
    for (const [health, state] of cases) {
      expect(defaultHealthState(health)).toBe(state);
      expect(isDown(health)).toBe(state === 'down');
    }
  });

  it("[ENG-31] [GEN-38] a pool puts one member down each time its wounds exceed another member's threshold worth", () => {
    expect([0, 4, 5, 6, 10, 11, 15, 16, 99].map((w) => membersDown(wounds(w, 5), 3))).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
    expect(membersDown(hp(0, 10), 3)).toBe(3);
    expect(membersDown(hp(1, 10), 3)).toBe(0);
  });
});
