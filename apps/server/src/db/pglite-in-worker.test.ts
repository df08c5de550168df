import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteInWorker, PgliteWorkerError } from './pglite-in-worker.js';

// What drizzle needs of PGlite across the thread boundary, beyond the store contract (which runs the
// whole store on it): transactions that commit or roll back whole, other queries waiting for an open
// transaction as in PGlite, and database errors that keep PostgreSQL's code.

describe('PGlite in a worker thread', () => {
  let db: PgliteInWorker;

  beforeAll(async () => {
    db = await PgliteInWorker.start(null);
    await db.query('create table t (n int primary key)');
  });

  afterAll(async () => {
    await db?.close();
  });

  const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n;

  it('commits a transaction whose callback resolves, and rolls back one whose callback throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1)', [1]);
      await tx.query('insert into t values ($1)', [2]);
    });
    expect(await count()).toBe(2);
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1)', [3]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(2);
  });

  it('makes a query from outside wait until an open transaction has ended', async () => {
    let outside: Promise<number | undefined> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1)', [10]);
      outside = count();
      await tx.query('insert into t values ($1)', [11]);
    });
    expect(await outside).toBe(4);
  });

  it('answers array rows when asked, as drizzle asks', async () => {
    const { rows } = await db.query('select 1 as a, $1::text as b', ['x'], { rowMode: 'array' });
    expect(rows).toEqual([[1, 'x']]);
  });

  it("rejects with the database's error and SQLSTATE, and stays usable", async () => {
    const error = await db.query('insert into t values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PgliteWorkerError);
    expect(error).toMatchObject({ code: '23505' });
    expect(await count()).toBe(4);
  });
});
