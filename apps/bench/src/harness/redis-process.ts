import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server-process.js';

const REDIS_READY_TIMEOUT_MS = 10_000;
const REDIS_POLL_MS = 100;

export interface RedisProcess {
  readonly url: string;
  stop(): Promise<void>;
}

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

/** A throwaway redis-server on 127.0.0.1, nothing persisted, for the two-node configurations. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = once(child, 'exit');
  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('redis-server did not start (is it installed?)');
    }
    await sleep(REDIS_POLL_MS);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
