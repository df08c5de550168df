import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
/**
 * Connections the kernel may hold for us before we accept them (Node's default is 511). When a node
 * restarts, all its clients reconnect within a few seconds; while the node is busy with their
 * handshakes it accepts between batches of them, and past the backlog the kernel drops their SYNs:
 * they retry only after TCP's own 1, 3, 7 s… backoff, the reconnect storm's tail in
 * docs/performance-log.md. Linux caps the backlog at net.core.somaxconn (4096 by default since 5.4), which
 * 10,000 clients overflowed tens of thousands of times in one storm; asked high here so that the host's
 * setting is the only cap (docs/operations.md says how to raise it).
 */
const LISTEN_BACKLOG = 65_535;

const config = loadConfig();
/**
 * The database opens while the server's modules load: they take ~0.5 s of this thread, PGlite's worker
 * as long on its own (PostgreSQL: the migration's connection), and a restarted node's clients wait for
 * both (docs/performance-log.md, "Ninth session"). Hence `app.js` imported only now, and the dynamic import
 * (the bundle splits there). Until the app's logger exists, an idle connection's loss goes to stderr.
 */
let onIdleError = (error: Error): void => console.warn('idle database connection lost', error);
const database = openDatabase(config.database, (error) => onIdleError(error));
// Failing before buildApp awaits it must not end the process as an unhandled rejection: buildApp reports it.
database.catch(() => {});
const [{ buildApp }, { shutDown }] = await Promise.all([import('./app.js'), import('./shutdown.js')]);
const app = await buildApp(config, database);
onIdleError = (error) => app.log.warn({ err: error }, 'idle database connection lost');

let closing = false;
for (const signal of SHUTDOWN_SIGNALS) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining');
    // Drains (src/shutdown.ts): no new connections, queued commands finished and acknowledged, clients
    // sent elsewhere, then every onClose hook; exits within SHUTDOWN_TIMEOUT_MS whatever happens.
    void shutDown(app).then((status) => process.exit(status));
  });
}

try {
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
