// Creature files GMs already have, read into creatures of one system: `parseCreatureFiles`. Pure: no
// I/O, nothing stored. A file that is not what its format says is refused whole, naming the line or
// field; an entry the rules cannot take is left out and listed with why (problem.ts).
import { MAX_CREATURE_FILE_LENGTH, type CreatureFile, type CreatureFileFormat } from '@roundkeeper/protocol';
import type { CatalogueId } from '@roundkeeper/rules/catalogue';
import { readCsv } from './csv.js';
import { readFiveETools } from './five-e-tools.js';
import { readFoundry } from './foundry.js';
import { readImprovedInitiative } from './improved-initiative.js';
import { ImportLog, ImportRefusal, type ImportReading, type ImportResult } from './problem.js';
import { importTarget, type ImportTarget } from './target.js';

export type { ImportProblem, ImportResult } from './problem.js';

const MEBIBYTE = 1024 * 1024;

const READERS: Readonly<Record<CreatureFileFormat, (files: readonly CreatureFile[], target: ImportTarget, log: ImportLog) => ImportReading>> = {
  'improved-initiative': readImprovedInitiative,
  '5etools': readFiveETools,
  foundry: readFoundry,
  csv: readCsv,
};

export function parseCreatureFiles(format: CreatureFileFormat, files: readonly CreatureFile[], system: CatalogueId): ImportResult {
  const tooLarge = files.find((f) => f.text.length > MAX_CREATURE_FILE_LENGTH);
  if (tooLarge) {
    return {
      ok: false,
      problem: {
        ...(files.length > 1 ? { file: tooLarge.name } : {}),
        message: `The file is ${(tooLarge.text.length / MEBIBYTE).toFixed(1)} MB; at most ${MAX_CREATURE_FILE_LENGTH / MEBIBYTE} MB can be imported.`,
      },
    };
  }
  try {
    return { ok: true, ...READERS[format](files, importTarget(system), new ImportLog()) };
  } catch (error) {
    if (error instanceof ImportRefusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** One file, as the tests and most GMs give it. */
export const parseCreatureFile = (format: CreatureFileFormat, text: string, system: CatalogueId, name = 'file'): ImportResult =>
  parseCreatureFiles(format, [{ name, text }], system);
