import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lookupJoinRequestSchema,
  lookupJoinResponseSchema,
  seatRequestSchema,
  takeSeatRequestSchema,
  takeSeatResponseSchema,
} from '@roundkeeper/protocol';
import type { EncounterRoom } from '../encounters/room.js';
import type { EncounterRecord } from '../store/encounter-log.js';
import { HttpError } from './http-error.js';
import { clientLimit, waitPhrase, type RateLimit } from './client-limits.js';

/**
 * Join attempts per IP: a table of six phones retrying a typo stays far below it, while guessing
 * among 887 million join codes at this pace is hopeless.
 */
export const DEFAULT_JOIN_RATE_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };

/** Players join with the short code: see the seats, then take one and receive its token. */
export async function joinRoutes(app: FastifyInstance, options: { rateLimit?: RateLimit }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Scoped to this plugin: the three join routes share one budget. Counted before the body is even parsed.
  app.addHook(
    'onRequest',
    clientLimit(app, {
      group: 'join',
      limit: options.rateLimit ?? DEFAULT_JOIN_RATE_LIMIT,
      refusal: (seconds) => `Too many join attempts from your network; try again in ${waitPhrase(seconds)}.`,
    }),
  );

  async function roomOfCode(joinCode: string): Promise<{ record: EncounterRecord; room: EncounterRoom }> {
    const record = await app.store.findByJoinCode(joinCode);
    const room = record && (await app.encounters.open(record.id));
    if (!record || !room) throw new HttpError('not-found', `No encounter has the join code ${joinCode}; check it with your GM.`);
    return { record, room };
  }

  api.route({
    method: 'POST',
    url: '/api/join/lookup',
    schema: {
      summary: 'Find an encounter by its join code and list the seats (visible PCs).',
      body: lookupJoinRequestSchema,
      response: { 200: lookupJoinResponseSchema },
      descriptions: { 200: 'The encounter and its seats.' },
      refusals: ['bad-request', 'not-found', 'rate-limited'],
    },
    handler: async (request) => {
      const { record, room } = await roomOfCode(request.body.joinCode);
      const seats = await app.access.listSeats(room.encounterId);
      return room.read(({ state }) => ({
        encounterId: state.id,
        name: state.name,
        system: state.system,
        joinLocked: record.joinLocked,
        // Hidden PCs are not offered: the players must not learn of them from the join page.
        seats: state.combatants
          .filter((c) => c.side === 'pc' && !c.hidden)
          .map((c) => ({ combatantId: c.id, name: c.name, taken: seats.some((s) => s.combatantId === c.id) })),
      }));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/join/seat',
    schema: {
      summary: 'Take a seat: bind this phone to a PC and receive the seat token.',
      body: takeSeatRequestSchema,
      response: { 200: takeSeatResponseSchema },
      descriptions: { 200: 'The seat token (secret; keep it to reconnect).' },
      refusals: ['bad-request', 'not-found', 'join-locked', 'seat-taken', 'invalid-command', 'rate-limited'],
    },
    handler: async (request) => {
      const { joinCode, combatantId } = request.body;
      const { record, room } = await roomOfCode(joinCode);
      if (record.joinLocked) throw new HttpError('join-locked', 'The GM has closed joining; ask them to open it again.');
      const result = await app.access.takeSeat(room.encounterId, combatantId);
      if (!result.ok) throw new HttpError(result.code, result.message);
      return { encounterId: room.encounterId, seatToken: result.seatToken, combatantIds: [...result.combatantIds] };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/join/request',
    schema: {
      summary:
        "Ask the GM to free a character's seat (a player who changed phones finds it taken). No token: the join code. The GM console shows it (presence event) until the GM frees the seat or waves it away; counted with the join attempts.",
      body: seatRequestSchema,
      descriptions: { 204: 'The GM has been told.' },
      refusals: ['bad-request', 'not-found', 'rate-limited'],
    },
    handler: async (request, reply) => {
      const { room } = await roomOfCode(request.body.joinCode);
      const asked = await app.access.requestSeat(room.encounterId, request.body.combatantId);
      if (!asked) throw new HttpError('not-found', 'There is no such character in this encounter.');
      app.realtime.presence.send(room.encounterId);
      return reply.status(204).send();
    },
  });
}
