import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from './http-error.js';

const okSchema = z.object({ ok: z.literal(true) });

/** Liveness (the process answers) and readiness (the database answers), for load balancers and compose. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/health',
    schema: { summary: 'Liveness: the process answers.', response: { 200: okSchema }, descriptions: { 200: 'Alive.' } },
    handler: async () => ({ ok: true }) as const,
  });

  api.route({
    method: 'GET',
    url: '/api/ready',
    schema: {
      summary: 'Readiness: the database answers and the node is not shutting down.',
      response: { 200: okSchema },
      descriptions: { 200: 'Ready.' },
      refusals: ['busy'],
    },
    handler: async (request) => {
      // Shutting down (SIGTERM): finishing its rooms' commands, then closing; send nobody new here.
      if (app.lifecycle.draining) throw new HttpError('busy', 'This node is draining: it is shutting down.');
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        // 'busy' (503): not ready yet, try again; a load balancer routes around this node meanwhile.
        throw new HttpError('busy', 'The database is not reachable.');
      }
      return { ok: true } as const;
    },
  });
}
