import { createServer } from 'node:net';
import { once } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const PG_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port nothing listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isDatabaseUnavailable', () => {
  it('is true for a refused connection, also under a wrapper\'s cause', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
    const refused = await errorOf(() => client.connect());
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  });

  it('is true when the server ends the session (57P01), false for a bad query on a live server', async () => {
    const victim = new pg.Client({ connectionString: PG_URL });
    victim.on('error', () => {});
    await victim.connect();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const bad = await errorOf(() => victim.query('select * from no_such_table_here'));
      expect(isDatabaseUnavailable(bad)).toBe(false);
      const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const killed = errorOf(() => victim.query('select pg_sleep(10)'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.query('select pg_terminate_backend($1)', [pid]);
      expect(isDatabaseUnavailable(await killed)).toBe(true);
    } finally {
      await admin.end();
      await victim.end().catch(() => undefined);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
