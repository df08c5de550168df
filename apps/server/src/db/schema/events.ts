import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { EncounterEvent } from '@roundkeeper/rules';
import { encounters } from './encounters.js';

/**
 * The append-only log. unique(encounter_id, seq) is what keeps two nodes from both writing the
 * same turn: the second insert fails and that node reloads.
 */
export const events = pgTable(
  'events',
  {
    encounterId: text('encounter_id')
      .notNull()
      .references(() => encounters.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<EncounterEvent>().notNull(),
    commandId: text('command_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('events_encounter_seq_unique').on(t.encounterId, t.seq)],
);
