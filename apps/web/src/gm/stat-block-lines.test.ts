import { describe, expect, it } from 'vitest';
import type { StatBlock } from '@roundkeeper/rules/core';
import { abilityModifier, hasStatBlock, statAbilities, statLines, statSections } from './stat-block-lines.js';

const goblin: StatBlock = {
  kind: 'Small humanoid (goblinoid), neutral evil',
  ac: 15,
  acNote: 'leather armor, shield',
  hpFormula: '2d6',
  speed: '30 ft.',
  abilities: { str: 8, dex: 14, con: 10, int: 10, wis: 8, cha: 8 },
  skills: 'Stealth +6',
  cr: '1/4',
  traits: [{ name: 'Nimble Escape', text: 'The goblin can take the Disengage or Hide action as a bonus action on each of its turns.' }],
  actions: [{ name: 'Scimitar', text: 'Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage.' }],
};

describe('[issue 28] a stat block as the console shows it', () => {
  it('gives the 5e modifier of each score, rounded down, with a real minus sign', () => {
    expect([1, 8, 9, 10, 11, 14, 20, 30].map(abilityModifier)).toEqual(['−5', '−1', '−1', '+0', '+0', '+2', '+5', '+10']);
  });
  it('lists the facts the file gave, in the book order, and only those', () => {
    expect(statLines(goblin)).toEqual([
      { label: 'Creature', value: 'Small humanoid (goblinoid), neutral evil' },
      { label: 'Armor Class', value: '15 (leather armor, shield)' },
      { label: 'Hit Points', value: '2d6' },
      { label: 'Speed', value: '30 ft.' },
      { label: 'Skills', value: 'Stealth +6' },
      { label: 'Challenge', value: '1/4' },
    ]);
    expect(statLines({ ac: 0 })).toEqual([{ label: 'Armor Class', value: '0' }]);
    expect(statAbilities(goblin).map((a) => `${a.label} ${a.score} (${a.modifier})`)).toEqual([
      'STR 8 (−1)', 'DEX 14 (+2)', 'CON 10 (+0)', 'INT 10 (+0)', 'WIS 8 (−1)', 'CHA 8 (−1)',
    ]);
  });
  it('keeps the lists that have entries, legendary actions with their count', () => {
    expect(statSections(goblin).map((s) => s.title)).toEqual(['Traits', 'Actions']);
    const dragon: StatBlock = { legendaryActionCount: 3, legendaryActions: [{ name: 'Tail Attack', text: 'The dragon makes a tail attack.' }] };
    expect(statSections(dragon)).toEqual([
      { title: 'Legendary Actions', intro: "3 a round, one at the end of another creature's turn.", entries: dragon.legendaryActions },
    ]);
  });
  it('treats a missing or empty block as nothing to show', () => {
    expect(hasStatBlock(undefined)).toBe(false);
    expect(hasStatBlock({})).toBe(false);
    expect(hasStatBlock({ traits: [] })).toBe(false);
    expect(hasStatBlock(goblin)).toBe(true);
  });
});
