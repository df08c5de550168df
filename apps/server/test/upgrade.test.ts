import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyDice } from '@roundkeeper/rules';
import type { DatabaseConfig } from '../src/config.js';
import { shippedMigrations } from '../src/ops/backup.js';
import type { FixtureEncounter } from '../scripts/make-upgrade-fixture.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// Databases written by earlier releases open, migrate and replay under this one. Each folder under
// test/fixtures/release-<date>/ was written by scripts/make-upgrade-fixture.ts running that release:
// its migrations (drizzle/), every row it stored (rows.json) and what each encounter replayed to then
// (expected.json). Keep every such folder: each is a release whose GMs' data must keep opening.
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const RELEASES = ['release-2026-11-25'] as const;
/** Parents first (foreign keys). */
const TABLE_ORDER = ['encounters', 'events', 'commands', 'seats'] as const;

interface Fixture {
  readonly folder: string;
  readonly rows: Readonly<Record<(typeof TABLE_ORDER)[number], readonly Record<string, unknown>[]>>;
  readonly encounters: readonly FixtureEncounter[];
}

function readFixture(release: string): Fixture {
  const folder = join(FIXTURES, release);
  const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as unknown;
  return { folder, rows: read('rows.json') as Fixture['rows'], encounters: (read('expected.json') as { encounters: FixtureEncounter[] }).encounters };
}

type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** Inserts the rows as that release stored them, column by column, with plain SQL (not today's schema). */
async function insertRows(query: Query, rows: Fixture['rows']): Promise<void> {
  for (const table of TABLE_ORDER) {
    for (const row of rows[table]) {
      const columns = Object.keys(row);
      const values = columns.map((c) => (row[c] !== null && typeof row[c] === 'object' ? JSON.stringify(row[c]) : row[c]));
      await query(`insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, values);
    }
  }
}

/** The database as that release left it: its own migrations applied, then its rows. */
async function loadReleaseDatabase(config: DatabaseConfig, fixture: Fixture): Promise<void> {
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

describe.each(RELEASES.flatMap((release) => BACKENDS.map((backend) => ({ release, backend }))))(
  'a database written by $release opens under this release ($backend)',
  ({ release, backend }) => {
    const fixture = readFixture(release);
    let testDb: TestDatabase;
    let server: TestServer;
    const opened: TestClient[] = [];

    beforeAllOrFail(async () => {
      testDb = await createTestDatabase(backend);
      await loadReleaseDatabase(testDb.config, fixture);
      // Today's server: applies the migrations newer than that release's, then serves.
      server = await startServer(testDb.config);
    });

    afterAll(async () => {
      for (const c of opened) c.close();
      await server?.close();
      await testDb?.drop();
    });

    it('holds a busy database: every system, ended and running encounters, seats, accepted commands', () => {
      const systems = new Set(fixture.encounters.map((e) => e.system));
      expect([...systems].sort()).toEqual(['dc20', 'dnd5e', 'genesys', 'lfg', 'uesrpg']);
      for (const system of systems) {
        expect(fixture.encounters.filter((e) => e.system === system).map((e) => e.gm.view.phase === 'ended').sort()).toEqual([false, true]);
      }
      expect(fixture.rows.seats.length).toBeGreaterThanOrEqual(fixture.encounters.length);
      expect(fixture.rows.commands.length).toBeGreaterThan(100);
    });

    it("is migrated to this release's level", async () => {
      const { rows } = (await server.app.database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations' as never)) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(shippedMigrations().length);
    });

    it('replays every encounter to the GM view it had, with every server roll still verifying', async () => {
      for (const expected of fixture.encounters) {
        const gm = await connectClient(server.url, authFor(expected.encounterId, expected.gmToken));
        opened.push(gm);
        expect(gm.latest(), `${expected.system} ${expected.encounterId}`).toEqual(expected.gm);
        const loaded = await server.app.store.load(expected.encounterId);
        const dice = verifyDice((loaded?.events ?? []).map((e) => e.event));
        expect(dice, expected.system).toMatchObject({ ok: true, mismatches: [] });
        if (expected.ended) expect(dice.checked, `${expected.system} rolled dice`).toBeGreaterThan(0);
      }
    });

    it('opens every seat and the spectator link, and takes new commands', async () => {
      for (const expected of fixture.encounters) {
        for (const seat of expected.seats) {
          const player = await connectClient(server.url, authFor(expected.encounterId, seat.seatToken));
          opened.push(player);
          expect(player.latest().version).toBe(expected.gm.version);
          expect(player.latest().view.combatants.filter((c) => c.mine).map((c) => c.id)).toEqual(seat.combatantIds);
        }
        const spectator = await connectClient(server.url, authFor(expected.encounterId, expected.spectatorToken));
        opened.push(spectator);
        const gm = opened.find((c) => c.socket.auth && (c.socket.auth as { token?: string }).token === expected.gmToken);
        if (!gm) throw new Error('GM not connected');
        const ack = await gm.command({ type: 'add-combatant', combatant: { name: 'Latecomer', side: 'npc', stats: {} } });
        if (!expected.ended) expect(ack, expected.system).toMatchObject({ ok: true });
        else expect(ack.ok, 'an ended encounter takes no command').toBe(false);
      }
    });
  },
);
