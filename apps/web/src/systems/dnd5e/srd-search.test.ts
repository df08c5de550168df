import { describe, expect, it } from 'vitest';
import type { SrdMonsterSummary } from '@roundkeeper/protocol';
import { searchMonsters } from './srd-search.js';

const m = (name: string, type: string, cr: string): SrdMonsterSummary => ({ id: name.toLowerCase(), name, type, cr, xp: 0, hp: 1, legendary: false });
const ALL = [m('Goblin', 'humanoid', '1/4'), m('Hobgoblin', 'humanoid', '1/2'), m('Troll', 'giant', '5'), m('Adult Red Dragon', 'dragon', '17'), m('Orc', 'humanoid', '1/2')];
const names = (q: string) => searchMonsters(ALL, q).map((x) => x.name);

describe('the SRD monster search', () => {
  it('finds by part of the name, names starting with it first', () => {
    expect(names('gob')).toEqual(['Goblin', 'Hobgoblin']);
    expect(names('red drag')).toEqual(['Adult Red Dragon']);
  });
  it('finds by type and by challenge rating, every word at once', () => {
    expect(names('humanoid 1/2')).toEqual(['Hobgoblin', 'Orc']);
    expect(names('cr5')).toEqual(['Troll']);
    expect(names('dragon 17')).toEqual(['Adult Red Dragon']);
  });
  it('nothing for an empty query', () => expect(names('  ')).toEqual([]));
});
