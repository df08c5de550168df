import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile, type ImportResult } from './index.js';
import { creaturesOf, fixture, problemOf } from './test-files.js';

const tools = (file: unknown, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') =>
  parseCreatureFile('5etools', typeof file === 'string' ? file : JSON.stringify(file), system);
const goblin = { name: 'Goblin', source: 'MM', hp: { average: 7, formula: '2d6' }, str: 8, dex: 14, cr: '1/4' };
const skippedOf = (result: ImportResult) => (result.ok ? result.skipped : expect.fail('refused'));

describe('5e.tools bestiary files', () => {
  it('reads monsters: average hit points, dex, initiative as a total or as proficiency by cr; {special} hit points give no health', () => {
    expect(creaturesOf(tools(fixture('5etools-bestiary.json')))).toEqual([
      { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } },
      // A copy takes the original's numbers.
      { name: 'Goblin Archer', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } },
      // CR 10: proficiency +4, once.
      { name: 'Young Red Dragon', side: 'enemy', stats: { dex: 10, initBonus: 4 }, health: { max: 178 } },
      // Initiative +5 in all, Dex 16 gives +3 of it.
      { name: 'Giant Spider', side: 'enemy', stats: { dex: 16, initBonus: 2 }, health: { max: 26 } },
      { name: 'Animated Object', side: 'enemy', stats: { dex: 10 } },
    ]);
  });

  it('lists a copy of a monster from another file as skipped, with its path', () => {
    expect(skippedOf(tools(fixture('5etools-bestiary.json')))).toEqual([
      { field: 'monster[2]._copy', message: 'Kobold Sneak copies Kobold (MM), which is not in this file.' },
    ]);
  });

  it('proficiency by CR follows the SRD table (CR 17: +6, twice for expertise)', () => {
    const dragon = { name: 'Ancient Dragon', hp: { average: 300 }, dex: 10, cr: { cr: '17' }, initiative: { proficiency: 2 } };
    expect(creaturesOf(tools({ monster: [dragon] }))[0]?.stats).toEqual({ dex: 10, initBonus: 12 });
  });

  it('names the field path of a bad value', () => {
    expect(problemOf(tools({ monster: [goblin, { ...goblin, hp: { average: 'seven' } }] }))).toMatchObject({ field: 'monster[1].hp' });
    expect(problemOf(tools({ monster: [goblin, goblin, goblin, { ...goblin, hp: { average: 0 } }] }))).toMatchObject({ field: 'monster[3].hp.average' });
    expect(problemOf(tools({ monster: [{ ...goblin, dex: undefined }] }))).toEqual({ field: 'monster[0].dex', message: 'D&D 5e needs Dexterity.' });
    expect(problemOf(tools({ monster: [{ ...goblin, dex: '14' }] }))).toEqual({ field: 'monster[0].dex', message: 'Dexterity must be a number.' });
    expect(problemOf(tools({ monster: [{ ...goblin, cr: undefined, initiative: { proficiency: 1 } }] }))).toMatchObject({ field: 'monster[0].cr' });
    expect(problemOf(tools({ monster: [{ ...goblin, name: undefined }] }))).toEqual({ field: 'monster[0].name', message: 'A monster needs a name.' });
  });

  it('refuses what is not a bestiary: not JSON (naming the line), no monster list', () => {
    expect(problemOf(tools('{"monster": [\n{"name": "Goblin"}\n{"name": "Orc"}]}'))).toMatchObject({ line: 3 });
    expect(problemOf(tools({ spell: [] }))).toMatchObject({ field: 'monster', message: 'A 5e.tools bestiary has a "monster" list.' });
  });

  it('refuses NUL and unpaired surrogates in a name, naming the field', () => {
    expect(problemOf(tools({ monster: [goblin, { ...goblin, name: 'Or\u0000c' }] }))).toMatchObject({ field: 'monster[1].name' });
    expect(problemOf(tools('{"monster": [{"name": "\\ud800", "dex": 10}]}'))).toMatchObject({ field: 'monster[0].name', message: expect.stringContaining('surrogate') });
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} monsters`, () => {
    expect(creaturesOf(tools({ monster: Array.from({ length: MAX_CREATURE_FILE_ENTRIES }, () => goblin) }))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(tools({ monster: Array.from({ length: MAX_CREATURE_FILE_ENTRIES + 1 }, () => goblin) }))).toMatchObject({ field: 'monster' });
  });
});
