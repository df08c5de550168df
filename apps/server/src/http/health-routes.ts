import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { httpStatusOf, type ErrorBody } from '@roundkeeper/protocol';
import { documentedRoute } from './api-docs.js';

const okSchema = z.object({ ok: z.literal(true) });

/** Liveness (the process answers) and readiness (the database answers), for load balancers and compose. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  documentedRoute(
    app,
    { method: 'GET', url: '/api/health', summary: 'Liveness: the process answers.', success: { status: 200, description: 'Alive.', schema: okSchema }, errors: [] },
    async () => ({ ok: true }) as const,
  );

  documentedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ready',
      summary: 'Readiness: the database answers and the node is not shutting down.',
      success: { status: 200, description: 'Ready.', schema: okSchema },
      errors: ['busy'],
    },
    async (request, reply) => {
      if (app.lifecycle.draining) {
        // Shutting down (SIGTERM): finishing its rooms' commands, then closing; send nobody new here.
        const body: ErrorBody = { code: 'busy', message: 'This node is draining: it is shutting down.' };
        return reply.status(httpStatusOf(body.code)).send(body);
      }
      try {
        await app.database.ping();
        return { ok: true } as const;
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        // 'busy' (503): not ready yet, try again; a load balancer routes around this node meanwhile.
        const body: ErrorBody = { code: 'busy', message: 'The database is not reachable.' };
        return reply.status(httpStatusOf(body.code)).send(body);
      }
    },
  );
}
