import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, fixture, noticesOf, numbersOf, problemOf, skippedOf } from './test-files.js';

const foundry = (file: unknown, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') =>
  parseCreatureFile('foundry', typeof file === 'string' ? file : JSON.stringify(file), system);
const npc = { name: 'Goblin', type: 'npc', system: { abilities: { dex: { value: 14 } }, attributes: { hp: { value: 7, max: 7 } } } };

describe('Foundry VTT dnd5e actor exports', () => {
  it('reads an NPC: Dex, hit point maximum, a hostile token makes an enemy; its stat block', () => {
    const result = foundry(fixture('foundry-npc.json'));
    expect(numbersOf(result)).toEqual([{ name: 'Bandit Captain', side: 'enemy', stats: { dex: 16 }, health: { max: 65 } }]);
    expect(creaturesOf(result)[0]?.statBlock).toEqual({
      ac: 15,
      acNote: 'natural armor',
      hpFormula: '10d8 + 20',
      kind: 'Medium humanoid (any race), any non-lawful alignment',
      speed: '30 ft.',
      abilities: { str: 15, dex: 16, con: 14, int: 14, wis: 11, cha: 14 },
      saves: 'Dex +5, Wis +2',
      senses: 'passive Perception 10',
      languages: 'Common, any two languages',
      cr: '2',
      actions: [{ name: 'Scimitar', text: '' }],
    });
  });

  it('evaluates a 2024 monster\'s initiative formula (@prof * 2 at CR 13: +10) and files its items as traits, actions, bonus actions, reactions, legendary and lair actions', () => {
    const result = foundry(fixture('foundry-2024-npc.json'));
    expect(numbersOf(result)).toEqual([{ name: 'Bone Sorcerer', side: 'enemy', stats: { dex: 14, initBonus: 10 }, health: { max: 150 } }]);
    expect(creaturesOf(result)[0]?.statBlock).toEqual({
      ac: 17,
      acNote: 'natural armor',
      hpFormula: '20d8 + 60',
      kind: 'Medium undead (Wizard), neutral evil',
      speed: '30 ft., fly 30 ft. (hover)',
      abilities: { str: 10, dex: 14, con: 15, int: 20, wis: 13, cha: 12 },
      saves: 'Dex +7, Con +7, Int +10',
      skills: 'Arcana +15, Perception +6',
      senses: 'darkvision 120 ft., passive Perception 16',
      languages: 'Common, Abyssal, telepathy 60 ft.',
      cr: '13',
      traits: [
        { name: 'Legendary Resistance (3/Day)', text: 'If the bone sorcerer fails a saving throw, it can choose to succeed instead.' },
        { name: 'Grave Ward', text: 'The bone sorcerer regains 2d6 hit points at the start of its turn.' },
        { name: 'Spells', text: 'Fire Bolt, Counterspell' },
      ],
      actions: [{ name: 'Bone Staff', text: 'Melee Attack Roll: +6, reach 5 ft. Hit: 9 (2d6 + 2) bludgeoning damage.' }],
      bonusActions: [{ name: 'Grasping Dead', text: 'Hands rise & grab one creature within 30 feet.' }],
      reactions: [{ name: 'Bone Shield', text: '+4 AC until the start of its next turn; see Reactions.' }],
      legendaryActionCount: 3,
      legendaryActions: [{ name: 'Chill Gaze', text: 'The sorcerer stares; DC 17 Constitution save.' }],
      lairActions: [{ name: 'Crypt Tremor', text: 'The crypt shakes.' }],
    });
  });

  it("a PC: the hit point maximum Foundry computes from its class (not its current 18), the Alert feat's effect on initiative, AC from armour worn", () => {
    const result = foundry(fixture('foundry-2024-pc.json'));
    // Rogue 4, d8: 8 + 5 + 6 + 5, and Con +2 a level: 32. Alert adds the proficiency bonus (+2 at level 4).
    expect(numbersOf(result)).toEqual([{ name: 'Wren Ashdown', side: 'pc', stats: { dex: 16, initBonus: 2 }, health: { max: 32 } }]);
    // Chain shirt 13 + Dex (+3, at most +2) + shield 2.
    expect(creaturesOf(result)[0]?.statBlock).toMatchObject({ ac: 17, acNote: 'chain shirt, shield', skills: 'Perception +3, Stealth +7', saves: 'Dex +5, Int +3' });
    expect(noticesOf(result)).toEqual([]);
  });

  it('reads a list: a character without class data takes its current hit points, said; a formula bonus (@prof) is evaluated; a friendly NPC is an NPC', () => {
    const result = foundry(fixture('foundry-party.json'));
    expect(numbersOf(result)).toEqual([
      { name: 'Sister Mira', side: 'pc', stats: { dex: 12, initBonus: 2 }, health: { max: 31 } },
      { name: 'Tomas the Guide', side: 'npc', stats: { dex: 14, initBonus: 2 }, health: { max: 11 } },
    ]);
    expect(noticesOf(result)).toEqual([{ field: '[0].system.attributes.hp', message: 'Sister Mira: the file gives no maximum hit points; taken from the current 31.' }]);
  });

  it('reads an older compendium (.db, one JSON object a line): deleted lines dropped, the 2014 Alert flag (+5), a vehicle left out by its line, a summon without hit points', () => {
    const result = foundry(fixture('foundry-compendium.db'));
    expect(numbersOf(result)).toEqual([
      { name: 'Marsh Troll', side: 'enemy', stats: { dex: 13, initBonus: 0 }, health: { max: 84 } },
      { name: 'Old Sentry', side: 'npc', stats: { dex: 12, initBonus: 5 }, health: { max: 22 } },
      { name: 'Bound Spirit', side: 'npc', stats: { dex: 14, initBonus: 2 } },
    ]);
    expect(creaturesOf(result)[0]?.statBlock).toMatchObject({ ac: 15, hpFormula: '8d10 + 40', cr: '5' });
    expect(skippedOf(result)).toEqual([{ line: 3, field: 'type', message: 'Rowboat: a Foundry "vehicle" is not a character or an NPC that takes turns.' }]);
    expect(noticesOf(result)).toEqual([{ line: 5, field: 'data.attributes.hp.max', message: 'Bound Spirit has 0 hit points: imported without a maximum; give it one in the roster.' }]);
  });

  it('says when an initiative formula is not plain arithmetic, and reads the rest', () => {
    const dice = { ...npc, system: { ...npc.system, attributes: { ...npc.system.attributes, init: { bonus: '1d4 + @prof' } }, details: { cr: 1 } } };
    const result = foundry(dice);
    expect(numbersOf(result)).toEqual([{ name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, health: { max: 7 } }]);
    expect(noticesOf(result)).toEqual([{ field: 'system.attributes.init.bonus', message: 'Goblin: the initiative bonus "1d4 + @prof" is not plain arithmetic and was left out; set it in the roster.' }]);
  });

  it('reads Foundry 9 exports, which keep the fields under "data"', () => {
    expect(numbersOf(foundry(fixture('foundry-v9-character.json')))).toEqual([{ name: 'Old Kell', side: 'pc', stats: { dex: 15, initBonus: 0 }, health: { max: 22 } }]);
    expect(numbersOf(foundry(fixture('foundry-v9-character.json'), 'uesrpg'))).toEqual([{ name: 'Old Kell', side: 'pc', stats: {}, health: { max: 22 } }]);
  });

  it('leaves out an actor with a bad value, naming its field path; no Dexterity is +0', () => {
    const result = foundry([
      npc,
      { ...npc, type: 'vehicle' },
      { ...npc, system: { ...npc.system, abilities: { dex: { value: 31 } } } },
      { ...npc, system: { ...npc.system, attributes: { hp: { max: 10_000 } } } },
      { type: 'npc' },
      { ...npc, name: 'No Dex', system: { abilities: {}, attributes: { hp: { max: 5 } } } },
    ]);
    expect(numbersOf(result)).toEqual([
      { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } },
      { name: 'No Dex', side: 'enemy', stats: {}, health: { max: 5 } },
    ]);
    expect(skippedOf(result)).toEqual([
      { field: '[1].type', message: 'Goblin: a Foundry "vehicle" is not a character or an NPC that takes turns.' },
      { field: '[2].system.abilities.dex.value', message: expect.stringContaining('Goblin: Dexterity must be a whole number from 1 to 30') },
      { field: '[3].system.attributes.hp.max', message: expect.stringContaining('Goblin: The hit point maximum') },
      { field: '[4].name', message: 'An actor needs a name.' },
    ]);
    expect(noticesOf(result)).toEqual([{ field: '[5].name', message: 'No Dex has no Dexterity: taken as 10 (+0).' }]);
  });

  it('refuses what is not JSON, naming the line', () => {
    expect(problemOf(foundry('{\n "name": "Goblin",\n "type": npc\n}'))).toMatchObject({ line: 3 });
    expect(problemOf(foundry('{"name": "A", "type": "npc"}\n{"name": "B", "type": '))).toMatchObject({ line: 2, message: expect.stringContaining('one JSON object a line') });
  });

  it('leaves out an actor whose name has NUL or an unpaired surrogate, naming the field', () => {
    expect(skippedOf(foundry({ ...npc, name: 'Gob\u0000' }))).toEqual([{ field: 'name', message: expect.stringContaining('NUL') }]);
    expect(skippedOf(foundry(`[${JSON.stringify(npc)}, {"name": "\\udfff", "type": "npc"}]`, 'lfg'))).toEqual([{ field: '[1].name', message: expect.stringContaining('surrogate') }]);
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} actors`, () => {
    expect(creaturesOf(foundry(Array.from({ length: MAX_CREATURE_FILE_ENTRIES }, () => npc)))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(foundry(Array.from({ length: MAX_CREATURE_FILE_ENTRIES + 1 }, () => npc)))).toMatchObject({ message: expect.stringContaining('at most') });
  });
});
