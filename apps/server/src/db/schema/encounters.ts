import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per encounter: what is needed before its events are read (auth, join code). */
export const encounters = pgTable(
  'encounters',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    system: text('system').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Tokens are stored as SHA-256 hex only: a leaked database does not hand out the GM's console.
    gmTokenHash: text('gm_token_hash').notNull(),
    spectatorTokenHash: text('spectator_token_hash').notNull(),
    joinCode: text('join_code').notNull().unique(),
    /** Set by the GM: no new seats can be taken (existing seats keep working). */
    joinLocked: boolean('join_locked').notNull().default(false),
  },
  // The console lists its encounters by the GM tokens it holds, so the hash is looked up directly.
  (t) => [index('encounters_gm_token_hash_idx').on(t.gmTokenHash)],
);
