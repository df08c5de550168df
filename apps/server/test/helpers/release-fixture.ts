import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import type { FixtureEncounter } from '../../scripts/make-upgrade-fixture.js';

// Each folder under test/fixtures/release-<date>/ was written by scripts/make-upgrade-fixture.ts running
// that release: its migrations (drizzle/), every row it stored (rows.json) and what each encounter
// replayed to then (expected.json). Keep every such folder: each is a release whose GMs' data must keep opening.
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** Oldest first; add the new folder when a release's fixture is written. */
export const RELEASES = ['release-2026-11-25'] as const;
/** Parents first (foreign keys). */
const TABLE_ORDER = ['encounters', 'events', 'commands', 'seats'] as const;

export interface Fixture {
  readonly folder: string;
  readonly rows: Readonly<Record<(typeof TABLE_ORDER)[number], readonly Record<string, unknown>[]>>;
  readonly encounters: readonly FixtureEncounter[];
}

export function readFixture(release: string): Fixture {
  const folder = join(FIXTURES, release);
  const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as unknown;
  return { folder, rows: read('rows.json') as Fixture['rows'], encounters: (read('expected.json') as { encounters: FixtureEncounter[] }).encounters };
}

type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** Rows per INSERT statement: few round trips, far below the 65,535 parameters a statement may carry. */
const INSERT_BATCH_ROWS = 200;

/** Inserts the rows as that release stored them, column by column, with plain SQL (not today's schema). */
async function insertRows(query: Query, rows: Fixture['rows']): Promise<void> {
  for (const table of TABLE_ORDER) {
    const all = rows[table];
    for (let start = 0; start < all.length; start += INSERT_BATCH_ROWS) {
      const batch = all.slice(start, start + INSERT_BATCH_ROWS);
      const columns = Object.keys(batch[0] ?? {});
      const params: unknown[] = [];
      const tuples = batch.map((row) => {
        const placeholders = columns.map((c) => {
          const value = row[c];
          params.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await query(`insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`, params);
    }
  }
}

/** The database as that release left it: its own migrations applied, then its rows. */
export async function loadReleaseDatabase(config: DatabaseConfig, fixture: Fixture): Promise<void> {
  const migrationsFolder = join(fixture.folder, 'drizzle');
  if (config.driver === 'pglite') {
    const client = new PGlite(config.dataDir ?? undefined);
    try {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      await client.transaction(async (tx) => insertRows((text, params) => tx.query(text, params), fixture.rows));
    } finally {
      await client.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client }), { migrationsFolder });
    await client.query('begin');
    await insertRows((text, params) => client.query(text, params), fixture.rows);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

