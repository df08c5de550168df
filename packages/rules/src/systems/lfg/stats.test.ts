import { describe, expect, it } from 'vitest';
import { rankFromStat } from './order.js';
import { LFG_STAT_DEFS, LFG_STATS } from './stats.js';

describe('lfg stats', () => {
  it('[LFG-6] [LFG-10] every score has sane bounds and a default inside them; rank codes read back', () => {
    for (const def of LFG_STAT_DEFS) expect(def.min <= def.default && def.default <= def.max).toBe(true);
    const rank = LFG_STAT_DEFS.find((d) => d.key === LFG_STATS.rank);
    expect(rank && [rank.min, rank.max].map(rankFromStat)).toEqual(['normal', 'boss']);
    expect(LFG_STAT_DEFS.map((d) => d.key)).toEqual(['initiative', 'will', 'luck', 'cha', 'dex', 'rank', 'leader']);
  });
});
