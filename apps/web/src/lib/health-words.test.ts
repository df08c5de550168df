import { systemCatalogue } from '@roundkeeper/rules/catalogue';
import { describe, expect, it } from 'vitest';
import { HEALTH_STATE_LABELS, healthLeft, healthNumbers, healthOf, healthText } from './health-words.js';

describe('health in words', () => {
  it('[ENG-34] labels every state of every system as its catalogue does', () => {
    for (const system of systemCatalogue()) {
      for (const state of system.health.states) expect(HEALTH_STATE_LABELS[state.id], `${system.id} ${state.id}`).toBe(state.label);
    }
  });

  it('[ENG-25] writes both forms, temp and strain only where they are', () => {
    expect(healthNumbers({ kind: 'hit-points', current: 6, max: 14, temp: 0 })).toBe('6/14 HP');
    expect(healthNumbers({ kind: 'hit-points', current: 6, max: 14, temp: 5 })).toBe('6/14 HP +5 temp');
    expect(healthNumbers({ kind: 'wounds', wounds: 3, threshold: 12, strain: 2, strainThreshold: 10 })).toBe('3/12 wounds · 2/10 strain');
    expect(healthNumbers({ kind: 'wounds', wounds: 3, threshold: 5, strain: 0, strainThreshold: null })).toBe('3/5 wounds');
  });

  it('fills a bar with what is left, within 0..1', () => {
    expect(healthLeft({ kind: 'hit-points', current: 7, max: 14, temp: 0 })).toBe(0.5);
    expect(healthLeft({ kind: 'hit-points', current: -3, max: 14, temp: 0 })).toBe(0);
    expect(healthLeft({ kind: 'wounds', wounds: 15, threshold: 12, strain: 0, strainThreshold: null })).toBe(0);
  });

  it('[ENG-31] takes a pooled group member’s health from its group', () => {
    const pool = { shown: 'states', state: 'hurt' } as const;
    expect(healthOf({ groupId: 'g1' }, [{ id: 'g1', health: pool }])).toBe(pool);
    expect(healthOf({ groupId: null }, [])).toBeUndefined();
    expect(healthText(pool)).toBe('Hurt');
    expect(healthText({ shown: 'numbers', state: 'deaths-door', health: { kind: 'hit-points', current: -1, max: 10, temp: 0 } })).toBe("Death's Door, -1/10 HP");
  });
});

describe('a shared pool in numbers', () => {
  it('[ENG-31] counts one threshold’s worth per member', () => {
    const pool = { kind: 'wounds', wounds: 6, threshold: 5, strain: 0, strainThreshold: null } as const;
    expect(healthNumbers(pool, 3)).toBe('6/15 wounds (5 each)');
    expect(healthLeft(pool, 3)).toBeCloseTo(0.6);
  });
});
