// [issue 28] Every stat a screen shows is named in words: no codes in a label ("Rank (0 normal, 1 heavy,
// 2 boss)", "Leader (1 yes)", "Initiative Rating (−1: from characteristics)"); a stat whose numbers
// stand for words offers those words as choices, which the forms show as a select.
import { describe, expect, it } from 'vitest';
import { systemCatalogue } from '../src/catalogue.js';

describe('stat labels and choices', () => {
  const all = systemCatalogue().flatMap((s) => s.statDefs.map((d) => ({ system: s.id, ...d })));

  it('[LFG-10] [UES-6] no label holds a number code ("0 normal", "1 yes", "−1: …")', () => {
    expect(all.filter((d) => /[\d:]/.test(d.label)).map((d) => `${d.system} ${d.label}`)).toEqual([]);
  });

  it('[LFG-10] [LFG-20] LFG rank and leader are chosen by name', () => {
    const lfg = systemCatalogue().find((s) => s.id === 'lfg')!.statDefs;
    expect(lfg.find((d) => d.key === 'rank')?.choices).toEqual([
      { value: 0, label: 'Normal' },
      { value: 1, label: 'Heavy' },
      { value: 2, label: 'Boss' },
    ]);
    expect(lfg.find((d) => d.key === 'leader')?.choices).toEqual([
      { value: 0, label: 'No' },
      { value: 1, label: 'Yes' },
    ]);
  });

  it('[UES-6] a UESRPG Initiative Rating is worked out from characteristics, or one entered from a stat block', () => {
    const rating = systemCatalogue().find((s) => s.id === 'uesrpg')!.statDefs.find((d) => d.key === 'initiativeRating')!;
    expect(rating.label).toBe('Initiative Rating');
    expect(rating.choices?.[0]).toEqual({ value: -1, label: 'From characteristics' });
    // Every value the bounds allow is a choice, once.
    expect(rating.choices?.map((c) => c.value)).toEqual(Array.from({ length: rating.max - rating.min + 1 }, (_, i) => rating.min + i));
  });

  it('choices, where given, cover the bounds exactly', () => {
    for (const d of all.filter((x) => x.choices)) {
      expect(d.choices!.map((c) => c.value), `${d.system} ${d.key}`).toEqual(Array.from({ length: d.max - d.min + 1 }, (_, i) => d.min + i));
    }
  });
});
