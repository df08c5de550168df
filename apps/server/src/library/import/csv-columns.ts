// The columns a creature CSV may have, by the names spreadsheets and other tools give them (a Kobold
// Fight Club export: name, cr, size, type, tags, section, alignment, environment, ac, hp, init, lair,
// legendary, unique, sources). Any case, spaces, dashes and underscores alike. A column we do not read
// is ignored and named in a notice; so is a second column of the same meaning.
import { ABILITY_KEYS, type AbilityKey } from '@roundkeeper/rules/core';
import type { ImportTarget } from './target.js';

/** What the stat block takes from a column, beside the rules' numbers. */
export type BlockField = 'ac' | 'cr' | 'hpFormula' | 'speed' | 'senses' | 'languages' | 'size' | 'type' | 'tags' | 'alignment' | 'source' | 'saves' | 'skills';

export type Column =
  | { readonly kind: 'name' | 'side' | 'hp' | 'strain' | 'note' }
  | { readonly kind: 'stat'; readonly key: string }
  | { readonly kind: 'block'; readonly field: BlockField }
  | { readonly kind: 'ability'; readonly key: AbilityKey }
  | { readonly kind: 'ignored' };

const FIXED: Readonly<Record<string, Column>> = {
  name: { kind: 'name' },
  creature: { kind: 'name' },
  monster: { kind: 'name' },
  character: { kind: 'name' },
  side: { kind: 'side' },
  team: { kind: 'side' },
  hp: { kind: 'hp' },
  max: { kind: 'hp' },
  maxhp: { kind: 'hp' },
  hitpoints: { kind: 'hp' },
  health: { kind: 'hp' },
  wounds: { kind: 'hp' },
  woundthreshold: { kind: 'hp' },
  strain: { kind: 'strain' },
  strainthreshold: { kind: 'strain' },
  note: { kind: 'note' },
  notes: { kind: 'note' },
  ac: { kind: 'block', field: 'ac' },
  armorclass: { kind: 'block', field: 'ac' },
  armourclass: { kind: 'block', field: 'ac' },
  cr: { kind: 'block', field: 'cr' },
  challenge: { kind: 'block', field: 'cr' },
  challengerating: { kind: 'block', field: 'cr' },
  hd: { kind: 'block', field: 'hpFormula' },
  hitdice: { kind: 'block', field: 'hpFormula' },
  hpformula: { kind: 'block', field: 'hpFormula' },
  speed: { kind: 'block', field: 'speed' },
  senses: { kind: 'block', field: 'senses' },
  languages: { kind: 'block', field: 'languages' },
  size: { kind: 'block', field: 'size' },
  type: { kind: 'block', field: 'type' },
  tags: { kind: 'block', field: 'tags' },
  alignment: { kind: 'block', field: 'alignment' },
  source: { kind: 'block', field: 'source' },
  sources: { kind: 'block', field: 'source' },
  saves: { kind: 'block', field: 'saves' },
  savingthrows: { kind: 'block', field: 'saves' },
  skills: { kind: 'block', field: 'skills' },
};

/** Columns naming the initiative modifier, in systems whose stat for it is `initBonus` (D&D 5e). */
const INITIATIVE_NAMES = new Set(['init', 'initiative', 'initbonus', 'initiativebonus', 'initmod', 'initiativemod', 'initiativemodifier']);

const ABILITY_NAMES: Readonly<Record<string, AbilityKey>> = {
  strength: 'str',
  dexterity: 'dex',
  constitution: 'con',
  intelligence: 'int',
  wisdom: 'wis',
  charisma: 'cha',
};

/** "Max HP", "max_hp" and "max-hp" alike. */
export const columnWord = (title: string): string => title.trim().toLowerCase().replace(/[\s_-]+/g, '');

export function columnOf(title: string, target: ImportTarget): Column {
  const word = columnWord(title);
  const def = target.statDefs.find((d) => columnWord(d.key) === word || columnWord(d.label) === word);
  if (def) return { kind: 'stat', key: def.key };
  if (INITIATIVE_NAMES.has(word) && target.statDefs.some((d) => d.key === 'initBonus')) return { kind: 'stat', key: 'initBonus' };
  const fixed = FIXED[word];
  const strain = target.health.form.kind === 'wounds' && target.health.form.strain;
  if (fixed && (fixed.kind !== 'strain' || strain)) return fixed;
  const ability = (ABILITY_KEYS as readonly string[]).includes(word) ? (word as AbilityKey) : ABILITY_NAMES[word];
  if (ability) return { kind: 'ability', key: ability };
  return { kind: 'ignored' };
}

/** A column's identity: two columns of one identity are one too many. */
export const columnId = (c: Column): string => (c.kind === 'stat' ? `stat:${c.key}` : c.kind === 'block' ? `block:${c.field}` : c.kind === 'ability' ? `ability:${c.key}` : c.kind);
