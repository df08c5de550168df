import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, fixture, noticesOf, numbersOf, problemOf, skippedOf } from './test-files.js';

const csv = (text: string, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') => parseCreatureFile('csv', text, system);

describe('CSV creature files', () => {
  it('reads a D&D 5e party and monsters: quoted cells, CRLF, blank lines, any-case sides, empty cells left to defaults', () => {
    expect(numbersOf(csv(fixture('dnd5e-party.csv')))).toEqual([
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

  it('leaves out a row with a bad cell, naming its line and column, and reads the rest', () => {
    const result = csv(`name,hp,dex,side\nGoblin,7,14,\nOrc,lots,12,\nOgre,30,31,\nImp,3,12,monster\n,7,10,\nGnoll,0,12,\n${'x'.repeat(61)},5,10,\n`);
    expect(numbersOf(result)).toEqual([
      { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } },
      { name: 'Gnoll', side: 'enemy', stats: { dex: 12 } },
    ]);
    expect(skippedOf(result)).toEqual([
      { line: 3, field: 'hp', message: 'Line 3: "lots" is not a whole number.' },
      { line: 4, field: 'dex', message: expect.stringContaining('Line 4: Dexterity must be a whole number from 1 to 30') },
      { line: 5, field: 'side', message: 'Line 5: the side is pc, enemy or npc, not "monster".' },
      { line: 6, field: 'name', message: 'Line 6: The name is empty.' },
      { line: 8, field: 'name', message: expect.stringContaining('at most 60') },
    ]);
    expect(noticesOf(result)).toEqual([{ line: 7, field: 'hp', message: 'Gnoll has 0 hit points: imported without a maximum; give it one in the roster.' }]);
  });

  it('names the line where a multi-line quoted record starts', () => {
    expect(skippedOf(csv('name,note,hp\nGoblin,"two\nlines",x\n'))).toMatchObject([{ line: 2, field: 'hp' }]);
  });

  it('reads a Kobold Fight Club export: cr, size, type, tags, alignment, ac and sources into the stat block, init as the initiative bonus; the columns it does not read are named once', () => {
    const result = csv(fixture('kobold-fight-club.csv'));
    expect(creaturesOf(result)[0]).toEqual({
      name: 'Goblin',
      side: 'enemy',
      stats: { initBonus: 2 },
      health: { max: 7 },
      statBlock: { ac: 15, kind: 'Small humanoid (goblinoid), neutral evil', cr: '1/4', source: 'Basic Rules: 166' },
    });
    expect(creaturesOf(result).map((c) => c.name)).toEqual(['Goblin', 'Bugbear Chief', 'Young Green Dragon', 'Mind Flayer Arcanist']);
    expect(noticesOf(result)).toEqual([
      { line: 1, message: 'Roundkeeper does not read the columns "section", "environment", "lair", "legendary", "unique" for D&D 5e; ignored.' },
    ]);
  });

  it('maps the common names of columns: Max HP, Initiative, Armor Class, HD, abilities by name', () => {
    const result = csv('Creature,Max HP,Initiative,Armor Class,HD,Strength,Dexterity\nOgre,59,-1,11 (hide armor),7d10+21,19,8\n');
    expect(creaturesOf(result)).toEqual([
      { name: 'Ogre', side: 'enemy', stats: { initBonus: -1, dex: 8 }, health: { max: 59 }, statBlock: { ac: 11, acNote: 'hide armor', hpFormula: '7d10+21', abilities: { str: 19, dex: 8 } } },
    ]);
  });

  it('ignores, with a notice, unknown columns, repeated ones and strain where the system has none; refuses a header without names or rows', () => {
    expect(noticesOf(csv('name,dexx\nGoblin,14\n'))).toEqual([{ line: 1, message: 'Roundkeeper does not read the column "dexx" for D&D 5e; ignored.' }]);
    expect(numbersOf(csv('name,dex,Dexterity\nGoblin,14,15\n'))).toEqual([{ name: 'Goblin', side: 'enemy', stats: { dex: 14 } }]);
    expect(noticesOf(csv('name,dex,Dexterity\nGoblin,14,15\n'))).toEqual([{ line: 1, message: 'The column "Dexterity" repeats an earlier one; ignored.' }]);
    expect(noticesOf(csv('name,strain\nGoblin,3\n'))).toEqual([{ line: 1, message: expect.stringContaining('"strain"') }]);
    expect(problemOf(csv('side,hp\npc,7\n'))).toMatchObject({ line: 1, message: 'The header row has no "name" column.' });
    expect(problemOf(csv('name,hp\n'))).toMatchObject({ line: 1, message: expect.stringContaining('no creature') });
  });

  it('refuses broken CSV naming the line: a row of the wrong length, an unclosed quote', () => {
    expect(problemOf(csv('name,hp\nGoblin,7\nOrc,15,extra\n'))).toMatchObject({ line: 3, message: expect.stringContaining('not valid CSV') });
    expect(problemOf(csv('name,hp\nGoblin,7\n"Orc,15\n'))).toMatchObject({ message: expect.stringContaining('not valid CSV') });
  });

  it('refuses a file with NUL or unpaired surrogates, naming the line', () => {
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
