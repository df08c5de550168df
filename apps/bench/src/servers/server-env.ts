/** The port a bench server child listens on, from its environment; it always binds 127.0.0.1. */
export function benchPort(env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got ${env.PORT ?? 'nothing'}`);
  return port;
}

export const BENCH_HOST = '127.0.0.1';

/** Path both bench servers answer 200 on once they accept sockets. */
export const READY_PATH = '/ready';

/** Stop on SIGTERM by exiting, so `--cpu-prof` and the like get written. */
export function exitOnSignals(close: () => void): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => {
    close();
    process.exit(0);
  });
}
