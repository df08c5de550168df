import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CommandAck } from '@roundkeeper/protocol';
import { encounters } from './encounters.js';

/** Accepted command ids with their answer, written in the same transaction as the events (idempotent retries). */
export const commands = pgTable(
  'commands',
  {
    encounterId: text('encounter_id')
      .notNull()
      .references(() => encounters.id, { onDelete: 'cascade' }),
    commandId: text('command_id').notNull(),
    version: integer('version').notNull(),
    ack: jsonb('ack').$type<CommandAck>().notNull(),
    /**
     * The audience version counts after this command (AudienceCheckpoint): a room loads from the latest
     * instead of counting the whole log again. Absent on commands stored before them. Read through its
     * schema (store/checkpoints.ts).
     */
    checkpoint: jsonb('checkpoint').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.encounterId, t.commandId] }),
    index('commands_checkpoint_idx').on(t.encounterId, t.version).where(sql`${t.checkpoint} is not null`),
  ],
);
