import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.encounterId, t.commandId] })],
);
