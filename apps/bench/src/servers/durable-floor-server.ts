import pg from 'pg';
// The server's own group commit, not a copy: the durable floor pays for durability exactly as
// Roundkeeper's store does (one statement for every append that arrived during the last write).
import { GroupCommit } from '../../../server/src/store/group-commit.js';
import { serveFloor } from './floor-relay.js';
import type { FloorCommand } from './floor-protocol.js';

/**
 * The durable floor: the floor (floor-server.ts), except that every command is first appended to
 * PostgreSQL and relayed and acknowledged only after its statement committed, with Roundkeeper's
 * commit discipline (group commit, one row per command, a unique key per table and version). No auth,
 * no rules, no views: what durability alone costs a relay on this machine.
 */

/** As Roundkeeper's store (drizzle-event-store.ts): commands per group-commit statement, pool size. */
const MAX_COMMANDS_PER_STATEMENT = 32;
const PG_POOL_MAX = 10;

interface Append {
  readonly table: string;
  readonly command: FloorCommand;
}

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must point at the bench database');
const pool = new pg.Pool({ connectionString: url, max: PG_POOL_MAX });

await pool.query(`create table if not exists floor_commands (
  table_id text not null,
  version integer not null,
  command_id text not null,
  command jsonb not null,
  created_at timestamptz not null default now(),
  primary key (table_id, version)
)`);

/** One multi-row INSERT: atomic and one round trip, as Roundkeeper's append statement. */
async function insert(appends: readonly Append[]): Promise<void> {
  const params = appends.flatMap(({ table, command }) => [table, command.version, command.commandId, JSON.stringify(command)]);
  const rows = appends.map((_, i) => `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4}::jsonb)`);
  await pool.query(`insert into floor_commands (table_id, version, command_id, command) values ${rows.join(', ')}`, params);
}

const commits = new GroupCommit<Append>((append) => insert([append]), insert, MAX_COMMANDS_PER_STATEMENT);

serveFloor(
  (table, command, relay) => {
    commits.write({ table, command }).then(
      () => {
        relay.emit();
        relay.ack();
      },
      // Not acknowledged: the bench's turn times out and counts as an error.
      (error: unknown) => console.error('durable floor: append failed', error),
    );
  },
  () => void pool.end(),
);
