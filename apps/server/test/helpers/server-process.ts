import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { DatabaseConfig } from '../../src/config.js';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_POLL_MS = 100;
/** tsx compiles on start; on a loaded two-core machine that takes a few seconds. */
const READY_TIMEOUT_MS = 30_000;

/** A port nobody listens on now, so a restarted server can take the same one and clients find it again. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, as when the machine loses power or the OOM killer strikes. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the graceful path. */
  stop(): Promise<void>;
}

/** Runs `src/main.ts` under tsx as a real child process and waits until it is ready; `extraEnv` adds settings (REDIS_URL). */
export async function startServerProcess(database: DatabaseConfig, port: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent/roundkeeper-web-dist',
    DATABASE_URL: database.driver === 'postgres' ? database.url : '',
    DATA_DIR: database.driver === 'pglite' ? (database.dataDir ?? '') : '',
    REDIS_URL: '',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${READY_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
