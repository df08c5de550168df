import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyBodySchema, libraryTokenResponseSchema } from '@roundkeeper/protocol';
import { newId, newToken, sha256Hex } from '../auth/secrets.js';
import type { SeatOfferNotifier } from '../library/seat-offers.js';
import { bestiaryRoutes } from './bestiary-routes.js';
import type { RateLimit } from './client-limits.js';
import { newEncounterClientLimit } from './encounter-routes.js';
import { HTTP_CREATED } from './library-answers.js';
import { requireLibraryToken } from './library-auth.js';
import { partyRoutes } from './party-routes.js';
import { tableRoutes } from './table-routes.js';

/**
 * The GM's library: parties of PCs and a bestiary, kept between encounters, and starting an encounter
 * from them. Opened by a library token (library-auth.ts), checked here for the party and bestiary
 * routes registered inside; the one route that makes a library needs none. Each creature is checked
 * by its system's rules as it is kept, so starting an encounter from the library does not fail on it later.
 */
export async function libraryRoutes(app: FastifyInstance, options: { notifier: SeatOfferNotifier; rateLimit?: RateLimit }): Promise<void> {
  // A library and an encounter started from a party count against the client's new-encounter budget:
  // neither may be made by the hundred from one address.
  const newEncounterLimit = newEncounterClientLimit(app, options.rateLimit);
  requireLibraryToken(app, (tokenHash) => app.library.findLibraryId(tokenHash));

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/library',
    onRequest: newEncounterLimit,
    schema: {
      summary: "Make a GM library (parties and a bestiary). Returns its token once; the console keeps it like its encounters' GM tokens.",
      body: emptyBodySchema,
      response: { [HTTP_CREATED]: libraryTokenResponseSchema },
      descriptions: { [HTTP_CREATED]: 'Made.' },
      refusals: ['bad-request', 'rate-limited'],
    },
    handler: async (_request, reply) => {
      const libraryToken = newToken();
      await app.library.createLibrary(newId(), sha256Hex(libraryToken));
      return reply.status(HTTP_CREATED).send({ libraryToken });
    },
  });

  await app.register(partyRoutes, { notifier: options.notifier, newEncounterLimit });
  await app.register(bestiaryRoutes);
  tableRoutes(app, () => ({ store: app.store, access: app.access, library: app.library, notifier: options.notifier, encounters: app.encounters }), newEncounterLimit);
}
