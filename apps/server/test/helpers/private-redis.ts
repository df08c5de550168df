import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server-process.js';

const READY_TIMEOUT_MS = 10_000;
const POLL_MS = 50;

/** True when `redis-server` can be run. */
export const redisServerInstalled = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

const answersPing = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });

export interface PrivateRedis {
  readonly url: string;
  /** Starts it on its port (again, after `kill`): empty, as a Redis that keeps nothing on disk comes back. */
  start(): Promise<void>;
  /** SIGKILL: gone at once, connections dropped. */
  kill(): Promise<void>;
}

/** A redis-server of the test's own on a free port, so it can be taken away without touching the shared one. */
export async function createPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (!(await answersPing(port))) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
        await sleep(POLL_MS);
      }
    },
    kill: async () => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
  };
}
