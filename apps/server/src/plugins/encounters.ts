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
    const encounters = new EncounterRegistry({
      store: app.store,
      broadcaster,
      exclusiveStore: app.database.driver === 'pglite',
      onTimerEnd: (encounterId, outcome) => {
        if (outcome.kind === 'failed') app.log.error({ err: outcome.error, encounterId }, 'turn timer: ending the turn failed');
        else if (outcome.ack.ok) app.log.info({ encounterId, version: outcome.ack.version }, 'turn timer: time ran out, turn ended');
        else app.log.debug({ encounterId, code: outcome.ack.code }, 'turn timer: turn not ended');
      },
    });
    app.decorate('encounters', encounters);
    // [ENG-41] Deadlines pending when the server stopped still fire: taken up once the server is ready,
    // in the background (a failure is logged; the deadline then fires when a client opens the encounter).
    app.addHook('onReady', () => {
      encounters.resumeDeadlines().catch((error: unknown) => app.log.error({ err: error }, 'turn timer: resuming deadlines failed'));
    });
    // Registered after the store: closed before it, so an end the timer started is stored before the database closes.
    app.addHook('onClose', () => encounters.close());
    app.decorate('access', new EncounterAccess(app.store, encounters, broadcaster, app.seatRequests));
  },
  { name: 'encounters', dependencies: ['store', 'realtime'] },
);
