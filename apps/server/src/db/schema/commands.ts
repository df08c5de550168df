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
     * The audience version counts before this command, on about one command in ten (store/checkpoints.ts):
     * a room loads from the latest and replays only the commands after it. Read through its schema.
     */
    checkpoint: jsonb('checkpoint').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.encounterId, t.commandId] }),
    index('commands_checkpoint_idx').on(t.encounterId, t.version).where(sql`${t.checkpoint} is not null`),
  ],
);
