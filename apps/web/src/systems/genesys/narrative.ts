import type { DieFace, InitiativeRoll } from '@roundkeeper/rules';

/**
 * The narrative dice's faces (README order, face 1 first), to show which symbols each die showed.
 * Repeated from packages/rules/src/systems/genesys/narrative-dice.ts, which the player bundle cannot
 * import; narrative.test.ts checks the two tables are the same.
 */
export const FACES: Readonly<Record<string, readonly string[]>> = {
  ability: ['', 's', 's', 'ss', 'a', 'a', 'sa', 'aa'],
  proficiency: ['', 's', 's', 'ss', 'ss', 'a', 'sa', 'sa', 'sa', 'aa', 'aa', 'T'],
  boost: ['', '', 's', 'sa', 'aa', 'a'],
  difficulty: ['', 'f', 'ff', 'h', 'h', 'h', 'hh', 'fh'],
  challenge: ['', 'f', 'f', 'ff', 'ff', 'h', 'h', 'fh', 'fh', 'hh', 'hh', 'D'],
  setback: ['', '', 'f', 'f', 'h', 'h'],
};

/** Text glyphs for the symbols (readable without the game's font). */
const GLYPHS: Readonly<Record<string, string>> = { s: '✓', a: '⊕', f: '✗', h: '⊖', T: '★', D: '☠' };
const DIE_NAMES: Readonly<Record<string, string>> = {
  ability: 'Ability',
  proficiency: 'Proficiency',
  boost: 'Boost',
  difficulty: 'Difficulty',
  challenge: 'Challenge',
  setback: 'Setback',
};

export const dieSymbols = (die: DieFace): string => {
  const face = FACES[die.kind ?? '']?.[die.face - 1];
  if (face === undefined) return `d${die.sides} ${die.face}`;
  return face === '' ? 'blank' : [...face].map((g) => GLYPHS[g] ?? g).join('');
};

const DETAIL_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  successes: ['success', 'successes'],
  advantages: ['advantage', 'advantages'],
  triumphs: ['triumph', 'triumphs'],
  despairs: ['despair', 'despairs'],
};

/** "Proficiency ✓⊕, Ability blank → 1 success, 1 advantage". */
export function describeNarrative(roll: InitiativeRoll): string {
  const dice = roll.dice.map((d) => `${DIE_NAMES[d.kind ?? ''] ?? `d${d.sides}`} ${dieSymbols(d)}`).join(', ');
  const detail = roll.detail ?? {};
  const parts = Object.entries(DETAIL_WORDS)
    .filter(([k]) => (detail[k] ?? 0) > 0)
    .map(([k, [one, many]]) => `${detail[k]} ${detail[k] === 1 ? one : many}`);
  return `${dice || 'no dice'} → ${parts.join(', ') || 'no successes'}`;
}
