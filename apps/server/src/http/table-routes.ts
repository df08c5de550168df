import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { keepPartyRequestSchema, keepPartyResponseSchema, nextFightRequestSchema, nextFightResponseSchema } from '@roundkeeper/protocol';
import { resolvePrincipal } from '../auth/principal.js';
import type { newEncounterClientLimit } from './encounter-routes.js';
import { HttpError } from './http-error.js';
import { keepParty } from '../library/keep-party.js';
import { LIBRARY_ONLY } from './library-auth.js';
import { HTTP_CREATED, partyOf } from './library-answers.js';
import { nextFight } from '../library/next-fight.js';
import type { StartDeps } from '../library/start-from-party.js';


/** The encounter's GM token, sent in the body beside the library token in the header: both are the console's. */
async function requireGmOf(app: FastifyInstance, encounterId: string, gmToken: string): Promise<void> {
  const principal = await resolvePrincipal(app.store, encounterId, gmToken);
  if (principal?.role !== 'gm') throw new HttpError('unauthorized', 'The GM token is not valid for this encounter.');
}

/**
 * The console's actions between fights: keep the table as a party, and start the next fight with it.
 * Registered inside the library routes (their library-token check covers these).
 */
export function tableRoutes(app: FastifyInstance, deps: () => StartDeps, newEncounterLimit: ReturnType<typeof newEncounterClientLimit>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/library/parties/from-encounter',
    schema: {
      summary:
        "Keep this party: an encounter's PCs (name, stats, health maximum, and the seat that held each) saved as a party, or the party the encounter was started from updated. Needs the library token and the encounter's GM token.",
      security: LIBRARY_ONLY,
      body: keepPartyRequestSchema,
      response: { 200: keepPartyResponseSchema },
      descriptions: { 200: 'The party, and whether it was made now.' },
      refusals: ['bad-request', 'unauthorized', 'forbidden', 'not-found'],
    },
    handler: async ({ libraryId, body }) => {
      await requireGmOf(app, body.encounterId, body.gmToken);
      const kept = await keepParty(deps(), libraryId, body.encounterId, body.name);
      if (!kept.ok) throw new HttpError(kept.code, kept.message);
      return { party: partyOf(kept.party), created: kept.created };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/library/next-fight',
    onRequest: newEncounterLimit,
    schema: {
      summary:
        "Next fight with the same table, from an ended encounter: its PCs kept as a party, then the party's next encounter started with them carrying their health (less what the rest restores) and the chosen monsters. The phones that held the PCs' seats are offered them.",
      security: LIBRARY_ONLY,
      body: nextFightRequestSchema,
      response: { [HTTP_CREATED]: nextFightResponseSchema },
      descriptions: { [HTTP_CREATED]: "Created: the encounter's tokens and join code (once), the party, and how many seats were offered." },
      refusals: ['bad-request', 'unauthorized', 'forbidden', 'not-found', 'rate-limited'],
    },
    handler: async ({ libraryId, body }, reply) => {
      await requireGmOf(app, body.encounterId, body.gmToken);
      const result = await nextFight(deps(), libraryId, body);
      if (!result.ok) throw new HttpError(result.code, result.message);
      return reply.status(HTTP_CREATED).send({ ...result.created, seatsOffered: result.seatsOffered, partyId: result.partyId, partyName: result.partyName });
    },
  });
}
