import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, fixture, problemOf } from './test-files.js';

const ii = (file: unknown, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') =>
  parseCreatureFile('improved-initiative', typeof file === 'string' ? file : JSON.stringify(file), system);
const goblin = { Name: 'Goblin', HP: { Value: 7, Notes: '(2d6)' }, Abilities: { Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8 }, InitiativeModifier: 0, Player: '' };

describe('Improved Initiative library exports', () => {
  it('reads creatures and persistent characters, skipping spells and saved encounters; InitiativeModifier is the bonus beyond Dex', () => {
    expect(creaturesOf(ii(fixture('improved-initiative-library.json')))).toEqual([
      { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, health: { max: 7 } },
      { name: 'Bugbear', side: 'enemy', stats: { dex: 14, initBonus: 1 }, health: { max: 27 } },
      { name: 'Aria', side: 'pc', stats: { dex: 17, initBonus: 0 }, health: { max: 24 } },
    ]);
  });

  it('reads the older export, whose values are JSON strings under "ImprovedInitiative." keys; Player "player" is a PC', () => {
    expect(creaturesOf(ii(fixture('improved-initiative-legacy.json')))).toEqual([
      { name: 'Kobold', side: 'enemy', stats: { dex: 15, initBonus: 0 }, health: { max: 5 } },
      { name: 'Borin', side: 'pc', stats: { dex: 8 }, health: { max: 27 } },
    ]);
  });

  it('for another system keeps name, side and hit points where it counts hit points; its stats stay at their defaults', () => {
    expect(creaturesOf(ii(fixture('improved-initiative-library.json'), 'dc20'))[1]).toEqual({ name: 'Bugbear', side: 'enemy', stats: {}, health: { max: 27 } });
    expect(creaturesOf(ii(fixture('improved-initiative-library.json'), 'genesys'))[1]).toEqual({ name: 'Bugbear', side: 'enemy', stats: {} });
  });

  it('names the field path of a bad value', () => {
    expect(problemOf(ii({ 'Creatures.g1': { ...goblin, HP: { Value: 'seven' } } }))).toEqual({ field: '["Creatures.g1"].HP.Value', message: 'Hit points must be a number.' });
    expect(problemOf(ii({ 'Creatures.g1': { ...goblin, Abilities: { Str: 8 } } }))).toMatchObject({ field: '["Creatures.g1"].Abilities.Dex', message: 'D&D 5e needs Dexterity.' });
    expect(problemOf(ii({ 'Creatures.g1': { ...goblin, Abilities: { Dex: 31 } } }))).toMatchObject({ field: '["Creatures.g1"].Abilities.Dex' });
    expect(problemOf(ii({ 'Creatures.g1': goblin, 'Creatures.g2': { ...goblin, Name: 12 } }))).toMatchObject({ field: '["Creatures.g2"].Name' });
    expect(problemOf(ii({ 'PersistentCharacters.p': { StatBlock: { ...goblin, InitiativeModifier: 40 } } }))).toMatchObject({
      field: '["PersistentCharacters.p"].StatBlock.InitiativeModifier',
      message: expect.stringContaining('from -20 to 20'),
    });
    expect(problemOf(ii({ 'ImprovedInitiative.Creatures.g': '{"Name": ' }))).toMatchObject({ field: '["ImprovedInitiative.Creatures.g"]' });
  });

  it('refuses what is not an export: not JSON (naming the line), not an object, no creature keys', () => {
    expect(problemOf(ii('{\n  "Creatures.g": {\n    "Name": "Goblin",,\n  }\n}'))).toMatchObject({ line: 3, message: expect.stringContaining('not valid JSON') });
    expect(problemOf(ii([goblin]))).toMatchObject({ message: 'An Improved Initiative export is one JSON object.' });
    expect(problemOf(ii({ 'Spells.x': {} }))).toMatchObject({ message: expect.stringContaining('No creatures found') });
  });

  it('refuses NUL and unpaired surrogates in a name, naming the field', () => {
    expect(problemOf(ii({ 'Creatures.g': { ...goblin, Name: 'Gob\u0000lin' } }))).toMatchObject({ field: '["Creatures.g"].Name', message: expect.stringContaining('NUL') });
    expect(problemOf(ii('{"Creatures.g": {"Name": "Gob\\udc00lin", "Abilities": {"Dex": 10}}}'))).toMatchObject({ field: '["Creatures.g"].Name' });
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} entries`, () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`Creatures.g${i}`, goblin]));
    expect(creaturesOf(ii(many(MAX_CREATURE_FILE_ENTRIES)))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(ii(many(MAX_CREATURE_FILE_ENTRIES + 1)))).toMatchObject({ message: expect.stringContaining(`at most ${MAX_CREATURE_FILE_ENTRIES}`) });
  });
});
