import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';

/** Every integration suite runs on both; the postgres one fails loudly when PostgreSQL is absent. */
export const BACKENDS = ['pglite', 'postgres'] as const;
export type Backend = (typeof BACKENDS)[number];

const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_CONNECT_TIMEOUT_MS = 5_000;

export interface TestDatabase {
  readonly config: DatabaseConfig;
  /** Removes the database (PostgreSQL) or its folder (PGlite). Call after every app using it has closed. */
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? DEFAULT_PG_ADMIN_URL;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${reason}). The postgres suites need a running server; ` +
        'start one or point TEST_PG_ADMIN_URL at a role that may CREATE DATABASE.',
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: a temp PGlite folder, or `rk_test_<random>` on the machine's PostgreSQL. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'rk-pglite-'));
    return { config: { driver: 'pglite', dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `rk_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? DEFAULT_PG_ADMIN_URL;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { driver: 'postgres', url: url.toString() },
    drop: () => withAdmin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
