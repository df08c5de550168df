import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL, as the server tests use it; BENCH_PG_ADMIN_URL overrides it. */
export const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_CONNECT_TIMEOUT_MS = 5_000;

export interface BenchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh `rk_bench_<random>` database; `drop` removes it even with connections left. */
export async function createBenchDatabase(adminUrl = process.env.BENCH_PG_ADMIN_URL ?? DEFAULT_PG_ADMIN_URL): Promise<BenchDatabase> {
  const name = `rk_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
