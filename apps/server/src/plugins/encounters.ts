import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EncounterAccess } from '../encounters/access.js';
import { EncounterRegistry } from '../encounters/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    encounters: EncounterRegistry;
    access: EncounterAccess;
  }
}

/** The registry of encounter rooms, publishing through the realtime layer, and the seats and links that open them. */
export const encountersPlugin = fp(
  async (app: FastifyInstance) => {
    const { broadcaster } = app.realtime;
    const encounters = new EncounterRegistry({ store: app.store, broadcaster, exclusiveStore: app.database.driver === 'pglite' });
    app.decorate('encounters', encounters);
    app.decorate('access', new EncounterAccess(app.store, encounters, broadcaster, app.seatRequests));
  },
  { name: 'encounters', dependencies: ['store', 'realtime'] },
);
