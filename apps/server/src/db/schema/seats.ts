import { pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { encounters } from './encounters.js';

/** A player's seat at one PC. unique(encounter, combatant): two phones cannot both claim a character. */
export const seats = pgTable(
  'seats',
  {
    id: text('id').primaryKey(),
    encounterId: text('encounter_id')
      .notNull()
      .references(() => encounters.id, { onDelete: 'cascade' }),
    combatantId: text('combatant_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('seats_encounter_combatant_unique').on(t.encounterId, t.combatantId)],
);
