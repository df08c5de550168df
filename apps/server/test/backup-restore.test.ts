import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, shippedMigrations } from '../src/ops/backup.js';
import { runCli } from './helpers/cli-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { loadReleaseDatabase, readFixture, RELEASES } from './helpers/release-fixture.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient } from './helpers/test-client.js';
import { startServer } from './helpers/test-server.js';

/** The newest release fixture is the busy database: every system, seats, commands, ended encounters. */
const fixture = readFixture(RELEASES[RELEASES.length - 1] ?? '');

/** The rows of a backup file, header aside (its createdAt differs from one backup to the next). */
async function rowsOf(file: string): Promise<{ header: Record<string, unknown>; rows: string[] }> {
  const [head = '', ...rows] = (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '');
  return { header: JSON.parse(head) as Record<string, unknown>, rows };
}

// The real CLI in child processes, on the server's own settings (DATA_DIR, DATABASE_URL):
// PGlite → file → PostgreSQL → file → PGlite, then every encounter checked on each copy.
describe('backup and restore through the CLI: PGlite → file → PostgreSQL → file → PGlite', () => {
  let folder: string;
  let source: TestDatabase;
  let postgres: TestDatabase;
  let copy: TestDatabase;

  beforeAllOrFail(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rk-backup-'));
    [source, postgres, copy] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('postgres'), createTestDatabase('pglite')]);
    await loadReleaseDatabase(source.config, fixture);
  });

  afterAll(async () => {
    await Promise.all([source?.drop(), postgres?.drop(), copy?.drop()]);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('backs up everything, restores it into empty databases only, and the copies hold the same rows', async () => {
    const first = join(folder, 'pglite.jsonl');
    const second = join(folder, 'postgres.jsonl');
    const backedUp = await runCli(source.config, ['backup', '--out', first]);
    expect(backedUp, backedUp.stderr).toMatchObject({ code: 0 });
    const { header, rows } = await rowsOf(first);
    expect(header).toMatchObject({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      migration: { count: shippedMigrations().length, tag: shippedMigrations().at(-1)?.tag },
      rows: { encounters: fixture.rows.encounters.length, events: fixture.rows.events.length, commands: fixture.rows.commands.length, seats: fixture.rows.seats.length },
    });
    // Seats travel as token hashes only: no token of the fixture is in the file.
    const text = rows.join('\n');
    for (const e of fixture.encounters) for (const token of [e.gmToken, e.spectatorToken, ...e.seats.map((s) => s.seatToken)]) expect(text).not.toContain(token);

    const restored = await runCli(postgres.config, ['restore', '--in', first]);
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    expect(restored.stdout).toContain(`restored ${fixture.rows.encounters.length} encounters`);
    const again = await runCli(postgres.config, ['restore', '--in', first]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty \(10 encounters/);

    expect((await runCli(postgres.config, ['backup', '--out', second])).code).toBe(0);
    expect((await rowsOf(second)).rows).toEqual(rows);
    const back = await runCli(copy.config, ['restore', '--in', second]);
    expect(back, back.stderr).toMatchObject({ code: 0 });
  });

  it('every encounter opens on both copies with the same GM view, and every seat with its own', async () => {
    for (const database of [postgres, copy]) {
      const server = await startServer(database.config);
      try {
        for (const expected of fixture.encounters) {
          const gm = await connectClient(server.url, authFor(expected.encounterId, expected.gmToken));
          // The fixture's views are its release's: fields added since (health) may come in beside them.
          expect(gm.latest(), `${database.config.driver} ${expected.system}`).toMatchObject(expected.gm);
          gm.close();
          for (const seat of expected.seats) {
            const player = await connectClient(server.url, authFor(expected.encounterId, seat.seatToken));
            // Seat versions count the seat view's changes, above any log seq: a page that held the old
            // release's version (the seq) takes this view as newer.
            expect(player.latest().version).toBeGreaterThan(expected.gm.version);
            player.close();
          }
        }
        // Accepted command ids came along: a retried id is answered from the store, not run again.
        const [row] = fixture.rows.commands as { encounter_id: string; command_id: string; ack: unknown }[];
        if (row) expect(await server.app.store.findCommand(row.encounter_id, row.command_id)).toEqual(row.ack);
      } finally {
        await server.close();
      }
    }
  });
});
