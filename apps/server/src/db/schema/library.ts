import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { Creature } from '@roundkeeper/protocol';
import { encounters } from './encounters.js';

// A GM's library: parties and a bestiary kept between encounters. No accounts: a library is a row
// opened by its own token (stored as SHA-256 hex only, like encounters' GM tokens).

export const libraries = pgTable('libraries', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const parties = pgTable(
  'parties',
  {
    id: text('id').primaryKey(),
    libraryId: text('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    system: text('system').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parties_library_idx').on(t.libraryId)],
);

/** `position` keeps the members in the order they were added, also within one millisecond. */
export const partyMembers = pgTable(
  'party_members',
  {
    id: text('id').primaryKey(),
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    position: serial('position').notNull(),
    creature: jsonb('creature').$type<Creature>().notNull(),
  },
  (t) => [index('party_members_party_idx').on(t.partyId)],
);

export const bestiaryEntries = pgTable(
  'bestiary_entries',
  {
    id: text('id').primaryKey(),
    libraryId: text('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    position: serial('position').notNull(),
    creature: jsonb('creature').$type<Creature>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bestiary_entries_library_idx').on(t.libraryId, t.system)],
);


/**
 * The encounters started from a party, in order (`ordinal`): a seat in one is offered back in the
 * next. Deleting the party or the encounter forgets the link.
 */
export const partyEncounters = pgTable(
  'party_encounters',
  {
    encounterId: text('encounter_id')
      .primaryKey()
      .references(() => encounters.id, { onDelete: 'cascade' }),
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    members: jsonb('members').$type<readonly { readonly memberId: string; readonly combatantId: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Two encounters started from one party at once cannot both be "the next": the second insert fails and retries.
  (t) => [unique('party_encounters_party_ordinal_unique').on(t.partyId, t.ordinal)],
);

/**
 * Seats carried over into an encounter, by the seat of the previous encounter they came from: each is
 * carried over once. A GM who removes the carried seat has removed it; the old token cannot bring it back.
 */
export const carriedSeats = pgTable(
  'carried_seats',
  {
    encounterId: text('encounter_id')
      .notNull()
      .references(() => encounters.id, { onDelete: 'cascade' }),
    fromSeatId: text('from_seat_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.encounterId, t.fromSeatId] })],
);
