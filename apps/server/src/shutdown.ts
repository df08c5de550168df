import type { FastifyInstance } from 'fastify';
import { closeTransports } from './realtime/socket-server.js';

/**
 * The longest a shutdown may take, from SIGTERM to exit. Past it the process exits anyway (status 1):
 * an orchestrator's own kill timeout (Docker's 10 s by default) should be at least this long.
 */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * The graceful stop of one node (SIGTERM, SIGINT), in order:
 * 1. readiness answers 503 `busy` ("draining") and the listener closes: no new connection reaches this
 *    node (behind nginx, a refused connection is retried on another node at once);
 * 2. every command already in a room's queue is decided, stored and acknowledged;
 * 3. every socket's transport is closed after its last ack is flushed: clients see "transport close"
 *    and reconnect by themselves, through the load balancer to a node that is up, resending any command
 *    still unanswered under its id (an id this node stored is answered from the store, never run twice);
 * 4. what those sockets sent before closing is finished too, then the app closes (Redis, the database).
 * The caller bounds it by SHUTDOWN_TIMEOUT_MS.
 */
export async function drainAndClose(app: FastifyInstance): Promise<void> {
  app.lifecycle.draining = true;
  // Stops accepting; open connections stay until step 3 (the callback's error, "not running", is moot).
  app.server.close(() => {});
  await app.encounters.settled();
  const closed = closeTransports(app.realtime.io);
  app.log.info({ sockets: closed }, 'draining: clients told to reconnect elsewhere');
  await app.encounters.settled();
  await app.close();
}

/** Runs `drainAndClose` once per process, bounded by `timeoutMs`; resolves with the exit status. */
export async function shutDown(app: FastifyInstance, timeoutMs = SHUTDOWN_TIMEOUT_MS): Promise<0 | 1> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([drainAndClose(app).then(() => 'closed' as const), expired]);
    if (outcome === 'timeout') {
      app.log.error({ timeoutMs }, 'shutdown took too long; exiting anyway');
      return 1;
    }
    return 0;
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearTimeout(timer);
  }
}
