// The sample files of the import tests (test/fixtures/creature-files), and expectations on results.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Creature, FileEncounter, FileNote } from '@roundkeeper/protocol';
import type { ImportProblem, ImportResult } from './index.js';

const FIXTURES = new URL('../../../test/fixtures/creature-files/', import.meta.url);

export const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');
/** Fixtures as the dialog sends them: each with its name. */
export const fixtures = (...names: string[]): { name: string; text: string }[] => names.map((name) => ({ name, text: fixture(name) }));

function reading(result: ImportResult) {
  if (!result.ok) expect.fail(`refused: ${JSON.stringify(result.problem)}`);
  return result;
}

export const creaturesOf = (result: ImportResult): readonly Creature[] => reading(result).creatures;
export const skippedOf = (result: ImportResult): readonly FileNote[] => reading(result).skipped;
export const noticesOf = (result: ImportResult): readonly FileNote[] => reading(result).notices;
export const encountersOf = (result: ImportResult): readonly FileEncounter[] => reading(result).encounters;
/** The creatures without their stat blocks: what the rules get. */
export const numbersOf = (result: ImportResult): Omit<Creature, 'statBlock'>[] => creaturesOf(result).map(({ statBlock: _, ...rest }) => rest);
export const named = (result: ImportResult, name: string): Creature => creaturesOf(result).find((c) => c.name === name) ?? expect.fail(`no ${name}`);

export function problemOf(result: ImportResult): ImportProblem {
  if (result.ok) expect.fail(`imported ${result.creatures.length} creatures`);
  return result.problem;
}
