import type { NewCombatant, Side, StatDef } from '@roundkeeper/rules';
import { SIDES } from '@roundkeeper/rules/core';
import { MAX_GROUP_SIZE, MAX_NAME_LENGTH } from '@roundkeeper/protocol/limits';
import { statValue } from '../lib/stat-value.js';

/**
 * One combatant per line: `[count] name [pc|enemy|npc] [stat N]… [hidden]`, in any order after the
 * count, case-insensitive. A stat is named by its key, the first word of its label, or an alias the
 * system's web module gives (D&D 5e: `init` for the initiative bonus). Side defaults to enemy, stats to
 * the system's defaults.
 *   "4 Goblin dex 14"   → a group of four goblins      "Aria pc dex 16" → one PC
 *   "Assassin dex 18 init +2 hidden"                   → a hidden enemy
 * Health: `hp N` (or `max`, `wounds`) gives the maximum, `strain N` a strain threshold (ENG-25):
 *   "Goblin hp 7", "Stormtrooper wounds 10 strain 8"
 */
export type ParsedLine =
  | { readonly ok: true; readonly line: number; readonly combatant: NewCombatant }
  | { readonly ok: false; readonly line: number; readonly error: string };

const INTEGER = /^[+-]?\d+$/;
/** Words for the health maximum, and for a strain threshold; a stat of the same name comes first. */
const MAX_WORDS: ReadonlySet<string> = new Set(['hp', 'max', 'wounds']);
const STRAIN_WORD = 'strain';
const MAX_HEALTH = 9999;
/**
 * Stat words of tabletop games in general (and of this app's other systems): a line that uses one the
 * system at hand has no stat for is refused, not read as part of a name ("3 Spider init 2" in UESRPG).
 */
const STAT_LIKE: ReadonlySet<string> = new Set([
  'str', 'dex', 'con', 'int', 'wis', 'cha', 'init', 'initiative', 'agi', 'agility', 'ag', 'per', 'prc', 'perception',
  'lvl', 'level', 'ac', 'speed', 'will', 'willpower', 'luck', 'lck', 'presence', 'pr', 'cool', 'vig', 'vigilance',
  'ir', 'ap', 'brawn', 'intellect', 'cunning', 'rank', 'leader', 'bonus', 'mod',
]);

/** Every word that names a stat, lower case → the stat's key. */
export function statWords(statDefs: readonly StatDef[], aliases: Readonly<Record<string, string>> = {}): ReadonlyMap<string, string> {
  const words = new Map<string, string>();
  for (const def of statDefs) {
    words.set(def.label.split(/\s+/)[0]!.toLowerCase(), def.key);
    words.set(def.key.toLowerCase(), def.key);
  }
  for (const [alias, key] of Object.entries(aliases)) words.set(alias.toLowerCase(), key);
  return words;
}

/** The shortest word that names the stat `key` ("agi" for agility). */
export function shortestWord(words: ReadonlyMap<string, string>, key: string): string {
  return [...words].filter(([, k]) => k === key).map(([w]) => w).sort((a, b) => a.length - b.length)[0] ?? key;
}

/** What a read line will add, in words, for the preview: "4 Goblin (a group) · enemy · Dexterity 14 · 7 HP". */
export function describeCombatant(combatant: NewCombatant, statDefs: readonly StatDef[]): string {
  const parts = [combatant.count && combatant.count > 1 ? `${combatant.count} ${combatant.name} (a group)` : combatant.name, combatant.side];
  for (const def of statDefs) {
    const value = combatant.stats?.[def.key];
    if (value !== undefined && value !== def.default) parts.push(`${def.label} ${statValue(def, value)}`);
  }
  if (combatant.health) parts.push(`max ${combatant.health.max}${combatant.health.strain === undefined ? '' : `, strain ${combatant.health.strain}`}`);
  if (combatant.hidden) parts.push('hidden');
  return parts.join(' · ');
}

export const defaultStats = (statDefs: readonly StatDef[]): Record<string, number> =>
  Object.fromEntries(statDefs.map((d) => [d.key, d.default]));

/** The value of `key`'s choice called `word` ("boss" → 2), if the stat has choices. */
const choiceOf = (statDefs: readonly StatDef[], key: string, word: string): number | undefined =>
  statDefs.find((d) => d.key === key)?.choices?.find((c) => c.label.toLowerCase() === word.toLowerCase())?.value;

export function parsePaste(text: string, statDefs: readonly StatDef[], aliases: Readonly<Record<string, string>> = {}): ParsedLine[] {
  const words = statWords(statDefs, aliases);
  return text
    .split('\n')
    .map((raw, index) => ({ raw: raw.trim(), line: index + 1 }))
    .filter(({ raw }) => raw !== '' && !raw.startsWith('#'))
    .map(({ raw, line }) => parseLine(raw, line, statDefs, words));
}

function parseLine(raw: string, line: number, statDefs: readonly StatDef[], words: ReadonlyMap<string, string>): ParsedLine {
  const tokens = raw.split(/\s+/);
  let count = 1;
  if (tokens[0] && /^\d+$/.test(tokens[0])) count = Number(tokens.shift());
  let side: Side = 'enemy';
  const stats = defaultStats(statDefs);
  let hidden = false;
  let max: number | null = null;
  let strain: number | null = null;
  const name: string[] = [];
  /** The name is the words before the first word the list knows; after that, an unknown word is a mistake. */
  let nameOver = false;
  const known = [...new Set(words.values())].map((key) => shortestWord(words, key)).join(', ');
  const unknown = (w: string): ParsedLine => ({
    ok: false,
    line,
    error: `line ${line}: "${w}" is not a word this list knows (stats here: ${known}; also pc, enemy, npc, hp, hidden)`,
  });
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const word = token.toLowerCase();
    const next = tokens[i + 1];
    const stat = words.get(word);
    const keyword = (SIDES as readonly string[]).includes(word) || word === 'hidden' || stat !== undefined || MAX_WORDS.has(word) || word === STRAIN_WORD;
    if (!keyword && (nameOver || (STAT_LIKE.has(word) && next !== undefined && INTEGER.test(next)))) return unknown(token);
    if (keyword && name.length > 0) nameOver = true;
    if ((SIDES as readonly string[]).includes(word)) side = word as Side;
    else if (word === 'hidden') hidden = true;
    else if (stat !== undefined && next !== undefined && choiceOf(statDefs, stat, next) !== undefined) {
      // "rank boss", "leader yes": a stat whose numbers stand for words is named by its words too.
      stats[stat] = choiceOf(statDefs, stat, next)!;
      i++;
    } else if (stat !== undefined && next !== undefined && INTEGER.test(next)) {
      const def = statDefs.find((d) => d.key === stat)!;
      const value = Number(next);
      if (value < def.min || value > def.max) {
        return { ok: false, line, error: `line ${line}: ${def.label} must be from ${def.min} to ${def.max}` };
      }
      stats[stat] = value;
      i++;
    } else if (stat !== undefined) return { ok: false, line, error: `line ${line}: "${word}" needs a number after it` };
    else if ((MAX_WORDS.has(word) || word === STRAIN_WORD) && next !== undefined && /^\d+$/.test(next)) {
      const value = Number(next);
      if (value < 1 || value > MAX_HEALTH) return { ok: false, line, error: `line ${line}: ${word} must be from 1 to ${MAX_HEALTH}` };
      if (word === STRAIN_WORD) strain = value;
      else max = value;
      i++;
    } else name.push(token);
  }
  if (name.length === 0) return { ok: false, line, error: `line ${line}: no name` };
  if (count < 1) return { ok: false, line, error: `line ${line}: the count must be at least 1` };
  // [issue 28] The protocol's limits, known here: past them the server refuses the line with a validator's words.
  if (count > MAX_GROUP_SIZE) return { ok: false, line, error: `line ${line}: a group has at most ${MAX_GROUP_SIZE} members` };
  const fullName = name.join(' ');
  if (fullName.length > MAX_NAME_LENGTH) {
    return { ok: false, line, error: `line ${line}: the name is ${fullName.length} characters long; at most ${MAX_NAME_LENGTH}` };
  }
  if (strain !== null && max === null) return { ok: false, line, error: `line ${line}: give hp (or wounds) before a strain threshold` };
  const health = max === null ? {} : { health: { max, ...(strain === null ? {} : { strain }) } };
  return {
    ok: true,
    line,
    combatant: { name: fullName, side, stats, ...(hidden ? { hidden } : {}), ...(count > 1 ? { count } : {}), ...health },
  };
}
