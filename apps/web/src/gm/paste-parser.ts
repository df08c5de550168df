import type { NewCombatant, Side, StatDef } from '@roundkeeper/rules';
import { SIDES } from '@roundkeeper/rules/core';

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

export const defaultStats = (statDefs: readonly StatDef[]): Record<string, number> =>
  Object.fromEntries(statDefs.map((d) => [d.key, d.default]));

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
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const word = token.toLowerCase();
    const next = tokens[i + 1];
    const stat = words.get(word);
    if ((SIDES as readonly string[]).includes(word)) side = word as Side;
    else if (word === 'hidden') hidden = true;
    else if (stat !== undefined && next !== undefined && INTEGER.test(next)) {
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
  if (strain !== null && max === null) return { ok: false, line, error: `line ${line}: give hp (or wounds) before a strain threshold` };
  const health = max === null ? {} : { health: { max, ...(strain === null ? {} : { strain }) } };
  return {
    ok: true,
    line,
    combatant: { name: name.join(' '), side, stats, ...(hidden ? { hidden } : {}), ...(count > 1 ? { count } : {}), ...health },
  };
}
