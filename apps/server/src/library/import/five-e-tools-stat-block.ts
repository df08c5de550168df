// A 5e.tools monster's stat block in plain words: AC with what it comes from, the hit point formula,
// speed, abilities, saves, skills, senses, languages, challenge, traits and spellcasting, actions,
// bonus actions, reactions, legendary actions (with how many a round) and, from its legendary group
// (legendarygroups.json, when given), its lair actions. Fields are read where they have the shape the
// format documents and skipped otherwise: a stat block is the GM's reference, not a rule's input.
import type { StatBlock, StatBlockEntry } from '@roundkeeper/rules/core';
import { entryText, namedEntry, plainText, spellcastingEntry } from './five-e-tools-text.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Raw = Readonly<Record<string, unknown>>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

const SIZES: Readonly<Record<string, string>> = { T: 'Tiny', S: 'Small', M: 'Medium', L: 'Large', H: 'Huge', G: 'Gargantuan' };
const ALIGNMENT_WORDS: Readonly<Record<string, string>> = {
  L: 'lawful',
  N: 'neutral',
  C: 'chaotic',
  G: 'good',
  E: 'evil',
  U: 'unaligned',
  A: 'any alignment',
  NX: 'neutral',
  NY: 'neutral',
};
/** The same order 5e.tools' pages use. */
const SPEED_MODES = ['walk', 'burrow', 'climb', 'fly', 'swim'] as const;
const ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
const SHORT_ABILITY: Readonly<Record<string, string>> = { str: 'Str', dex: 'Dex', con: 'Con', int: 'Int', wis: 'Wis', cha: 'Cha' };

function armor(ac: unknown): { ac?: number; acNote?: string } {
  if (!Array.isArray(ac) || ac.length === 0) return {};
  const one = (a: unknown): { value?: number; note: string } => {
    if (typeof a === 'number') return { value: a, note: '' };
    if (!isRecord(a)) return { note: '' };
    if (typeof a.special === 'string') return { note: plainText(a.special) };
    const from = strings(a.from).map(plainText).join(', ');
    const condition = typeof a.condition === 'string' ? plainText(a.condition) : '';
    return { ...(typeof a.ac === 'number' ? { value: a.ac } : {}), note: [from, condition].filter((p) => p !== '').join(' ') };
  };
  const [main, ...others] = ac.map(one);
  const notes = [main?.note ?? '', ...others.map((o) => [o.value, o.note].filter((p) => p !== undefined && p !== '').join(' '))].filter((n) => n !== '');
  return { ...(main?.value !== undefined ? { ac: main.value } : {}), ...(notes.length > 0 ? { acNote: notes.join('; ') } : {}) };
}

function kindOf(m: Raw): string | undefined {
  const size = strings(m.size).map((s) => SIZES[s] ?? s).join(' or ');
  let type = '';
  if (typeof m.type === 'string') type = m.type;
  else if (isRecord(m.type)) {
    const base = typeof m.type.type === 'string' ? m.type.type : isRecord(m.type.type) ? strings(m.type.type.choose).join(' or ') : '';
    const tags = Array.isArray(m.type.tags) ? m.type.tags.map((t) => (typeof t === 'string' ? t : isRecord(t) ? [t.prefix, t.tag].filter((p) => typeof p === 'string').join(' ') : '')).filter((t) => t !== '') : [];
    const swarm = typeof m.type.swarmSize === 'string' ? `swarm of ${SIZES[m.type.swarmSize] ?? m.type.swarmSize} ` : '';
    type = `${swarm}${base}${tags.length > 0 ? ` (${tags.join(', ')})` : ''}`;
  }
  const alignment = alignmentOf(m.alignment);
  const head = [size, type].filter((p) => p !== '').join(' ');
  const line = [head, alignment].filter((p) => p !== '').join(', ');
  return line === '' ? undefined : line.charAt(0).toUpperCase() + line.slice(1);
}

function alignmentOf(a: unknown): string {
  if (!Array.isArray(a)) return '';
  if (a.every((x) => typeof x === 'string')) {
    const letters = a as string[];
    const has = (...ls: string[]) => ls.every((l) => letters.includes(l));
    // 5e.tools lists every alignment an "any …" allows (lawful, neutral, chaotic… evil).
    if (letters.length >= 4 && has('L', 'C', 'NX')) {
      for (const [word, missing] of [['any non-lawful', 'L'], ['any non-chaotic', 'C'], ['any non-good', 'G'], ['any non-evil', 'E']] as const) {
        if (!letters.includes(missing) && has(...['L', 'C', 'NX', 'NY', 'G', 'E'].filter((l) => l !== missing))) return `${word} alignment`;
      }
      if (has('E') && !letters.includes('G')) return 'any evil alignment';
      if (has('G') && !letters.includes('E')) return 'any good alignment';
    }
    if (letters.length === 2 && letters[0] === 'N' && letters[1] === 'N') return 'neutral';
    return letters.map((l) => ALIGNMENT_WORDS[l] ?? l).join(' ');
  }
  return a.map((x) => (isRecord(x) ? (typeof x.special === 'string' ? x.special : alignmentOf(x.alignment)) : '')).filter((s) => s !== '').join(' or ');
}

function speedOf(speed: unknown): string | undefined {
  if (typeof speed === 'number') return `${speed} ft.`;
  if (!isRecord(speed)) return undefined;
  const parts: string[] = [];
  for (const mode of SPEED_MODES) {
    const v = speed[mode];
    const feet = typeof v === 'number' ? `${v} ft.` : isRecord(v) && typeof v.number === 'number' ? `${v.number} ft.${typeof v.condition === 'string' ? ` ${plainText(v.condition)}` : ''}` : undefined;
    if (feet === undefined) continue;
    const hover = mode === 'fly' && speed.canHover === true ? ' (hover)' : '';
    parts.push(mode === 'walk' ? feet : `${mode} ${feet}${hover}`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function bonuses(v: unknown, label: (k: string) => string): string | undefined {
  if (!isRecord(v)) return undefined;
  const parts = Object.entries(v)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([k, b]) => `${label(k)} ${plainText(b)}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

const titleCase = (s: string): string => s.replace(/\b\w/g, (c) => c.toUpperCase());

function sensesOf(m: Raw): string | undefined {
  const parts = strings(m.senses).map(plainText);
  if (typeof m.passive === 'number' || typeof m.passive === 'string') parts.push(`passive Perception ${m.passive}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function crOf(cr: unknown): string | undefined {
  if (typeof cr === 'string') return cr;
  if (!isRecord(cr) || typeof cr.cr !== 'string') return undefined;
  const lair = typeof cr.lair === 'string' ? ` (${cr.lair} in lair)` : '';
  const coven = typeof cr.coven === 'string' ? ` (${cr.coven} when part of a coven)` : '';
  return `${cr.cr}${lair}${coven}`;
}

const entriesOf = (v: unknown): StatBlockEntry[] => (Array.isArray(v) ? v.map(namedEntry).filter((e): e is StatBlockEntry => e !== undefined) : []);

/** Spellcasting shows among the traits unless it says where (`displayAs`: action, bonus, reaction, legendary). */
function spellcastingBy(m: Raw): Map<string, StatBlockEntry[]> {
  const by = new Map<string, StatBlockEntry[]>();
  for (const block of Array.isArray(m.spellcasting) ? m.spellcasting : []) {
    if (!isRecord(block)) continue;
    const where = typeof block.displayAs === 'string' ? block.displayAs : 'trait';
    by.set(where, [...(by.get(where) ?? []), spellcastingEntry(block)]);
  }
  return by;
}

/** The lair actions of a legendary group: its header sentence, then one entry per listed action. */
export function lairActionsOf(group: Raw): StatBlockEntry[] {
  const out: StatBlockEntry[] = [];
  for (const entry of Array.isArray(group.lairActions) ? group.lairActions : []) {
    if (isRecord(entry) && entry.type === 'list' && Array.isArray(entry.items)) {
      for (const item of entry.items) {
        const named = namedEntry(item);
        if (named) out.push(named);
      }
    } else {
      const text = entryText(entry);
      if (text !== '') out.push({ name: '', text });
    }
  }
  return out;
}

/** What the monster's own fields (and its legendary group's lair actions) say, as a stat block. */
export function fiveEToolsStatBlock(m: Raw, lairActions: readonly StatBlockEntry[] | undefined): StatBlock {
  const block: Mutable<StatBlock> = { ...armor(m.ac) };
  if (isRecord(m.hp) && typeof m.hp.formula === 'string') block.hpFormula = m.hp.formula;
  if (isRecord(m.initiative) && m.initiative.advantageMode === 'adv') block.initiativeAdvantage = true;
  const kind = kindOf(m);
  if (kind) block.kind = kind;
  const speed = speedOf(m.speed);
  if (speed) block.speed = speed;
  const abilities: Partial<Record<(typeof ABILITIES)[number], number>> = {};
  for (const key of ABILITIES) if (typeof m[key] === 'number') abilities[key] = m[key];
  if (Object.keys(abilities).length > 0) block.abilities = abilities;
  const saves = bonuses(m.save, (k) => SHORT_ABILITY[k] ?? titleCase(k));
  if (saves) block.saves = saves;
  const skills = bonuses(m.skill, titleCase);
  if (skills) block.skills = skills;
  const senses = sensesOf(m);
  if (senses) block.senses = senses;
  const languages = strings(m.languages).map(plainText).join(', ');
  if (languages) block.languages = languages;
  const cr = crOf(m.cr);
  if (cr) block.cr = cr;
  const spells = spellcastingBy(m);
  const lists = {
    traits: [...entriesOf(m.trait), ...(spells.get('trait') ?? [])],
    actions: [...entriesOf(m.action), ...(spells.get('action') ?? [])],
    bonusActions: [...entriesOf(m.bonus), ...(spells.get('bonus') ?? [])],
    reactions: [...entriesOf(m.reaction), ...(spells.get('reaction') ?? [])],
    legendaryActions: [...entriesOf(m.legendary), ...(spells.get('legendary') ?? [])],
    lairActions: [...(lairActions ?? [])],
  };
  for (const [key, entries] of Object.entries(lists) as [keyof typeof lists, StatBlockEntry[]][]) if (entries.length > 0) block[key] = entries;
  // "Legendary Actions: 3" unless the monster says otherwise (5e.tools' `legendaryActions`).
  if (lists.legendaryActions.length > 0) block.legendaryActionCount = typeof m.legendaryActions === 'number' ? m.legendaryActions : DEFAULT_LEGENDARY_ACTIONS;
  if (typeof m.source === 'string') block.source = `${m.source}${typeof m.page === 'number' ? `, p. ${m.page}` : ''}`;
  return block;
}

/** The SRD's legendary creatures take 3 legendary actions a round unless their block says otherwise. */
const DEFAULT_LEGENDARY_ACTIONS = 3;
