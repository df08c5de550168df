import { afterAll, describe, expect, it } from 'vitest';
import { verifyDice } from '@roundkeeper/rules';
import { shippedMigrations } from '../src/ops/backup.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { loadReleaseDatabase, readFixture, RELEASES } from './helpers/release-fixture.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// Databases written by earlier releases open, migrate and replay under this one: each release fixture
// (test/helpers/release-fixture.ts) is loaded with ITS migrations and rows, then today's server starts on it.
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
        // Everything that release showed is shown the same; fields a later release added (health, its
        // options' defaults) may come in beside it. A changed or missing value fails.
        expect(gm.latest(), `${expected.system} ${expected.encounterId}`).toMatchObject(expected.gm);
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
          // Seat versions count the seat view's changes, above any log seq: a page that held the old
            // release's version (the seq) takes this view as newer.
            expect(player.latest().version).toBeGreaterThan(expected.gm.version);
          expect(player.latest().view.combatants.filter((c) => c.mine).map((c) => c.id)).toEqual(seat.combatantIds);
        }
        const spectator = await connectClient(server.url, authFor(expected.encounterId, expected.spectatorToken));
        opened.push(spectator);
        const gm = await connectClient(server.url, authFor(expected.encounterId, expected.gmToken));
        opened.push(gm);
        const ack = await gm.command({ type: 'add-combatant', combatant: { name: 'Latecomer', side: 'npc', stats: {} } });
        if (!expected.ended) expect(ack, expected.system).toMatchObject({ ok: true });
        else expect(ack.ok, 'an ended encounter takes no command').toBe(false);
      }
    });
  },
);
