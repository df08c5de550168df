import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where this node is in its life, for readiness: a draining node answers /api/ready with 503. */
export interface Lifecycle {
  /** Set by the shutdown (src/shutdown.ts): no new connections, finishing what it holds. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Registered first. There is no "migrating" state: migrations run inside the database plugin, before
 * the server listens, so a node that answers at all has its schema (docs/operations.md).
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('lifecycle', { draining: false });
  },
  { name: 'lifecycle' },
);
