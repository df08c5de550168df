import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** The database to open, or one already opening (main.ts opens it while the server's modules load). */
export type DatabaseOptions = { readonly database: DatabaseConfig } | { readonly opened: Promise<Database> };

/** Opens the database and applies migrations before any route is ready; closes it last. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabaseOptions) => {
    const database = await ('opened' in options
      ? options.opened
      : openDatabase(options.database, (error) => app.log.warn({ err: error }, 'idle database connection lost')));
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
