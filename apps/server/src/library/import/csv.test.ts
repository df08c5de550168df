import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, fixture, problemOf } from './test-files.js';

const csv = (text: string, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') => parseCreatureFile('csv', text, system);

describe('CSV creature files', () => {
  it('reads a D&D 5e party and monsters: quoted cells, CRLF, blank lines, any-case sides, empty cells left to defaults', () => {
    expect(creaturesOf(csv(fixture('dnd5e-party.csv')))).toEqual([
      { name: 'Aria', side: 'pc', stats: { dex: 17 }, note: 'Ranger 3', health: { max: 24 } },
      { name: 'Borin', side: 'pc', stats: { dex: 8, initBonus: 0 }, health: { max: 27 } },
      { name: 'Goblin, the Loud', side: 'enemy', stats: { dex: 14, initBonus: 0 }, note: 'Carries a "lucky" rock', health: { max: 7 } },
      { name: 'Bugbear', side: 'enemy', stats: { dex: 14, initBonus: 1 }, health: { max: 27 } },
    ]);
  });

  it('reads a Genesys sheet with semicolons, wounds and strain, stats by label', () => {
    expect(creaturesOf(csv(fixture('genesys-semicolons.csv'), 'genesys'))).toEqual([
      { name: 'Kira Vance', side: 'pc', stats: { presence: 3, willpower: 2, cool: 2, vigilance: 1 }, health: { max: 14, strain: 12 } },
      { name: 'Stormtrooper', side: 'enemy', stats: { presence: 1, willpower: 1, cool: 0, vigilance: 1 }, health: { max: 5 } },
    ]);
  });

  it('reads tabs, and the stat columns of each system by key (DC20 agility, LFG will, UESRPG maxAp)', () => {
    expect(creaturesOf(csv('name\tlevel\tagility\nKobold Captain\t3\t2\n', 'dc20'))).toEqual([{ name: 'Kobold Captain', side: 'enemy', stats: { level: 3, agility: 2 } }]);
    expect(creaturesOf(csv('name,will,hp\nBandit,9,8\n', 'lfg'))).toEqual([{ name: 'Bandit', side: 'enemy', stats: { will: 9 }, health: { max: 8 } }]);
    expect(creaturesOf(csv('name,side,maxAp\nDunmer Scout,npc,2\n', 'uesrpg'))).toEqual([{ name: 'Dunmer Scout', side: 'npc', stats: { maxAp: 2 } }]);
  });

  it('names the line and column of a bad cell', () => {
    expect(problemOf(csv('name,hp,dex\nGoblin,7,14\nOrc,lots,12\n'))).toMatchObject({ line: 3, field: 'hp', message: '"lots" is not a whole number.' });
    expect(problemOf(csv('name,dex\nGoblin,14\n\nOgre,31\n'))).toMatchObject({ line: 4, field: 'dex', message: expect.stringContaining('from 1 to 30') });
    expect(problemOf(csv('name,side\nGoblin,monster\n'))).toMatchObject({ line: 2, field: 'side', message: 'The side is pc, enemy or npc, not "monster".' });
    expect(problemOf(csv('name,hp\nGoblin,0\n'))).toMatchObject({ line: 2, field: 'hp' });
    expect(problemOf(csv('name,hp\n,7\n'))).toMatchObject({ line: 2, field: 'name', message: 'The name is empty.' });
    expect(problemOf(csv(`name\n${'x'.repeat(61)}\n`))).toMatchObject({ line: 2, field: 'name', message: expect.stringContaining('at most 60') });
  });

  it('names the line where a multi-line quoted record starts', () => {
    expect(problemOf(csv('name,note,hp\nGoblin,"two\nlines",x\n'))).toMatchObject({ line: 2, field: 'hp' });
  });

  it('refuses the header: unknown columns (naming the ones it knows), repeated ones, no name, strain where the system has none', () => {
    expect(problemOf(csv('name,dexx\nGoblin,14\n'))).toEqual({
      line: 1,
      field: 'dexx',
      message: 'There is no column "dexx" for D&D 5e; the columns are: name, side, hp, note, dex, initBonus.',
    });
    expect(problemOf(csv('name,dex,Dexterity\nGoblin,14,14\n'))).toMatchObject({ line: 1, field: 'Dexterity', message: 'The column "Dexterity" appears twice.' });
    expect(problemOf(csv('side,hp\npc,7\n'))).toMatchObject({ line: 1, message: 'The header row has no "name" column.' });
    expect(problemOf(csv('name,strain\nGoblin,3\n'))).toMatchObject({ line: 1, field: 'strain' });
    expect(problemOf(csv('name,hp\n'))).toMatchObject({ line: 1, message: expect.stringContaining('no creature') });
  });

  it('refuses broken CSV naming the line: a row of the wrong length, an unclosed quote', () => {
    expect(problemOf(csv('name,hp\nGoblin,7\nOrc,15,extra\n'))).toMatchObject({ line: 3, message: expect.stringContaining('not valid CSV') });
    expect(problemOf(csv('name,hp\nGoblin,7\n"Orc,15\n'))).toMatchObject({ message: expect.stringContaining('not valid CSV') });
  });

  it('refuses NUL and unpaired surrogates in names and notes, naming the line', () => {
    expect(problemOf(csv('name,hp\nGob\u0000lin,7\n'))).toMatchObject({ line: 2, message: expect.stringContaining('NUL') });
    expect(problemOf(csv('name,note\nGoblin,bad \ud800 note\n'))).toMatchObject({ line: 2, message: expect.stringContaining('surrogate') });
    expect(problemOf(csv('name,note\nGoblin,fine \ud83d\ude00\nOrc,bad \udc00\n'))).toMatchObject({ line: 3 });
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} creatures, naming the first line over`, () => {
    const rows = (n: number) => `name\n${Array.from({ length: n }, (_, i) => `Goblin ${i}`).join('\n')}\n`;
    expect(creaturesOf(csv(rows(MAX_CREATURE_FILE_ENTRIES)))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(csv(rows(MAX_CREATURE_FILE_ENTRIES + 1)))).toMatchObject({ line: MAX_CREATURE_FILE_ENTRIES + 2 });
  });
});
