import { z } from 'zod';
import { CREATURE_FILE_FORMATS } from './creature-file-formats.js';

import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { creatureSchema } from './creature.js';
import { MAX_CREATURE_FILE_LENGTH, MAX_CREATURE_FILES, MAX_CREATURE_FILES_LENGTH, MAX_FILE_NAME_LENGTH } from './limits.js';
import { text } from './text.js';

// POST /api/creature-files/parse: files a GM already has (another tool's export, a spreadsheet) read
// into creatures for one system. Nothing is stored: the client adds them to an encounter or a party.

const MEBIBYTE = 1024 * 1024;

/** One file of a reading: its name (for the messages) and its text. */
export const creatureFileSchema = z.strictObject({
  name: text().max(MAX_FILE_NAME_LENGTH),
  // A plain string: NUL and unpaired surrogates are refused by the parser, naming the line or field.
  text: z.string().min(1, 'The file is empty.').max(MAX_CREATURE_FILE_LENGTH, `A file may hold at most ${MAX_CREATURE_FILE_LENGTH / MEBIBYTE} MB.`),
});
export type CreatureFile = z.infer<typeof creatureFileSchema>;

export const parseCreatureFileRequestSchema = z.strictObject({
  format: z.enum(CREATURE_FILE_FORMATS),
  /** The system the creatures are for: its stats are the ones read. */
  system: z.enum(SYSTEM_IDS),
  /**
   * One file, or several read together: 5e.tools monsters copied from another book are resolved across
   * them (and its legendarygroups.json and template.json are used when given).
   */
  files: z
    .array(creatureFileSchema)
    .min(1, 'Choose a file.')
    .max(MAX_CREATURE_FILES, `At most ${MAX_CREATURE_FILES} files can be read at once.`)
    .refine((files) => files.reduce((sum, f) => sum + f.text.length, 0) <= MAX_CREATURE_FILES_LENGTH, {
      message: `The files together may hold at most ${MAX_CREATURE_FILES_LENGTH / MEBIBYTE} MB.`,
    }),
});
export type ParseCreatureFileRequest = z.infer<typeof parseCreatureFileRequestSchema>;

/**
 * Something the reading says about one entry: left out and why (a 5e.tools copy of a monster in no
 * given file, a Foundry vehicle), or taken with a default (no Dexterity: 10). `file` names the file
 * when several were read; `line` (CSV, JSON lines) and `field` say where in it.
 */
export const fileNoteSchema = z.object({ file: text().optional(), line: z.number().int().min(1).optional(), field: text().optional(), message: text() });
export type FileNote = z.infer<typeof fileNoteSchema>;

/** An encounter saved in the file (Improved Initiative's saved encounters): offered as a roster of its own. */
export const fileEncounterSchema = z.object({ name: text(), creatures: z.array(creatureSchema) });
export type FileEncounter = z.infer<typeof fileEncounterSchema>;

export const parseCreatureFileResponseSchema = z.object({
  creatures: z.array(creatureSchema),
  /** Entries left out, each with why. */
  skipped: z.array(fileNoteSchema),
  /** Entries taken with a default or shortened, each with what was done. */
  notices: z.array(fileNoteSchema),
  encounters: z.array(fileEncounterSchema),
});
export type ParseCreatureFileResponse = z.infer<typeof parseCreatureFileResponseSchema>;

/** A refused file: the error body, and where the problem is (a CSV line, 1-based; a JSON path such as `monster[3].hp.average`). */
export const creatureFileErrorSchema = z
  .object({ code: text(), message: text(), file: text().optional(), line: z.number().int().min(1).optional(), field: text().optional() })
  .meta({ id: 'CreatureFileError' });
export type CreatureFileError = z.infer<typeof creatureFileErrorSchema>;

export { CREATURE_FILE_FORMATS, type CreatureFileFormat } from './creature-file-formats.js';
