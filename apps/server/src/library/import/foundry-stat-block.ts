// A Foundry dnd5e actor's stat block in plain words: AC (a flat or natural value, or armour worn plus
// Dexterity), the hit point formula, speed, abilities, proficient saves and skills with their bonuses,
// senses, languages, CR, and its items as traits, actions, bonus actions, reactions, legendary and
// lair actions (by each item's activation; weapons are actions, spells one list). Descriptions are
// HTML with Foundry's enrichers ("[[/r 1d10]]", "@UUID[…]{Component Pouch}"): written as plain words.
import type { StatBlock, StatBlockEntry } from '@roundkeeper/rules/core';
import { ABILITY_IDS, isRecord, numberOf, type FoundryActor, type Raw } from './foundry-data.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const get = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), value);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));
const titleCase = (s: string): string => s.replace(/\b\w/g, (c) => c.toUpperCase());

const SIZES: Readonly<Record<string, string>> = { tiny: 'Tiny', sm: 'Small', med: 'Medium', lg: 'Large', huge: 'Huge', grg: 'Gargantuan' };
const SKILLS: Readonly<Record<string, readonly [string, string]>> = {
  acr: ['Acrobatics', 'dex'],
  ani: ['Animal Handling', 'wis'],
  arc: ['Arcana', 'int'],
  ath: ['Athletics', 'str'],
  dec: ['Deception', 'cha'],
  his: ['History', 'int'],
  ins: ['Insight', 'wis'],
  itm: ['Intimidation', 'cha'],
  inv: ['Investigation', 'int'],
  med: ['Medicine', 'wis'],
  nat: ['Nature', 'int'],
  prc: ['Perception', 'wis'],
  prf: ['Performance', 'cha'],
  per: ['Persuasion', 'cha'],
  rel: ['Religion', 'int'],
  slt: ['Sleight of Hand', 'dex'],
  ste: ['Stealth', 'dex'],
  sur: ['Survival', 'wis'],
};
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Foundry's HTML and enrichers as plain words. */
export function foundryText(html: string, name: string): string {
  return html
    .replace(/\[\[lookup @name(?: lowercase)?\]\]/gi, name.toLowerCase())
    .replace(/\[\[\/\w+ ([^\]]*?)\]\](?:\{([^}]*)\})?/g, (_, formula: string, label?: string) => label ?? formula.replace(/\s*#.*$/, ''))
    .replace(/\[\[([^\]]*)\]\]/g, '$1')
    .replace(/@\w+\[[^\]]*\]\{([^}]*)\}/g, '$1')
    .replace(/@\w+\[([^\]]*)\]/g, (_, ref: string) => ref.split('.').at(-1) ?? ref)
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (all, code: string) => ENTITIES[code] ?? all)
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function armorClass(a: FoundryActor): { ac?: number; acNote?: string } {
  const ac = get(a.system, ['attributes', 'ac']);
  const calc = str(get(ac, ['calc']));
  const flat = numberOf(get(ac, ['flat'])) ?? numberOf(get(ac, ['value']));
  if (calc === '' && flat !== undefined) return { ac: flat };
  // Foundry 9 and older wrote the armour class itself (`ac.value`) and no way of computing it.
  if ((calc === 'flat' || calc === 'natural') && flat !== undefined) return { ac: flat, ...(calc === 'natural' ? { acNote: 'natural armor' } : {}) };
  // Worn armour: its base, plus Dexterity up to the armour's cap, plus a shield's bonus.
  const worn = a.items.filter((i) => i.type === 'equipment' && get(i, ['system', 'equipped']) === true);
  const armor = worn.find((i) => ['light', 'medium', 'heavy'].includes(str(get(i, ['system', 'type', 'value'])) || str(get(i, ['system', 'armor', 'type']))));
  const shield = worn.find((i) => (str(get(i, ['system', 'type', 'value'])) || str(get(i, ['system', 'armor', 'type']))) === 'shield');
  const base = armor ? numberOf(get(armor, ['system', 'armor', 'value'])) : 10;
  if (base === undefined) return flat === undefined ? {} : { ac: flat };
  const cap = armor ? numberOf(get(armor, ['system', 'armor', 'dex'])) : undefined;
  const dex = cap === undefined ? a.mod('dex') : Math.min(a.mod('dex'), cap);
  const shieldBonus = shield ? (numberOf(get(shield, ['system', 'armor', 'value'])) ?? 0) : 0;
  const names = [armor, shield].filter((i): i is Raw => i !== undefined).map((i) => str(i.name).toLowerCase());
  if (calc === 'flat' && flat === undefined) return {};
  return { ac: base + dex + shieldBonus, ...(names.length > 0 ? { acNote: names.join(', ') } : {}) };
}

function kindOf(a: FoundryActor): string | undefined {
  const size = SIZES[str(get(a.system, ['traits', 'size']))] ?? '';
  const type = get(a.system, ['details', 'type']);
  const typeText = isRecord(type) ? [str(type.value) === 'custom' ? str(type.custom) : str(type.value), str(type.subtype) ? `(${str(type.subtype)})` : ''].filter((p) => p !== '').join(' ') : str(type);
  const race = isRecord(get(a.system, ['details', 'race'])) ? '' : str(get(a.system, ['details', 'race']));
  const alignment = str(get(a.system, ['details', 'alignment'])).toLowerCase();
  const line = [[size, typeText || race].filter((p) => p !== '').join(' '), alignment].filter((p) => p !== '').join(', ');
  return line === '' ? undefined : line.charAt(0).toUpperCase() + line.slice(1);
}

function speedOf(a: FoundryActor): string | undefined {
  const movement = get(a.system, ['attributes', 'movement']);
  if (!isRecord(movement)) return undefined;
  const units = str(movement.units) || 'ft';
  const parts: string[] = [];
  for (const mode of ['walk', 'burrow', 'climb', 'fly', 'swim']) {
    const value = numberOf(movement[mode]);
    if (!value) continue;
    parts.push(`${mode === 'walk' ? '' : `${mode} `}${value} ${units}.${mode === 'fly' && movement.hover === true ? ' (hover)' : ''}`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function sensesOf(a: FoundryActor): string | undefined {
  const senses = get(a.system, ['attributes', 'senses']);
  const parts: string[] = [];
  if (isRecord(senses)) {
    const units = str(senses.units) || 'ft';
    for (const sense of ['blindsight', 'darkvision', 'tremorsense', 'truesight']) {
      const range = numberOf(senses[sense]);
      if (range) parts.push(`${sense} ${range} ${units}.`);
    }
    if (str(senses.special)) parts.push(str(senses.special));
  }
  const prc = get(a.system, ['skills', 'prc']);
  const proficiency = a.proficiency() ?? 0;
  const passive = 10 + a.mod('wis') + Math.floor((numberOf(get(prc, ['value'])) ?? 0) * proficiency);
  if (a.score('wis') !== undefined) parts.push(`passive Perception ${passive}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function languagesOf(a: FoundryActor): string | undefined {
  const languages = get(a.system, ['traits', 'languages']);
  if (!isRecord(languages)) return undefined;
  const values = Array.isArray(languages.value) ? languages.value.filter((v): v is string => typeof v === 'string').map((v) => (v === 'ALL' ? 'all' : titleCase(v))) : [];
  const custom = str(languages.custom).split(';').map((s) => s.trim()).filter((s) => s !== '');
  const all = [...values, ...custom];
  return all.length > 0 ? all.join(', ') : undefined;
}

/** "1/8", "1/4", "1/2" as the books write fractional CRs. */
function crText(cr: number): string {
  const fractions: Readonly<Record<string, string>> = { '0.125': '1/8', '0.25': '1/4', '0.5': '1/2' };
  return fractions[String(cr)] ?? String(cr);
}

type Where = 'traits' | 'actions' | 'bonusActions' | 'reactions' | 'legendaryActions' | 'lairActions';
const BY_ACTIVATION: Readonly<Record<string, Where>> = {
  action: 'actions',
  attack: 'actions',
  bonus: 'bonusActions',
  reaction: 'reactions',
  legendary: 'legendaryActions',
  lair: 'lairActions',
};

/** Where an item shows: by its activation (dnd5e 4's activities, or 3's `activation`), weapons among actions. */
function placeOf(item: Raw): Where {
  const system = isRecord(item.system) ? item.system : {};
  const activities = isRecord(system.activities) ? Object.values(system.activities).filter(isRecord) : [];
  const types = [...activities.map((act) => str(get(act, ['activation', 'type']))), str(get(system, ['activation', 'type']))];
  for (const type of types) if (BY_ACTIVATION[type]) return BY_ACTIVATION[type];
  return item.type === 'weapon' ? 'actions' : 'traits';
}

/** Items that are not the creature's features: gear, classes, backgrounds and the like. */
const NOT_FEATURES = new Set(['class', 'subclass', 'background', 'race', 'container', 'loot', 'consumable', 'tool', 'backpack', 'equipment', 'spell']);

export function foundryStatBlock(a: FoundryActor): StatBlock {
  const name = str(a.actor.name);
  const block: Mutable<StatBlock> = { ...armorClass(a) };
  const formula = str(get(a.system, ['attributes', 'hp', 'formula']));
  if (formula) block.hpFormula = formula;
  const kind = kindOf(a);
  if (kind) block.kind = kind;
  const speed = speedOf(a);
  if (speed) block.speed = speed;
  const abilities: Partial<Record<(typeof ABILITY_IDS)[number], number>> = {};
  for (const key of ABILITY_IDS) {
    const score = a.score(key);
    if (score !== undefined) abilities[key] = score;
  }
  if (Object.keys(abilities).length > 0) block.abilities = abilities;
  const proficiency = a.proficiency() ?? 0;
  const saves = ABILITY_IDS.filter((k) => numberOf(get(a.system, ['abilities', k, 'proficient'])) === 1).map((k) => `${titleCase(k)} ${signed(a.mod(k) + proficiency)}`);
  if (saves.length > 0) block.saves = saves.join(', ');
  const skills = Object.entries(SKILLS)
    .map(([id, [label, ability]]) => {
      const skill = get(a.system, ['skills', id]);
      const times = numberOf(get(skill, ['value'])) ?? 0;
      return times > 0 ? `${label} ${signed(a.mod(str(get(skill, ['ability'])) || ability) + Math.floor(times * proficiency))}` : undefined;
    })
    .filter((s): s is string => s !== undefined);
  if (skills.length > 0) block.skills = skills.join(', ');
  const senses = sensesOf(a);
  if (senses) block.senses = senses;
  const languages = languagesOf(a);
  if (languages) block.languages = languages;
  const cr = numberOf(get(a.system, ['details', 'cr']));
  if (cr !== undefined && a.actor.type === 'npc') block.cr = crText(cr);
  const lists: Record<Where, StatBlockEntry[]> = { traits: [], actions: [], bonusActions: [], reactions: [], legendaryActions: [], lairActions: [] };
  const spells: string[] = [];
  for (const item of a.items) {
    if (item.type === 'spell') spells.push(str(item.name));
    if (NOT_FEATURES.has(str(item.type)) && item.type !== 'weapon') continue;
    const text = foundryText(str(get(item, ['system', 'description', 'value'])), name);
    lists[placeOf(item)].push({ name: str(item.name), text });
  }
  if (spells.length > 0) lists.traits.push({ name: 'Spells', text: spells.join(', ') });
  for (const [key, entries] of Object.entries(lists) as [Where, StatBlockEntry[]][]) if (entries.length > 0) block[key] = entries;
  const legendary = numberOf(get(a.system, ['resources', 'legact', 'max']));
  if (legendary) block.legendaryActionCount = legendary;
  return block;
}
