import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, fixture, problemOf } from './test-files.js';

const foundry = (file: unknown, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') =>
  parseCreatureFile('foundry', typeof file === 'string' ? file : JSON.stringify(file), system);
const npc = { name: 'Goblin', type: 'npc', system: { abilities: { dex: { value: 14 } }, attributes: { hp: { value: 7, max: 7 } } } };

describe('Foundry VTT dnd5e actor exports', () => {
  it('reads an NPC: Dex, hit point maximum, a hostile token makes an enemy', () => {
    expect(creaturesOf(foundry(fixture('foundry-npc.json')))).toEqual([{ name: 'Bandit Captain', side: 'enemy', stats: { dex: 16 }, health: { max: 65 } }]);
  });

  it('reads a list: a character whose max Foundry computes takes its current hit points; a formula bonus is named in the note; a friendly NPC is an NPC', () => {
    expect(creaturesOf(foundry(fixture('foundry-party.json')))).toEqual([
      {
        name: 'Sister Mira',
        side: 'pc',
        stats: { dex: 12 },
        note: 'Foundry initiative bonus "@prof" is a formula and was not read: set the initiative bonus by hand.',
        health: { max: 31 },
      },
      { name: 'Tomas the Guide', side: 'npc', stats: { dex: 14, initBonus: 2 }, health: { max: 11 } },
    ]);
  });

  it('reads Foundry 9 exports, which keep the fields under "data"', () => {
    expect(creaturesOf(foundry(fixture('foundry-v9-character.json')))).toEqual([{ name: 'Old Kell', side: 'pc', stats: { dex: 15, initBonus: 0 }, health: { max: 22 } }]);
    expect(creaturesOf(foundry(fixture('foundry-v9-character.json'), 'uesrpg'))).toEqual([{ name: 'Old Kell', side: 'pc', stats: {}, health: { max: 22 } }]);
  });

  it('names the field path of a bad value', () => {
    expect(problemOf(foundry({ ...npc, type: 'vehicle' }))).toEqual({ field: 'type', message: 'Roundkeeper imports actors of type "character" or "npc".' });
    expect(problemOf(foundry({ ...npc, system: { abilities: {} } }))).toEqual({ field: 'system.abilities.dex.value', message: 'D&D 5e needs Dexterity.' });
    expect(problemOf(foundry([npc, { ...npc, system: { ...npc.system, abilities: { dex: { value: 0 } } } }]))).toMatchObject({ field: '[1].system.abilities.dex.value' });
    expect(problemOf(foundry({ ...npc, system: { ...npc.system, attributes: { hp: { max: 10_000 } } } }))).toMatchObject({ field: 'system.attributes.hp.max' });
    expect(problemOf(foundry({ ...npc, system: { ...npc.system, attributes: { hp: { max: '7' } } } }))).toMatchObject({ field: 'system.attributes.hp.max' });
    expect(problemOf(foundry({ type: 'npc' }))).toEqual({ field: 'name', message: 'An actor needs a name.' });
  });

  it('refuses what is not JSON, naming the line', () => {
    expect(problemOf(foundry('{\n "name": "Goblin",\n "type": npc\n}'))).toMatchObject({ line: 3 });
  });

  it('refuses NUL and unpaired surrogates in a name, naming the field', () => {
    expect(problemOf(foundry({ ...npc, name: 'Gob\u0000' }))).toMatchObject({ field: 'name', message: expect.stringContaining('NUL') });
    expect(problemOf(foundry(`[${JSON.stringify(npc)}, {"name": "\\udfff", "type": "npc"}]`, 'lfg'))).toMatchObject({ field: '[1].name' });
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} actors`, () => {
    expect(creaturesOf(foundry(Array.from({ length: MAX_CREATURE_FILE_ENTRIES }, () => npc)))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(foundry(Array.from({ length: MAX_CREATURE_FILE_ENTRIES + 1 }, () => npc)))).toMatchObject({ message: expect.stringContaining('at most') });
  });
});
