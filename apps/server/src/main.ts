import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of SHUTDOWN_SIGNALS) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Closing runs every onClose hook: sockets are disconnected and the database is closed cleanly.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
