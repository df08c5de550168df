import { describe, expect, it } from 'vitest';
import { systemCatalogue } from '@roundkeeper/rules/catalogue';
import { basicsOf } from '../systems/basics.js';
import { describeCombatant, parsePaste as parseWith } from './paste-parser.js';

const statsOf = (id: string) => systemCatalogue().find((s) => s.id === id)!.statDefs;
const parsePaste = (text: string) => parseWith(text, statsOf('dnd5e'), { init: 'initBonus' });

describe('parsePaste', () => {
  it('reads a count as a group, and defaults the side to enemy', () => {
    expect(parsePaste('4 Goblin dex 14')).toEqual([
      { ok: true, line: 1, combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0, legendaryActions: 0, lairActions: 0 }, count: 4 } },
    ]);
  });

  it('reads sides, init bonuses and hidden in any order', () => {
    const [aria, assassin] = parsePaste('Aria pc dex 16\n\nAssassin hidden init +2 DEX 18');
    expect(aria).toMatchObject({ ok: true, combatant: { name: 'Aria', side: 'pc', stats: { dex: 16, initBonus: 0 } } });
    expect(assassin).toMatchObject({
      ok: true,
      line: 3,
      combatant: { name: 'Assassin', side: 'enemy', hidden: true, stats: { dex: 18, initBonus: 2 } },
    });
  });

  it('[issue 28] knows the protocol\'s limits before sending: a name of 61 characters, a group of 51', () => {
    const long = 'A'.repeat(61);
    expect(parsePaste(`${long} pc`)).toEqual([{ ok: false, line: 1, error: 'line 1: the name is 61 characters long; at most 60' }]);
    expect(parsePaste(`${'A'.repeat(60)} pc`)[0]).toMatchObject({ ok: true });
    expect(parsePaste('51 Rat')).toEqual([{ ok: false, line: 1, error: 'line 1: a group has at most 50 members' }]);
  });

  it('keeps several words as the name', () => {
    expect(parsePaste('Old Tom npc')[0]).toMatchObject({ combatant: { name: 'Old Tom', side: 'npc' } });
  });

  it('reports lines it cannot read', () => {
    expect(parsePaste('3 dex 12')[0]).toEqual({ ok: false, line: 1, error: 'line 1: no name' });
    expect(parsePaste('Ogre dex')[0]).toMatchObject({ ok: false });
  });

  it("reads any system's stats by key, label or alias, and checks their bounds", () => {
    expect(parseWith('Lydia pc agi 42 luck 50', statsOf('uesrpg'), { agi: 'agility' })[0]).toMatchObject({
      ok: true,
      combatant: { name: 'Lydia', side: 'pc', stats: { agility: 42, luck: 50, perception: 30 } },
    });
    expect(parseWith('Kyla pc presence 3 cool 2', statsOf('genesys'))[0]).toMatchObject({
      combatant: { stats: { presence: 3, cool: 2, willpower: 2, vigilance: 0 } },
    });
    expect(parseWith('Kyla presence 9', statsOf('genesys'))[0]).toMatchObject({ ok: false, error: 'line 1: Presence must be from 1 to 6' });
  });
});

describe('parsePaste: health', () => {
  it('[ENG-25] reads hp as the maximum, and wounds with a strain threshold', () => {
    expect(parsePaste('Goblin hp 7')[0]).toEqual({
      ok: true,
      line: 1,
      combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 10, initBonus: 0, legendaryActions: 0, lairActions: 0 }, health: { max: 7 } },
    });
    const genesys = parseWith('Kell pc wounds 14 strain 12', statsOf('genesys'));
    expect(genesys[0]).toMatchObject({ ok: true, combatant: { name: 'Kell', side: 'pc', health: { max: 14, strain: 12 } } });
  });

  it('refuses a strain threshold without a maximum, and values out of range', () => {
    expect(parsePaste('Goblin strain 4')[0]).toMatchObject({ ok: false });
    expect(parsePaste('Goblin hp 0')[0]).toMatchObject({ ok: false, error: 'line 1: hp must be from 1 to 9999' });
  });
});

describe('parsePaste: words it does not know (issue 15)', () => {
  it("refuses a stat word the system has no stat for, naming it, instead of folding it into the name", () => {
    const [spider] = parseWith('3 Spider init 2', statsOf('uesrpg'), { agi: 'agility' });
    expect(spider).toMatchObject({ ok: false, line: 1 });
    expect(spider!.ok ? '' : spider!.error).toMatch(/^line 1: "init" is not a word this list knows \(stats here: agi/);
    const [aria] = parseWith('Aria pc cool 2', statsOf('lfg'), { init: 'initiative' });
    expect(aria!.ok ? '' : aria!.error).toMatch(/"cool" is not a word this list knows/);
  });

  it('refuses an unknown word after the name has ended, and keeps a number that ends a name', () => {
    expect(parsePaste('Goblin pc sneaky')[0]).toMatchObject({ ok: false, error: expect.stringMatching(/"sneaky"/) });
    expect(parsePaste('Goblin 2 hp 7')[0]).toMatchObject({ ok: true, combatant: { name: 'Goblin 2', health: { max: 7 } } });
  });

  it("reads each system's documented short forms", () => {
    expect(parseWith('Lydia pc ag 42 prc 35 lck 50', statsOf('uesrpg'), basicsOf('uesrpg').pasteAliases)[0]).toMatchObject({
      ok: true, combatant: { stats: { agility: 42, perception: 35, luck: 50 } },
    });
    expect(parseWith('Vela pc init 12 cha 9', statsOf('lfg'), basicsOf('lfg').pasteAliases)[0]).toMatchObject({ ok: true });
  });

  it('says what each line will add', () => {
    const [line] = parsePaste('4 Goblin dex 14 hp 7 hidden');
    expect(line!.ok && describeCombatant(line!.combatant, statsOf('dnd5e'))).toBe('4 Goblin (a group) · enemy · Dexterity 14 · max 7 · hidden');
  });
});
