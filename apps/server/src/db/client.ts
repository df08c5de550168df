import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { MIGRATIONS_FOLDER } from '../paths.js';
import { PgliteInWorker } from './pglite-in-worker.js';
import * as schema from './schema/index.js';

/** Both drivers give this type; everything above the db layer is written against it only. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly driver: DatabaseConfig['driver'];
  /** Throws when the database cannot answer (readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Sized for one node on a small machine; the encounter queue keeps one command per encounter in flight. */
const PG_POOL_MAX = 10;
/** Arbitrary constant naming Roundkeeper's migration lock (pg_advisory_lock takes a bigint key). */
const MIGRATION_LOCK_KEY = 7_210_426_001;

/**
 * Applies migrations on one dedicated connection holding an advisory lock, so several nodes starting
 * together on a fresh database migrate one after another instead of racing on CREATE TABLE.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the lock even if unlocking is never reached.
    await client.end();
  }
}

/** Opens the configured database and applies the committed migrations before anything else runs. */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = () => {},
): Promise<Database> {
  switch (config.driver) {
    case 'pglite': {
      if (config.dataDir !== null) mkdirSync(config.dataDir, { recursive: true });
      const client =
        (config.thread ?? 'worker') === 'worker'
          ? await PgliteInWorker.start(config.dataDir)
          : config.dataDir === null
            ? new PGlite()
            : new PGlite(config.dataDir);
      // drizzle's PGlite driver calls only query, transaction (whose argument it queries) and close,
      // which PgliteInWorker answers as PGlite does; its type asks for the whole class.
      const db = drizzlePglite({ client: client as PGlite, schema });
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return {
        db,
        driver: 'pglite',
        ping: async () => void (await db.execute(sql`select 1`)),
        close: () => client.close(),
      };
    }
    case 'postgres': {
      await migratePostgres(config.url);
      const pool = new pg.Pool({ connectionString: config.url, max: PG_POOL_MAX });
      // An idle connection dropped by the server must not crash the process: the pool replaces it.
      pool.on('error', onIdleError);
      const db = drizzlePg({ client: pool, schema });
      return {
        db,
        driver: 'postgres',
        ping: async () => void (await db.execute(sql`select 1`)),
        close: () => pool.end(),
      };
    }
    default: {
      const unreachable: never = config;
      throw new Error(`unknown database driver: ${JSON.stringify(unreachable)}`);
    }
  }
}
