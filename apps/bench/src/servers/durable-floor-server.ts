import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
// The server's own group commit, not a copy: the durable floor pays for durability exactly as
// Roundkeeper's store does (one statement for every append that arrived during the last write).
import { GroupCommit } from '../../../server/src/store/group-commit.js';
import { BENCH_HOST, READY_PATH, benchPort, exitOnSignals } from './server-env.js';
import { FLOOR_MAX_MESSAGE_BYTES, type FloorClientEvents, type FloorCommand, type FloorServerEvents } from './floor-protocol.js';

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

const http = createServer((request, response) => {
  response.statusCode = request.url === READY_PATH ? 200 : 404;
  response.end();
});
const io = new Server<FloorClientEvents, FloorServerEvents>(http, {
  serveClient: false,
  perMessageDeflate: false,
  maxHttpBufferSize: FLOOR_MAX_MESSAGE_BYTES,
});

io.on('connection', (socket) => {
  const { table } = socket.handshake.auth as { table?: unknown };
  if (typeof table !== 'string') return void socket.disconnect(true);
  void socket.join(table);
  socket.on('command', (command, ack) => {
    if (typeof ack !== 'function') return;
    commits.write({ table, command }).then(
      () => {
        io.to(table).emit('view', command);
        ack({ ok: true });
      },
      // Not acknowledged: the bench's turn times out and counts as an error.
      (error: unknown) => console.error('durable floor: append failed', error),
    );
  });
});

http.listen(benchPort(), BENCH_HOST);
exitOnSignals(() => {
  io.close();
  void pool.end();
});
