import { describe, expect, it } from 'vitest';
import { encounterDc, tableDc } from './encounter-dc.js';

const value = (r: ReturnType<typeof tableDc>) => (r.ok ? r.value : r.refusal.code);

describe('dc20 Encounter DC', () => {
  it('[DC20-3] the table gives Easy, Normal and Hard for every level from 1 to 20', () => {
    const rows = Array.from({ length: 20 }, (_, i) => [i + 1, ...(['easy', 'normal', 'hard'] as const).map((d) => value(tableDc(i + 1, d)))]);
    expect(rows).toEqual([
      [1, 11, 13, 15], [2, 11, 13, 15], [3, 12, 14, 16], [4, 12, 14, 16], [5, 14, 16, 18],
      [6, 14, 16, 18], [7, 15, 17, 19], [8, 15, 17, 19], [9, 16, 18, 20], [10, 16, 18, 20],
      [11, 17, 19, 21], [12, 17, 19, 21], [13, 18, 20, 22], [14, 18, 20, 22], [15, 20, 22, 24],
      [16, 20, 22, 24], [17, 21, 23, 25], [18, 21, 23, 25], [19, 22, 24, 26], [20, 22, 24, 26],
    ]);
  });

  it('[DC20-3] levels outside 1-20 are refused', () => {
    expect([0, 21, 2.5].map((l) => value(tableDc(l, 'normal')))).toEqual(['invalid-level', 'invalid-level', 'invalid-level']);
  });

  it('[DC20-2] the GM sets one DC: from the table or a custom number', () => {
    expect(encounterDc({ kind: 'table', level: 7, difficulty: 'hard' })).toEqual({ ok: true, value: 19 });
    expect(encounterDc({ kind: 'custom', dc: 12 })).toEqual({ ok: true, value: 12 });
    expect(encounterDc({ kind: 'custom', dc: 12.5 }).ok).toBe(false);
  });

  it('[DC20-4] Pre-Combat Aggression changes no number: the DC and its table do not depend on who struck first', () => {
    // Narrative only (spec/dc20.md): the GM rules whether the action lands before initiative or on the first turn.
    expect(encounterDc({ kind: 'table', level: 1, difficulty: 'normal' })).toEqual({ ok: true, value: 13 });
  });
});
