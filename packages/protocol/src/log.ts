import { z } from 'zod';
import { text } from './text.js';
import type { EncounterEvent } from '@roundkeeper/rules';

// The GM's log: GET /api/encounters/:encounterId/log pages through the encounter's stored events.

/** Entries per page when `limit` is not given. */
export const DEFAULT_LOG_PAGE = 100;
/** Most entries one request may ask for. */
export const MAX_LOG_PAGE = 500;
/** Seqs are stored as PostgreSQL `integer`: a larger cursor could not name any event. */
export const MAX_LOG_SEQ = 2_147_483_647;

/** A whole number in a query string ("0", "42"); the schema turns it into a number. */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, 'expected a whole number such as 0 or 42')
    .transform(Number)
    .pipe(z.number().int().max(max));

/**
 * `after`: the entries following this seq, oldest first (0 or absent: from the start).
 * `before`: the `limit` entries just before this seq, still oldest first (how a console reads the
 * latest page, with the next seq to come, and then earlier ones). At most one of the two.
 */
export const logQuerySchema = z
  .strictObject({
    after: wholeNumber(MAX_LOG_SEQ).optional(),
    before: wholeNumber(MAX_LOG_SEQ).optional(),
    limit: wholeNumber(MAX_LOG_PAGE).pipe(z.number().min(1)).optional(),
  })
  .refine((q) => q.after === undefined || q.before === undefined, { message: 'give either after or before, not both' });
export type LogQuery = z.output<typeof logQuerySchema>;

/**
 * An event as the log shows it: the rules' event, except that `seed` and `rng` (the generator state
 * after a roll) are null until the encounter has ended, so not even the GM can foresee a roll.
 */
export type LogEvent = WithDiceSecretsNullable<EncounterEvent>;
/** Distributes over the union, so `type` still tells the events apart. */
type WithDiceSecretsNullable<E> = E extends unknown ? { readonly [K in keyof E]: K extends 'seed' | 'rng' ? E[K] | null : E[K] } : never;

export const logEntrySchema = z.object({
  seq: z.number().int().min(1),
  /** Shared by every event one command wrote; null for the creation event and imported events. */
  commandId: text().nullable(),
  by: z
    .enum(['gm', 'player', 'timer'])
    .nullable()
    .meta({
      description:
        "Who issued the command (its 'command-applied' event): the GM, a player, or the turn timer ending a turn whose time ran out; null where none is stored (creation, import, undo, redo).",
    }),
  player: z
    .array(text())
    .nullable()
    .meta({ description: "When `by` is 'player': the combatant ids of the player's seat; null otherwise (and for commands stored before it was recorded)." }),
  at: text().meta({ description: 'ISO 8601: when the server stored the event.' }),
  event: z
    .looseObject({ type: text() })
    .meta({ description: 'The event as stored, dice faces included; seed and rng are null until the encounter has ended.' }),
});

export const logPageSchema = z.object({
  /** Once ended, the seed is public and the log shows it (and every generator state). */
  ended: z.boolean(),
  /** Oldest first. */
  entries: z.array(logEntrySchema),
  more: z.boolean().meta({ description: 'More entries lie beyond this page in the direction asked (later for after, earlier for before).' }),
});

export type LogEntry = Omit<z.infer<typeof logEntrySchema>, 'event'> & { readonly event: LogEvent };
export type LogPage = Omit<z.infer<typeof logPageSchema>, 'entries'> & { readonly entries: readonly LogEntry[] };
