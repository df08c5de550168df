import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EncounterRegistry } from '../encounters/registry.js';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import type { EventStore } from '../store/event-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    store: EventStore;
    encounters: EncounterRegistry;
  }
}

/** The event store over the database, and the registry of encounter rooms built on it. */
export const encountersPlugin = fp(
  async (app: FastifyInstance) => {
    const store = new DrizzleEventStore(app.database.db);
    app.decorate('store', store);
    app.decorate('encounters', new EncounterRegistry(store, app.database.driver === 'pglite'));
  },
  { name: 'encounters', dependencies: ['database'] },
);
