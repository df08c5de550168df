import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@roundkeeper/protocol';

/** Liveness (the process answers) and readiness (the database answers), for load balancers and compose. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => ({ ok: true }) as const);

  app.get('/api/ready', async (request, reply) => {
    try {
      await app.database.ping();
      return { ok: true } as const;
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      const body: ErrorBody = { code: 'internal', message: 'The database is not reachable.' };
      return reply.status(503).send(body);
    }
  });
}
