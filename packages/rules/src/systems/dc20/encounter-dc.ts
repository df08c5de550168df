// [DC20-2] [DC20-3] The Encounter DC: one number the GM sets, from the table by PC level and
// difficulty, or any custom value.
import { fail, ok, type Result } from './types.js';

export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 20;

/** Easy, Normal, Hard for levels 1-2, 3-4, …, 19-20 (the table repeats each row for two levels). */
const TABLE_BY_LEVEL_PAIR: readonly (readonly [number, number, number])[] = [
  [11, 13, 15],
  [12, 14, 16],
  [14, 16, 18],
  [15, 17, 19],
  [16, 18, 20],
  [17, 19, 21],
  [18, 20, 22],
  [20, 22, 24],
  [21, 23, 25],
  [22, 24, 26],
];

/** How the GM sets the DC: from the table, or a number of their own. */
export type EncounterDcChoice =
  | { readonly kind: 'table'; readonly level: number; readonly difficulty: Difficulty }
  | { readonly kind: 'custom'; readonly dc: number };

export function tableDc(level: number, difficulty: Difficulty): Result<number> {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) return fail('invalid-level');
  const row = TABLE_BY_LEVEL_PAIR[Math.floor((level - 1) / 2)];
  if (!row) return fail('invalid-level');
  return ok(row[DIFFICULTIES.indexOf(difficulty)] ?? row[1]);
}

export function encounterDc(choice: EncounterDcChoice): Result<number> {
  switch (choice.kind) {
    case 'table':
      return tableDc(choice.level, choice.difficulty);
    case 'custom':
      return Number.isInteger(choice.dc) ? ok(choice.dc) : fail('invalid-dice', 'A DC is a whole number.');
    default: {
      const _exhaustive: never = choice;
      return _exhaustive;
    }
  }
}
