import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SRD_ATTRIBUTION, srdMonsterListSchema, srdMonsterParamsSchema, srdMonsterSchema } from '@roundkeeper/protocol';
import { HttpError } from '../http/http-error.js';
import { srdCatalogue } from './srd-monsters.js';

/**
 * The built-in SRD 5.1 monsters: the list the console's monster search filters as the GM types (about
 * 30 kB, served rather than bundled: the whole file with stat blocks is ~80 kB gzipped, over the
 * console's budget), and one monster whole when the GM adds it. Public: it is the SRD's open content.
 */
export async function srdRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/srd/monsters',
    schema: {
      summary: "The SRD 5.1's monsters (D&D 5e): name, type, challenge, XP, hit points and AC of each, and the attribution.",
      response: { 200: srdMonsterListSchema },
      descriptions: { 200: 'Every built-in monster.' },
    },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return { attribution: SRD_ATTRIBUTION, monsters: [...srdCatalogue().summaries] };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/srd/monsters/:monsterId',
    schema: {
      summary: 'One SRD 5.1 monster: the creature to add and its whole stat block.',
      params: srdMonsterParamsSchema,
      response: { 200: srdMonsterSchema },
      descriptions: { 200: 'The monster.' },
      refusals: ['not-found'],
    },
    handler: async (request) => {
      const monster = srdCatalogue().byId.get(request.params.monsterId);
      if (!monster) throw new HttpError('not-found', 'There is no such monster in the SRD.');
      return monster;
    },
  });
}
