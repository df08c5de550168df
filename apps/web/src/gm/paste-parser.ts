import { SIDES, type NewCombatant, type Side } from '@roundkeeper/rules';

/**
 * One combatant per line: `[count] name [pc|enemy|npc] [dex N] [init ±N] [hidden]`, in any order after
 * the count, case-insensitive. Side defaults to enemy, Dex to 10, init bonus to 0.
 *   "4 Goblin dex 14"   → a group of four goblins      "Aria pc dex 16" → one PC
 *   "Assassin dex 18 init +2 hidden"                   → a hidden enemy
 */
export type ParsedLine =
  | { readonly ok: true; readonly line: number; readonly combatant: NewCombatant }
  | { readonly ok: false; readonly line: number; readonly error: string };

export const DEFAULT_DEX = 10;
const INTEGER = /^[+-]?\d+$/;

export function parsePaste(text: string): ParsedLine[] {
  return text
    .split('\n')
    .map((raw, index) => ({ raw: raw.trim(), line: index + 1 }))
    .filter(({ raw }) => raw !== '' && !raw.startsWith('#'))
    .map(({ raw, line }) => parseLine(raw, line));
}

function parseLine(raw: string, line: number): ParsedLine {
  const tokens = raw.split(/\s+/);
  let count = 1;
  if (tokens[0] && /^\d+$/.test(tokens[0])) count = Number(tokens.shift());
  let side: Side = 'enemy';
  let dex = DEFAULT_DEX;
  let initBonus = 0;
  let hidden = false;
  const name: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const word = token.toLowerCase();
    const next = tokens[i + 1];
    if ((SIDES as readonly string[]).includes(word)) side = word as Side;
    else if (word === 'hidden') hidden = true;
    else if ((word === 'dex' || word === 'init') && next !== undefined && INTEGER.test(next)) {
      if (word === 'dex') dex = Number(next);
      else initBonus = Number(next);
      i++;
    } else if (word === 'dex' || word === 'init') return { ok: false, line, error: `line ${line}: "${word}" needs a number after it` };
    else name.push(token);
  }
  if (name.length === 0) return { ok: false, line, error: `line ${line}: no name` };
  if (count < 1) return { ok: false, line, error: `line ${line}: the count must be at least 1` };
  return {
    ok: true,
    line,
    combatant: { name: name.join(' '), side, stats: { dex, initBonus }, ...(hidden ? { hidden } : {}), ...(count > 1 ? { count } : {}) },
  };
}
