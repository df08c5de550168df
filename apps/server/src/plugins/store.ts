import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import type { EventStore } from '../store/event-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    store: EventStore;
  }
}

/** The event store over the database: encounters, their logs, accepted commands and seats. */
export const storePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('store', new DrizzleEventStore(app.database.db));
  },
  { name: 'store', dependencies: ['database'] },
);
