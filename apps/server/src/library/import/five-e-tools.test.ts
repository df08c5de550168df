import { describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_ENTRIES, statBlockBytes, statBlockSchema } from '@roundkeeper/protocol';
import { parseCreatureFile, parseCreatureFiles } from './index.js';
import { creaturesOf, fixture, fixtures, named, noticesOf, numbersOf, problemOf, skippedOf } from './test-files.js';

const tools = (file: unknown, system: Parameters<typeof parseCreatureFile>[2] = 'dnd5e') =>
  parseCreatureFile('5etools', typeof file === 'string' ? file : JSON.stringify(file), system);
const goblin = { name: 'Goblin', source: 'MM', hp: { average: 7, formula: '2d6' }, str: 8, dex: 14, cr: '1/4' };
const together = () => parseCreatureFiles('5etools', fixtures('5etools-bestiary.json', '5etools-other-book.json', '5etools-legendarygroups.json', '5etools-template.json'), 'dnd5e');

describe('5e.tools bestiary files', () => {
  it('reads monsters: average hit points, dex, initiative as a total or as proficiency by cr; {special} or 0 hit points give no health', () => {
    expect(numbersOf(tools(fixture('5etools-bestiary.json')))).toEqual([
      { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } },
      // A copy takes the original's numbers.
      { name: 'Goblin Archer', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } },
      // CR 10: proficiency +4, once.
      { name: 'Young Red Dragon', side: 'enemy', stats: { dex: 10, initBonus: 4 }, health: { max: 178 } },
      // Initiative +5 in all, Dex 16 gives +3 of it.
      { name: 'Giant Spider', side: 'enemy', stats: { dex: 16, initBonus: 2 }, health: { max: 26 } },
      { name: 'Animated Object', side: 'enemy', stats: { dex: 10 } },
      // CR 9: +4, and advantage (in the stat block).
      { name: 'Mire Warden', side: 'enemy', stats: { dex: 12, initBonus: 4 }, health: { max: 136 } },
      // No Dexterity: the rules' default (10, +0), said in a notice.
      { name: 'Village Elder', side: 'enemy', stats: {}, health: { max: 4 } },
      { name: 'Clockwork Statue', side: 'enemy', stats: { dex: 1 } },
    ]);
  });

  it('writes the stat block out in words: AC with its note, HP formula, speed, saves, skills, senses, spellcasting, every kind of action, lair actions', () => {
    const warden = named(together(), 'Mire Warden').statBlock;
    expect(warden).toMatchObject({
      ac: 17,
      acNote: 'natural armor; 19 while in its lair',
      hpFormula: '16d10 + 48',
      initiativeAdvantage: true,
      kind: 'Large fey (shapechanger), any evil alignment',
      speed: '30 ft., fly 40 ft. (hover), swim 60 ft. (in mud only)',
      abilities: { str: 18, dex: 12, con: 16, int: 13, wis: 17, cha: 15 },
      saves: 'Con +7, Wis +7',
      skills: 'Perception +7, Stealth +5',
      senses: 'darkvision 120 ft., tremorsense 30 ft., passive Perception 17',
      languages: 'Sylvan, telepathy 60 ft.',
      cr: '9 (10 in lair)',
      bonusActions: [{ name: 'Sink', text: 'The warden takes the Hide action while in mud.' }],
      reactions: [{ name: 'Sucking Mud', text: "Trigger: A creature within 10 feet of the warden moves. Response: The warden halves that creature's speed until the end of the turn." }],
      legendaryActionCount: 2,
      legendaryActions: [
        { name: 'Lash', text: 'The warden makes one Mire Lash attack.' },
        { name: 'Spore Puff (Costs 2 Actions)', text: 'The warden uses Choking Spores, if available.' },
      ],
      lairActions: [
        { name: '', text: 'On initiative count 20 (losing initiative ties), the warden takes a lair action:' },
        { name: 'Sinking Ground', text: 'The ground in a 20-foot square becomes quicksand.' },
        { name: "Will-o'-Lights", text: 'Lights dance; each creature must succeed on a DC 14 Wisdom saving throw or be charmed until initiative count 20 on the next round.' },
      ],
      source: 'RKT, p. 12',
    });
    expect(warden?.traits).toEqual([
      { name: 'Bog Stride', text: 'Difficult terrain made of mud or water costs the warden no extra movement.\nIt leaves no tracks.\nIt smells of peat.' },
      {
        name: 'Innate Spellcasting',
        text: "The warden's innate spellcasting ability is Wisdom (spell save DC 15). It can innately cast the following spells:\nAt will: druidcraft, fog cloud\n3/day: thunderwave\n1/day each: entangle, Plant Growth",
      },
    ]);
    // The tags become the words the book prints: {@atk mw,rw}, {@hit 7}, {@h}, {@damage}, {@recharge 5}, 2024's {@atkr m}, {@actSave con}…
    expect(warden?.actions).toEqual([
      { name: 'Multiattack', text: 'The warden makes two Mire Lash attacks.' },
      {
        name: 'Mire Lash',
        text: 'Melee or Ranged Weapon Attack: +7 to hit, reach 10 ft. or range 30/60 ft., one target. Hit: 13 (2d8 + 4) bludgeoning damage. If the target is a creature, it must succeed on a DC 15 Strength saving throw or be grappled.',
      },
      { name: 'Choking Spores (Recharge 5–6)', text: 'Constitution Saving Throw: DC 15, each creature in a 15-foot cone. Failure: 22 (4d10) poison damage. Success: Half damage.' },
      { name: 'Root Grasp (Recharge 6)', text: 'Melee Attack Roll: +7, reach 10 ft. Hit: 9 (1d10 + 4) piercing damage. Hit or Miss: The root withers. 50 percent chance it regrows.' },
      { name: 'Spellcasting', text: 'The warden casts one of the following spells:\nCantrips (at will): shillelagh\n2nd level (3 slots): moonbeam' },
    ]);
    expect(statBlockSchema.safeParse(warden).success).toBe(true);
    expect(JSON.stringify(creaturesOf(together()))).not.toContain('{@');
  });

  it('applies a copy\'s changes: text replaced keeping its capital, entries appended and replaced, a skill added at its proficiency', () => {
    const archer = named(together(), 'Goblin Archer').statBlock;
    expect(archer?.traits).toEqual([
      { name: 'Nimble Escape', text: 'The archer can take the Disengage or Hide action as a bonus action on each of its turns.' },
      { name: 'Keen Sight', text: 'The archer has advantage on Wisdom (Perception) checks that rely on sight.' },
    ]);
    expect(archer?.actions).toEqual([{ name: 'Shortbow', text: 'Ranged Weapon Attack: +4 to hit, range 80/320 ft.' }]);
    // Wisdom 8 (−1) + proficiency +2 (CR 1/4).
    expect(archer?.skills).toBe('Stealth +6, Perception +1');
  });

  it('a changed text keeps what the pattern\'s groups matched ($1), as the books\' copies use it', () => {
    const mage = { ...goblin, name: 'Mage', trait: [{ name: 'Spellcasting', entries: ['The mage casts {@spell mage hand}. Magecraft is old.'] }] };
    const copy = { name: 'Goblin Mage', source: 'MM', _copy: { name: 'Mage', source: 'MM', _mod: { '*': { mode: 'replaceTxt', replace: '(^| )mage', with: '$1goblin' } } } };
    expect(creaturesOf(tools({ monster: [mage, copy] }))[1]?.statBlock?.traits).toEqual([{ name: 'Spellcasting', text: 'The goblin casts goblin hand. Magecraft is old.' }]);
  });

  it('applies a copy\'s changes in 5e.tools\' order: an entry replaced by its name before the text everywhere is changed', () => {
    const sword = { ...goblin, name: 'Flying Sword', action: [{ name: 'Longsword', entries: ['The sword slashes.'] }] };
    const copy = { name: 'Flying Trident', source: 'MM', _copy: { name: 'Flying Sword', source: 'MM', _mod: { '*': { mode: 'replaceTxt', replace: 'sword', with: 'trident', flags: 'i' }, action: { mode: 'replaceArr', replace: 'Longsword', items: { name: 'Trident', entries: ['The sword stabs.'] } } } } };
    const result = tools({ monster: [sword, copy] });
    expect(creaturesOf(result)[1]?.statBlock?.actions).toEqual([{ name: 'Trident', text: 'The trident stabs.' }]);
    expect(noticesOf(result)).toEqual([]);
  });

  it('applies a template\'s numbers: hit points halved, saves and attack and DC lowered, size capped', () => {
    const ogre = {
      ...goblin,
      name: 'Ogre',
      size: ['H'],
      hp: { average: 59, formula: '7d10 + 21' },
      save: { con: '+5' },
      spellcasting: [{ name: 'Spellcasting', headerEntries: ['Spell save {@dc 13}, {@hit 5} to hit with spell attacks.'] }],
    };
    const lesser = { name: 'Lesser', source: 'RKT', apply: { _mod: {
      _: [{ mode: 'maxSize', max: 'L' }, { mode: 'scalarMultXp', scalar: 0.5, floor: true }],
      hp: [{ mode: 'scalarMultProp', prop: 'average', scalar: 0.5, floor: true }, { mode: 'prefixSuffixStringProp', prop: 'formula', prefix: 'half of ', suffix: '' }],
      save: { mode: 'scalarAddProp', scalar: -2, prop: '*' },
      spellcasting: [{ mode: 'scalarAddHit', scalar: -2 }, { mode: 'scalarAddDc', scalar: -2 }],
    } } };
    const copy = { name: 'Lesser Ogre', source: 'MM', _copy: { name: 'Ogre', source: 'MM', _templates: [{ name: 'Lesser', source: 'RKT' }] } };
    const result = tools({ monster: [ogre, copy], monsterTemplate: [lesser] });
    expect(noticesOf(result)).toEqual([]);
    expect(creaturesOf(result)[1]).toMatchObject({
      health: { max: 29 },
      statBlock: { kind: 'Large', hpFormula: 'half of 7d10 + 21', saves: 'Con +3', traits: [{ name: 'Spellcasting', text: 'Spell save DC 11, +3 to hit with spell attacks.' }] },
    });
  });

  it('resolves copies across files, with the templates of template.json, and takes lair actions from legendarygroups.json', () => {
    const result = together();
    expect(skippedOf(result).map((s) => s.message)).toEqual([expect.stringContaining('Broken Entry')]);
    expect(named(result, 'Kobold Sneak')).toMatchObject({ stats: { dex: 15 }, health: { max: 5 }, statBlock: { cr: '1/8', actions: [{ name: 'Dagger' }] } });
    // Bog Crone (RKO) in the other book, with the Mossy template (Charisma 6, a trait, a language, a sense) and a prepended action.
    expect(named(result, 'Swamp Hag')).toMatchObject({
      stats: { dex: 13 },
      health: { max: 58 },
      statBlock: {
        abilities: { cha: 6 },
        languages: 'Sylvan',
        senses: 'tremorsense 10 ft.',
        traits: [{ name: 'Moss Cloak' }],
        actions: [{ name: 'Cackle' }, { name: 'Claws' }],
      },
    });
  });

  it('leaves out a copy of a monster in no file given, naming the book, and says which books to add', () => {
    const result = tools(fixture('5etools-bestiary.json'));
    expect(skippedOf(result)).toEqual([
      { field: 'monster[2]._copy', message: 'Kobold Sneak: it copies Kobold from the book MM, which is in none of the files given (add bestiary-mm.json).' },
      { field: 'monster[9].hp', message: expect.stringContaining('Broken Entry: Its hit points are neither') },
      { field: 'monster[10]._copy', message: expect.stringContaining('Swamp Hag: it copies Bog Crone from the book RKO') },
    ]);
    expect(noticesOf(result)).toContainEqual({ message: expect.stringContaining('MM (1), RKO (1)') });
  });

  it('takes what it can: no Dexterity is +0, hit points of 0 or special are left for the GM, each said', () => {
    expect(noticesOf(tools(fixture('5etools-bestiary.json')))).toEqual(
      expect.arrayContaining([
        { field: 'monster[5].name', message: 'Animated Object has hit points "10 + 10 per spell level above 5": imported without a maximum; give it one in the roster.' },
        { field: 'monster[7].name', message: 'Village Elder has no Dexterity: taken as 10 (+0).' },
        { field: 'monster[8].hp.average', message: 'Clockwork Statue has 0 hit points: imported without a maximum; give it one in the roster.' },
      ]),
    );
  });

  it('names the file of a note when several are read', () => {
    const result = parseCreatureFiles('5etools', fixtures('5etools-bestiary.json', '5etools-template.json'), 'dnd5e');
    expect(skippedOf(result)[0]).toMatchObject({ file: '5etools-bestiary.json', field: 'monster[2]._copy' });
  });

  it('proficiency by CR follows the SRD table (CR 17: +6, twice for expertise)', () => {
    const dragon = { name: 'Ancient Dragon', hp: { average: 300 }, dex: 10, cr: { cr: '17' }, initiative: { proficiency: 2 } };
    expect(creaturesOf(tools({ monster: [dragon] }))[0]?.stats).toEqual({ dex: 10, initBonus: 12 });
  });

  it('leaves out an entry with a bad value, naming its field path, and reads the rest', () => {
    const result = tools({ monster: [goblin, { ...goblin, hp: { average: 'seven' } }, { ...goblin, dex: '14' }, { ...goblin, name: undefined }, { ...goblin, cr: undefined, initiative: { proficiency: 1 } }, { ...goblin, hp: { average: 10_000 } }] });
    expect(creaturesOf(result)).toHaveLength(1);
    expect(skippedOf(result)).toEqual([
      { field: 'monster[1].hp', message: expect.stringContaining('Goblin: Its hit points are neither') },
      { field: 'monster[2].dex', message: 'Goblin: Dexterity must be a number.' },
      { field: 'monster[3].name', message: 'A monster needs a name.' },
      { field: 'monster[4].cr', message: expect.stringContaining('Goblin: Initiative proficiency needs the challenge rating') },
      { field: 'monster[5].hp.average', message: expect.stringContaining('Goblin: The hit point maximum must be a whole number') },
    ]);
  });

  it('refuses what is not a bestiary: not JSON (naming the line), no monster list', () => {
    expect(problemOf(tools('{"monster": [\n{"name": "Goblin"}\n{"name": "Orc"}]}'))).toMatchObject({ line: 3 });
    expect(problemOf(tools({ spell: [] }))).toMatchObject({ field: 'monster', message: 'A 5e.tools bestiary has a "monster" list.' });
    expect(problemOf(parseCreatureFiles('5etools', [{ name: 'a.json', text: JSON.stringify({ monster: [goblin] }) }, { name: 'b.json', text: '{' }], 'dnd5e'))).toMatchObject({
      file: 'b.json',
      message: expect.stringContaining('not valid JSON'),
    });
  });

  it('leaves out a monster whose name has NUL or an unpaired surrogate, naming the field', () => {
    expect(skippedOf(tools({ monster: [goblin, { ...goblin, name: 'Or\u0000c' }] }))).toEqual([{ field: 'monster[1].name', message: expect.stringContaining('NUL') }]);
    expect(skippedOf(tools('{"monster": [{"name": "\\ud800", "dex": 10}]}'))).toEqual([{ field: 'monster[0].name', message: expect.stringContaining('surrogate') }]);
  });

  it(`takes at most ${MAX_CREATURE_FILE_ENTRIES} monsters`, () => {
    expect(creaturesOf(tools({ monster: Array.from({ length: MAX_CREATURE_FILE_ENTRIES }, () => goblin) }))).toHaveLength(MAX_CREATURE_FILE_ENTRIES);
    expect(problemOf(tools({ monster: Array.from({ length: MAX_CREATURE_FILE_ENTRIES + 1 }, () => goblin) }))).toMatchObject({ field: 'monster' });
  });

  it('a stat block longer than the protocol allows is shortened, and the reading says so', () => {
    const long = { ...goblin, trait: Array.from({ length: 60 }, (_, i) => ({ name: `Trait ${i}`, entries: ['x'.repeat(5000)] })) };
    const result = tools({ monster: [long] });
    const block = creaturesOf(result)[0]?.statBlock;
    expect(block?.traits?.length).toBeGreaterThan(0);
    expect(statBlockBytes(block!)).toBeLessThanOrEqual(32 * 1024);
    expect(noticesOf(result)).toContainEqual({ field: 'monster[0]', message: 'Goblin: its stat block was shortened to fit (very long entries are cut).' });
  });
});
