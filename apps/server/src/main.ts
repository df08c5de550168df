import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { shutDown } from './shutdown.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

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
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
