import { z } from 'zod';
import { illFormedTextPath, text, TEXT_PROBLEM } from './text.js';
import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { MAX_ID_LENGTH, MAX_IMPORT_EVENTS, MAX_NAME_LENGTH } from './limits.js';

// An encounter as a file: exported by its GM (GET /api/encounters/:id/export) and imported as a new
// encounter with new tokens (POST /api/encounters/import).

export const EXPORT_FORMAT = 'roundkeeper-encounter';
export const EXPORT_FORMAT_VERSION = 1;

/**
 * One event as stored. Events are the rules' union; the file checks only their envelope, and the
 * server replays an imported log through the rules before accepting it.
 */
/** Loose parts (an event's fields, the view) hold text too: every string in them, at any depth. */
function wellFormedThroughout(value: unknown, ctx: z.RefinementCtx): void {
  const path = illFormedTextPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: TEXT_PROBLEM });
}

export const exportedEventSchema = z.strictObject({
  seq: z.number().int().min(1),
  commandId: text().max(MAX_ID_LENGTH).nullable(),
  event: z.looseObject({ type: text().min(1).max(MAX_ID_LENGTH) }).superRefine(wellFormedThroughout),
});
export type ExportedEvent = z.infer<typeof exportedEventSchema>;

export const encounterExportSchema = z
  .strictObject({
    format: z.literal(EXPORT_FORMAT),
    formatVersion: z.literal(EXPORT_FORMAT_VERSION),
    encounter: z.strictObject({
      id: text().max(MAX_ID_LENGTH),
      name: text().trim().min(1).max(MAX_NAME_LENGTH),
      system: z.enum(SYSTEM_IDS),
      createdAt: text().max(MAX_NAME_LENGTH),
    }),
    /** Seq of the last event. */
    version: z.number().int().min(1),
    ended: z.boolean(),
    /**
     * The whole log, seq 1 first. Until the encounter has ended every `seed` field is null, so the
     * file cannot be used to predict the dice from the seed.
     */
    events: z.array(exportedEventSchema).min(1).max(MAX_IMPORT_EVENTS),
    /** The final state as the GM sees it (an EncounterView); informative, ignored on import. */
    view: z.record(text(), z.unknown()).superRefine(wellFormedThroughout).optional(),
  })
  .meta({ id: 'EncounterExport' });
export type EncounterExport = z.infer<typeof encounterExportSchema>;
