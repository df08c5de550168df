import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, encountersOf, fixture, named, noticesOf, numbersOf, problemOf, skippedOf } from './test-files.js';

const ii = (file: unknown, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') =>
  parseCreatureFile('improved-initiative', typeof file === 'string' ? file : JSON.stringify(file), system);
const goblin = { Name: 'Goblin', HP: { Value: 7, Notes: '(2d6)' }, Abilities: { Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8 }, InitiativeModifier: 0, Player: '' };

describe('Improved Initiative library exports', () => {
  it('reads creatures and persistent characters, skipping spells; InitiativeModifier is the bonus beyond Dex', () => {
    expect(numbersOf(ii(fixture('improved-initiative-library.json')))).toEqual([
      { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, health: { max: 7 } },
      { name: 'Bugbear', side: 'enemy', stats: { dex: 14, initBonus: 1 }, health: { max: 27 } },
      { name: 'Aria', side: 'pc', stats: { dex: 17, initBonus: 0 }, health: { max: 24 } },
      // Dex 0 and HP 0, as Improved Initiative lets a GM save: +0, and no maximum.
      { name: 'Garden Statue', side: 'enemy', stats: { initBonus: 0 } },
      { name: 'Elder Wyrm', side: 'enemy', stats: { dex: 10, initBonus: 2 }, health: { max: 300 } },
    ]);
  });

  it('carries the StatBlock: AC and its notes, the HP formula, advantage, saves, skills, senses, traits with their usage, legendary actions', () => {
    const result = ii(fixture('improved-initiative-library.json'));
    expect(named(result, 'Elder Wyrm').statBlock).toEqual({
      ac: 21,
      acNote: 'natural armor',
      hpFormula: '24d20+48',
      initiativeAdvantage: true,
      kind: 'Gargantuan dragon, chaotic evil',
      speed: '40 ft., fly 80 ft.',
      abilities: { str: 27, dex: 10, con: 25, int: 16, wis: 15, cha: 19 },
      saves: 'Dex +6, Con +13',
      skills: 'Perception +16',
      senses: 'blindsight 60 ft., darkvision 120 ft., passive Perception 26',
      languages: 'Common, Draconic',
      cr: '22',
      traits: [{ name: 'Legendary Resistance (3/Day)', text: 'If the wyrm fails a saving throw, it can choose to succeed instead.' }],
      actions: [{ name: 'Bite', text: 'Melee Weapon Attack: +15 to hit, reach 15 ft., one target. Hit: 19 (2d10 + 8) piercing damage.' }],
      legendaryActionCount: 3,
      legendaryActions: [
        { name: 'Detect', text: 'The wyrm makes a Wisdom (Perception) check.' },
        { name: 'Wing Attack (Costs 2 Actions)', text: 'The wyrm beats its wings.' },
      ],
      source: 'Homebrew',
    });
    expect(named(result, 'Goblin').statBlock).toMatchObject({ initiativeAdvantage: true, reactions: [{ name: 'Duck (1/round)', text: 'The goblin adds 2 to its AC against one attack.' }] });
    expect(noticesOf(result)).toEqual([
      { field: '["Creatures.statue"].Abilities.Dex', message: 'Garden Statue has a Dexterity of 0: taken as 10 (+0).' },
      { field: '["Creatures.statue"].HP.Value', message: 'Garden Statue has 0 hit points: imported without a maximum; give it one in the roster.' },
    ]);
  });

  it('reads saved encounters as rosters: aliases, their own maximum hit points, characters as PCs; an empty one is not offered', () => {
    expect(encountersOf(ii(fixture('improved-initiative-library.json'))).map((e) => ({ name: e.name, creatures: e.creatures.map(({ statBlock: _, ...c }) => c) }))).toEqual([
      {
        name: 'Ambush at the Bridge',
        creatures: [
          { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, health: { max: 7 } },
          { name: 'Goblin Boss', side: 'enemy', stats: { dex: 14, initBonus: 0 }, health: { max: 9 } },
          { name: 'Aria', side: 'pc', stats: { dex: 17, initBonus: 0 }, health: { max: 24 } },
        ],
      },
    ]);
  });

  it('reads the older export, whose values are JSON strings under "ImprovedInitiative." keys; Player "player" is a PC', () => {
    expect(numbersOf(ii(fixture('improved-initiative-legacy.json')))).toEqual([
      { name: 'Kobold', side: 'enemy', stats: { dex: 15, initBonus: 0 }, health: { max: 5 } },
      { name: 'Borin', side: 'pc', stats: { dex: 8 }, health: { max: 27 } },
    ]);
  });

  it('for another system keeps name, side and hit points where it counts hit points; its stats stay at their defaults; the stat block stays', () => {
    expect(numbersOf(ii(fixture('improved-initiative-library.json'), 'dc20'))[1]).toEqual({ name: 'Bugbear', side: 'enemy', stats: {}, health: { max: 27 } });
    expect(creaturesOf(ii(fixture('improved-initiative-library.json'), 'genesys'))[1]).toMatchObject({ name: 'Bugbear', side: 'enemy', stats: {}, statBlock: { ac: 16 } });
    expect(creaturesOf(ii(fixture('improved-initiative-library.json'), 'genesys'))[1]?.health).toBeUndefined();
  });

  it('leaves out an entry with a bad value, naming its field path, and reads the rest', () => {
    const result = ii({
      'Creatures.ok': goblin,
      'Creatures.g1': { ...goblin, HP: { Value: 'seven' } },
      'Creatures.g2': { ...goblin, Abilities: { Dex: 31 } },
      'Creatures.g3': { ...goblin, Name: 12 },
      'PersistentCharacters.p': { StatBlock: { ...goblin, InitiativeModifier: 40 } },
      'ImprovedInitiative.Creatures.g': '{"Name": ',
    });
    expect(creaturesOf(result)).toHaveLength(1);
    expect(skippedOf(result)).toEqual([
      { field: '["Creatures.g1"].HP.Value', message: 'Goblin: Hit points must be a number.' },
      { field: '["Creatures.g2"].Abilities.Dex', message: expect.stringContaining('Goblin: Dexterity must be a whole number from 1 to 30') },
      { field: '["Creatures.g3"].Name', message: expect.stringContaining('A stat block needs a Name') },
      { field: '["PersistentCharacters.p"].StatBlock.InitiativeModifier', message: expect.stringContaining('from -20 to 20') },
      { field: '["ImprovedInitiative.Creatures.g"]', message: 'This entry is a string that is not valid JSON.' },
    ]);
  });

  it('refuses what is not an export: not JSON (naming the line), not an object, no creature keys', () => {
    expect(problemOf(ii('{\n  "Creatures.g": {\n    "Name": "Goblin",,\n  }\n}'))).toMatchObject({ line: 3, message: expect.stringContaining('not valid JSON') });
    expect(problemOf(ii([goblin]))).toMatchObject({ message: 'An Improved Initiative export is one JSON object.' });
    expect(problemOf(ii({ 'Spells.x': {} }))).toMatchObject({ message: expect.stringContaining('No creatures found') });
  });

  it('leaves out an entry whose name has NUL or an unpaired surrogate, naming the field', () => {
    expect(skippedOf(ii({ 'Creatures.g': { ...goblin, Name: 'Gob\u0000lin' } }))).toEqual([{ field: '["Creatures.g"].Name', message: expect.stringContaining('NUL') }]);
    expect(skippedOf(ii('{"Creatures.g": {"Name": "Gob\\udc00lin", "Abilities": {"Dex": 10}}}'))).toEqual([{ field: '["Creatures.g"].Name', message: expect.stringContaining('surrogate') }]);
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} entries`, () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`Creatures.g${i}`, goblin]));
    expect(creaturesOf(ii(many(MAX_CREATURE_FILE_ENTRIES)))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(ii(many(MAX_CREATURE_FILE_ENTRIES + 1)))).toMatchObject({ message: expect.stringContaining(`at most ${MAX_CREATURE_FILE_ENTRIES}`) });
  });
});
