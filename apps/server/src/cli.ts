import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { backupTo, restoreFrom, RestoreRefused, type BackupHeader } from './ops/backup.js';

// Operations on the database the server would use (DATABASE_URL, else DATA_DIR), run beside or instead
// of the server: `node apps/server/dist/cli.js backup --out FILE` | `restore --in FILE`
// (`pnpm --filter @roundkeeper/server backup -- --out FILE`). docs/operations.md says when to use which.

const USAGE = `Usage:
  roundkeeper backup --out FILE    write every encounter, event, accepted command and seat (token hashes) to FILE
  roundkeeper restore --in FILE    load FILE into an EMPTY database (refuses one that holds anything)
The database is the server's: DATABASE_URL (PostgreSQL), else the PGlite folder DATA_DIR (default ./data).`;

/** Exit statuses: 0 done, 1 failed, 2 refused (bad usage, a non-empty database, a file of another format). */
const EXIT = { ok: 0, failed: 1, refused: 2 } as const;

const describe = (header: BackupHeader): string =>
  `${header.rows.encounters} encounters, ${header.rows.events} events, ${header.rows.commands} commands, ${header.rows.seats} seats (migration ${header.migration.count}, ${header.migration.tag})`;

async function run(argv: readonly string[]): Promise<number> {
  const [action, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  const { values } = parseArgs({ args: rest.filter((a) => a !== '--'), options: { out: { type: 'string' }, in: { type: 'string' } }, strict: true });
  const file = action === 'backup' ? values.out : action === 'restore' ? values.in : undefined;
  if (file === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return EXIT.refused;
  }
  const config = loadConfig();
  // Opening applies this release's migrations first, exactly as the server does at start.
  const database = await openDatabase(config.database);
  try {
    if (action === 'backup') {
      const header = await backupTo(database.db, file);
      process.stdout.write(`backed up ${describe(header)} to ${file}\n`);
    } else {
      const header = await restoreFrom(database.db, file);
      process.stdout.write(`restored ${describe(header)} from ${file}\n`);
    }
    return EXIT.ok;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  const refused = error instanceof RestoreRefused || (error instanceof Error && error.message.startsWith('Invalid environment'));
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = refused ? EXIT.refused : EXIT.failed;
}
