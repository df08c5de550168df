import { describe, expect, it } from 'vitest';
import { parsePaste } from './paste-parser.js';

describe('parsePaste', () => {
  it('reads a count as a group, and defaults the side to enemy', () => {
    expect(parsePaste('4 Goblin dex 14')).toEqual([
      { ok: true, line: 1, combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, count: 4 } },
    ]);
  });

  it('reads sides, init bonuses and hidden in any order', () => {
    const [aria, assassin] = parsePaste('Aria pc dex 16\n\nAssassin hidden init +2 DEX 18');
    expect(aria).toMatchObject({ ok: true, combatant: { name: 'Aria', side: 'pc', stats: { dex: 16, initBonus: 0 } } });
    expect(assassin).toMatchObject({
      ok: true,
      line: 3,
      combatant: { name: 'Assassin', side: 'enemy', hidden: true, stats: { dex: 18, initBonus: 2 } },
    });
  });

  it('keeps several words as the name', () => {
    expect(parsePaste('Old Tom npc')[0]).toMatchObject({ combatant: { name: 'Old Tom', side: 'npc' } });
  });

  it('reports lines it cannot read', () => {
    expect(parsePaste('3 dex 12')[0]).toEqual({ ok: false, line: 1, error: 'line 1: no name' });
    expect(parsePaste('Ogre dex')[0]).toMatchObject({ ok: false });
  });
});
