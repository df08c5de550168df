import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerMetrics } from '../metrics/server-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
}

/** Prometheus metrics of this node, scraped at GET /metrics (outside /api: it is for the operator, not clients). */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = new ServerMetrics(() => app.encounters.size);
    app.decorate('metrics', metrics);
    app.get('/metrics', async (_request, reply) =>
      reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  },
  { name: 'metrics', dependencies: ['encounters'] },
);
