import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { shutDown } from './shutdown.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
/**
 * Connections the kernel may hold for us before we accept them (Node's default is 511). When a node
 * restarts, all its clients reconnect within a second or two; past the backlog the kernel drops their
 * SYNs and they retry only after TCP's own 1, 3, 7, 15 s… backoff: the reconnect storm's tail in
 * docs/performance.md. Linux caps it at net.core.somaxconn (4096 by default since 5.4).
 */
const LISTEN_BACKLOG = 4_096;

const config = loadConfig();
const app = await buildApp(config);

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
