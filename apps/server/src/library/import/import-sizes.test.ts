// Files the size GMs really have, generated here: a 5e.tools bestiary as long as the largest official
// one (the 2014 Monster Manual's file: 1.57 million characters), and a whole Improved Initiative
// user-data export (1,215 entries: creatures, characters, spells, saved encounters). What it costs in
// time and memory is measured in docs/performance.md, not asserted here.
import { describe, expect, it } from 'vitest';
import { statBlockSchema } from '@roundkeeper/protocol';
import { parseCreatureFile } from './index.js';
import { creaturesOf, encountersOf, noticesOf, skippedOf } from './test-files.js';

/** The largest official 5e.tools bestiary, in characters. */
const LARGEST_BESTIARY_LENGTH = 1_573_466;

function monster(i: number): Record<string, unknown> {
  // One in ten is a copy of the monster before it, changed as 5e.tools' copies are.
  if (i % 10 === 5) {
    return { name: `Generated Monster ${i}`, source: 'RKG', _copy: { name: `Generated Monster ${i - 1}`, source: 'RKG', _mod: { '*': { mode: 'replaceTxt', replace: 'the monster', with: 'the beast', flags: 'i' } } } };
  }
  return {
    name: `Generated Monster ${i}`,
    source: 'RKG',
    page: i,
    size: ['M'],
    type: { type: 'monstrosity', tags: ['generated'] },
    alignment: ['N', 'E'],
    ac: [{ ac: 12 + (i % 8), from: ['natural armor'] }],
    hp: { average: 10 + i, formula: `${2 + (i % 10)}d8 + ${i % 7}` },
    speed: { walk: 30, climb: 20 },
    str: 10 + (i % 9), dex: 8 + (i % 11), con: 12, int: 6, wis: 10, cha: 7,
    save: { dex: '+4' },
    skill: { perception: '+3' },
    senses: ['darkvision 60 ft.'],
    passive: 13,
    languages: ['Common'],
    cr: String(1 + (i % 20)),
    trait: [{ name: 'Keen Smell', entries: ['The monster has advantage on Wisdom ({@skill Perception}) checks that rely on smell.'] }],
    action: [
      { name: 'Multiattack', entries: ['The monster makes two Claw attacks.'] },
      { name: 'Claw', entries: [`{@atk mw} {@hit ${3 + (i % 6)}} to hit, reach 5 ft., one target. {@h}7 ({@damage 1d8 + 3}) slashing damage.`] },
      { name: `Howl {@recharge 5}`, entries: ['Each creature within 30 feet must succeed on a {@dc 13} Wisdom saving throw or be {@condition frightened} for 1 minute.'] },
    ],
    ...(i % 25 === 0 ? { legendary: [{ name: 'Claw', entries: ['The monster makes one Claw attack.'] }], legendaryActions: 3 } : {}),
  };
}

describe('creature files the size of the real ones', () => {
  it('reads a generated 5e.tools bestiary as long as the largest official one, every monster with its stat block', () => {
    const monsters: Record<string, unknown>[] = [];
    // 5e.tools' files are tab-indented: about that many characters, each monster as the file holds it.
    for (let length = 0; length < LARGEST_BESTIARY_LENGTH; ) {
      const next = monster(monsters.length);
      monsters.push(next);
      length += JSON.stringify(next, null, '\t').length + 2;
    }
    const text = JSON.stringify({ monster: monsters }, null, '\t');
    expect(text.length).toBeGreaterThanOrEqual(LARGEST_BESTIARY_LENGTH);
    const result = parseCreatureFile('5etools', text, 'dnd5e');
    expect(skippedOf(result)).toEqual([]);
    expect(noticesOf(result)).toEqual([]);
    const creatures = creaturesOf(result);
    expect(creatures).toHaveLength(monsters.length);
    expect(creatures.length).toBeGreaterThan(500);
    for (const c of creatures) expect(statBlockSchema.safeParse(c.statBlock).success).toBe(true);
    expect(creatures[5]?.statBlock?.traits?.[0]?.text).toBe('The beast has advantage on Wisdom (Perception) checks that rely on smell.');
  });

  it('reads a whole Improved Initiative user-data export of 1,215 entries, with its saved encounters', () => {
    const file: Record<string, unknown> = {};
    const statBlock = (i: number, player = '') => ({
      Id: `id${i}`, Name: `Creature ${i}`, Path: '', Source: 'Homebrew', Type: 'Medium humanoid, any alignment',
      HP: { Value: i % 100 === 0 ? 0 : 5 + (i % 60), Notes: `(${1 + (i % 9)}d8)` }, AC: { Value: 10 + (i % 9), Notes: '(natural armor)' },
      InitiativeModifier: i % 3, InitiativeAdvantage: i % 50 === 0, Speed: ['30 ft.'],
      Abilities: { Str: 10, Dex: i % 100 === 1 ? 0 : 8 + (i % 12), Con: 10, Int: 10, Wis: 10, Cha: 10 },
      DamageVulnerabilities: [], DamageResistances: [], DamageImmunities: [], ConditionImmunities: [],
      Saves: [{ Name: 'Dex', Modifier: 2 }], Skills: [{ Name: 'Perception', Modifier: 2 }], Senses: ['passive Perception 12'], Languages: ['Common'],
      Challenge: '1', Traits: [{ Name: 'Brave', Content: 'It has advantage on saving throws against being frightened.' }],
      Actions: [{ Name: 'Club', Content: 'Melee Weapon Attack: +2 to hit, reach 5 ft., one target. Hit: 2 (1d4) bludgeoning damage.' }],
      Reactions: [], LegendaryActions: [], Description: '', Player: player, Version: '3.8.2', ImageURL: '',
    });
    const creatures = 1_000;
    const characters = 15;
    const spells = 180;
    const encounters = 20;
    for (let i = 0; i < creatures; i++) file[`Creatures.id${i}`] = statBlock(i);
    for (let i = 0; i < characters; i++) file[`PersistentCharacters.pc${i}`] = { Id: `pc${i}`, Name: `Hero ${i}`, CurrentHP: 10, StatBlock: { ...statBlock(i, 'player'), Name: `Hero ${i}` } };
    for (let i = 0; i < spells; i++) file[`Spells.s${i}`] = { Id: `s${i}`, Name: `Spell ${i}`, Level: i % 9, Description: 'A spell.' };
    for (let i = 0; i < encounters; i++) {
      file[`SavedEncounters.e${i}`] = {
        Id: `e${i}`, Name: `Fight ${i}`, Path: '', Version: '3.8.2', ActiveCombatantId: null, RoundCounter: 0,
        Combatants: [2, 3, 4].map((n) => ({ Id: `c${n}`, StatBlock: statBlock(n), MaxHP: 20, CurrentHP: 20, TemporaryHP: 0, Initiative: 0, Alias: '', IndexLabel: n, Tags: [], Hidden: false, InterfaceVersion: '3.8.2', ImageURL: '' })),
      };
    }
    file.Creatures = Array.from({ length: creatures }, (_, i) => `id${i}`);
    file.Settings = { Version: '3.8.2' };
    expect(Object.keys(file).filter((k) => k.includes('.'))).toHaveLength(1_215);
    const result = parseCreatureFile('improved-initiative', JSON.stringify(file), 'dnd5e');
    expect(skippedOf(result)).toEqual([]);
    expect(creaturesOf(result)).toHaveLength(creatures + characters);
    expect(creaturesOf(result).filter((c) => c.side === 'pc')).toHaveLength(characters);
    expect(encountersOf(result)).toHaveLength(encounters);
    // Every hundredth has 0 hit points (imported without a maximum), the one after it Dexterity 0 (+0): each said.
    expect(noticesOf(result).filter((n) => n.message.includes('0 hit points')).length).toBe(10 + 1);
    expect(noticesOf(result).filter((n) => n.message.includes('Dexterity of 0')).length).toBe(10 + 1);
  });
});
