import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);
const START_TIMEOUT_SECONDS = 60;
/** The server may not run as root: as root, the cluster belongs to (and runs as) this user. */
const POSTGRES_USER = 'postgres';

/** Where initdb and pg_ctl are: PG_BIN, else pg_config's answer, else the PATH; null when there are none. */
export function findPostgresBinaries(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config: try the PATH below
  }
  for (const dir of (process.env.PATH ?? '').split(':')) candidates.push(dir);
  return candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

export interface PrivatePostgres {
  /** postgres://…/postgres on its own port. */
  readonly url: string;
  start(): Promise<void>;
  /** `immediate`: every backend is killed at once, as in a crash; recovery replays the WAL on start. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own, from the installed binaries into a temp folder, on a free
 * port: it can be stopped and started at will without touching the machine's shared server.
 */
export async function createPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'rk-private-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path)) ?? 'runuser';
  const pgTool = (tool: string, args: string[]) =>
    asRoot ? run(runuser, ['-u', POSTGRES_USER, '--', join(binDir, tool), ...args]) : run(join(binDir, tool), args);

  try {
    if (asRoot) {
      const { stdout: uid } = await run('id', ['-u', POSTGRES_USER]);
      const { stdout: gid } = await run('id', ['-g', POSTGRES_USER]);
      await chown(dir, Number(uid.trim()), Number(gid.trim()));
    }
    await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  // fsync off: the machine does not crash in this test, the server process does; what is committed is
  // in the OS's cache either way, and the test runs faster on a shared two-core machine.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60`;
  let running = false;
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    await pgTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    running = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await pgTool('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'log'), '-w', '-t', String(START_TIMEOUT_SECONDS), 'start']);
      running = true;
    },
    stop,
    destroy: async () => {
      await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Answers once PostgreSQL at `url` accepts a query. */
export async function pingPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
