// The sample files of the import tests (test/fixtures/creature-files), and expectations on results.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Creature } from '@roundkeeper/protocol';
import type { ImportProblem, ImportResult } from './index.js';

const FIXTURES = new URL('../../../test/fixtures/creature-files/', import.meta.url);

export const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

export function creaturesOf(result: ImportResult): readonly Creature[] {
  if (!result.ok) expect.fail(`refused: ${JSON.stringify(result.problem)}`);
  return result.creatures;
}

export function problemOf(result: ImportResult): ImportProblem {
  if (result.ok) expect.fail(`imported ${result.creatures.length} creatures`);
  return result.problem;
}
