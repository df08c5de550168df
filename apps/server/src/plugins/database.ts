import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens the database and applies migrations before any route is ready; closes it last. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseConfig }) => {
    const database = await openDatabase(options.database, (error) => app.log.warn({ err: error }, 'idle database connection lost'));
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
