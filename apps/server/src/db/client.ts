import { mkdirSync, readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DatabaseConfig } from '../config.js';
import { MIGRATIONS_FOLDER } from '../paths.js';
import { PgliteInWorker } from './pglite-in-worker.js';
import { pgliteTemplatePath, templateFor } from './pglite-template.js';
import type * as schema from './schema/index.js';

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
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
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

/** PGlite on the server's own thread (PGLITE_THREAD=main), as before the worker. */
async function pgliteOnThisThread(dataDir: string | null, template: string | undefined): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const options = template === undefined ? {} : { loadDataDir: new Blob([readFileSync(template)]) };
  return PGlite.create(dataDir ?? undefined, options);
}

/**
 * Opens the configured database and applies the committed migrations before anything else runs. A
 * node's start is what its clients wait for when it restarts (docs/performance-log.md, the reconnect
 * storm), so this module loads nothing heavy at import: main.ts calls it before the server's modules
 * load. Each driver's modules, drizzle and the schema are imported here, only the configured driver's,
 * and PGlite's worker starts before any of them.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = () => {},
  /** PGlite only: the empty-database template a new folder is filled from (the build's; tests name their own). */
  pgliteTemplate?: string,
): Promise<Database> {
  switch (config.driver) {
    case 'pglite': {
      if (config.dataDir !== null) mkdirSync(config.dataDir, { recursive: true });
      // A folder with no database yet is filled from the build's template instead of running initdb.
      const template = templateFor(config.dataDir, pgliteTemplate ?? pgliteTemplatePath());
      // The worker opens PGlite on its own thread (~0.4 s) while this one imports drizzle.
      const starting =
        (config.thread ?? 'worker') === 'worker' ? PgliteInWorker.start(config.dataDir, template) : pgliteOnThisThread(config.dataDir, template);
      const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }, { sql }, schema] = await Promise.all([
        starting,
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
        import('drizzle-orm'),
        import('./schema/index.js'),
      ]);
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
      const [, { default: pg }, { drizzle: drizzlePg }, { sql }, schema] = await Promise.all([
        migratePostgres(config.url),
        import('pg'),
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm'),
        import('./schema/index.js'),
      ]);
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
