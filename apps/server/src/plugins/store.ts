import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SeatRequests } from '../encounters/seat-requests.js';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import type { EventStore } from '../store/event-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    store: EventStore;
    /** Players' unanswered requests to free a seat: memory only, per node (seat-requests.ts). */
    seatRequests: SeatRequests;
  }
}

/**
 * What the server keeps about encounters: the event store over the database (encounters, their logs,
 * accepted commands and seats), and beside it the seat requests, which live in memory only. Made before
 * the transport and the rooms, which both read them.
 */
export const storePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('store', new DrizzleEventStore(app.database.db));
    app.decorate('seatRequests', new SeatRequests());
  },
  { name: 'store', dependencies: ['database'] },
);
