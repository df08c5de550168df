import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carryOverLookupResponseSchema, carryOverRequestSchema, carryOverResponseSchema } from '@roundkeeper/protocol';
import { HttpError } from './http-error.js';
import { claimCarryOver, lookupCarryOver, type CarryOverDeps } from '../library/carry-over.js';

/**
 * A phone that held a party's PC in one encounter takes the same PC's seat in the party's next one, with
 * its old seat token instead of a join code (carry-over.ts says who may, and why that is safe).
 */
export async function carryOverRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): CarryOverDeps => ({ store: app.store, library: app.library, encounters: app.encounters, access: app.access });

  api.route({
    method: 'POST',
    url: '/api/join/carry-over/lookup',
    schema: {
      summary: "What the phone holding this seat would be offered in the party's next encounter (null when nothing is waiting).",
      body: carryOverRequestSchema,
      response: { 200: carryOverLookupResponseSchema },
      descriptions: { 200: 'The offer, or null.' },
      refusals: ['bad-request', 'unauthorized'],
    },
    handler: async (request) => {
      const result = await lookupCarryOver(deps(), request.body.encounterId, request.body.seatToken);
      if (!result.ok) throw new HttpError(result.code, result.message);
      return { offer: result.offer };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/join/carry-over',
    schema: {
      summary:
        "Take the offered seat in the party's next encounter with the old seat's token. Sending the same token again gives the same seat (a lost answer is safe to retry).",
      body: carryOverRequestSchema,
      response: { 200: carryOverResponseSchema },
      descriptions: { 200: 'The new seat token (secret; keep it to reconnect).' },
      refusals: ['bad-request', 'unauthorized', 'forbidden', 'not-found', 'join-locked', 'seat-taken', 'invalid-command'],
    },
    handler: async (request) => {
      const result = await claimCarryOver(deps(), request.body.encounterId, request.body.seatToken);
      if (!result.ok) throw new HttpError(result.code, result.message);
      return { ...result.seat, combatantIds: [...result.seat.combatantIds] };
    },
  });
}
