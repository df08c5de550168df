// Creature files GMs already have, read into creatures of one system: `parseCreatureFile`. Pure: no
// I/O, nothing stored. A file is taken whole or refused whole with the first problem's line or field.
import { MAX_CREATURE_FILE_LENGTH, type CreatureFileFormat } from '@roundkeeper/protocol';
import type { CatalogueId } from '@roundkeeper/rules/catalogue';
import { readCsv } from './csv.js';
import { readFiveETools } from './five-e-tools.js';
import { readFoundry } from './foundry.js';
import { readImprovedInitiative } from './improved-initiative.js';
import { ImportRefusal, refused, type ImportResult } from './problem.js';
import { importTarget } from './target.js';

export type { ImportProblem, ImportResult } from './problem.js';

const MEBIBYTE = 1024 * 1024;

export function parseCreatureFile(format: CreatureFileFormat, text: string, system: CatalogueId): ImportResult {
  if (text.length > MAX_CREATURE_FILE_LENGTH) {
    return refused({}, `The file is ${(text.length / MEBIBYTE).toFixed(1)} MB; at most ${MAX_CREATURE_FILE_LENGTH / MEBIBYTE} MB can be imported.`);
  }
  const target = importTarget(system);
  try {
    switch (format) {
      case 'improved-initiative':
        return { ok: true, creatures: readImprovedInitiative(text, target), skipped: [] };
      case '5etools':
        return { ok: true, ...readFiveETools(text, target) };
      case 'foundry':
        return { ok: true, creatures: readFoundry(text, target), skipped: [] };
      case 'csv':
        return { ok: true, creatures: readCsv(text, target), skipped: [] };
      default: {
        const unknown: never = format;
        throw new Error(`no reader for ${String(unknown)}`);
      }
    }
  } catch (error) {
    if (error instanceof ImportRefusal) return { ok: false, problem: error.problem };
    throw error;
  }
}
