import { z } from 'zod';
import { CREATURE_FILE_FORMATS } from './creature-file-formats.js';

import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { creatureSchema } from './creature.js';
import { MAX_CREATURE_FILE_LENGTH } from './limits.js';
import { text } from './text.js';

// POST /api/creature-files/parse: a file a GM already has (another tool's export, a spreadsheet) read
// into creatures for one system. Nothing is stored: the client adds them to an encounter or a party.

/** The files Roundkeeper reads, in the order a GM is offered them. */

export const parseCreatureFileRequestSchema = z.strictObject({
  format: z.enum(CREATURE_FILE_FORMATS),
  /** The system the creatures are for: its stats are the ones read. */
  system: z.enum(SYSTEM_IDS),
  // A plain string: NUL and unpaired surrogates are refused by the parser, naming the line or field.
  text: z.string().min(1).max(MAX_CREATURE_FILE_LENGTH),
});
export type ParseCreatureFileRequest = z.infer<typeof parseCreatureFileRequestSchema>;

/** An entry of the file left out, and why (a 5e.tools copy of a monster in another file). */
export const skippedEntrySchema = z.object({ field: text(), message: text() });
export type SkippedEntry = z.infer<typeof skippedEntrySchema>;

export const parseCreatureFileResponseSchema = z.object({
  creatures: z.array(creatureSchema),
  skipped: z.array(skippedEntrySchema),
});
export type ParseCreatureFileResponse = z.infer<typeof parseCreatureFileResponseSchema>;

/** A refused file: the error body, and where the problem is (a CSV line, 1-based; a JSON path such as `monster[3].hp.average`). */
export const creatureFileErrorSchema = z
  .object({ code: text(), message: text(), line: z.number().int().min(1).optional(), field: text().optional() })
  .meta({ id: 'CreatureFileError' });
export type CreatureFileError = z.infer<typeof creatureFileErrorSchema>;

export { CREATURE_FILE_FORMATS, type CreatureFileFormat } from './creature-file-formats.js';
