import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { memoryProbe } from './settled-memory.js';

const READY_POLL_MS = 100;
/** Migrations on a fresh database and tsx's first compile take a few seconds on a loaded 2-core machine. */
const READY_TIMEOUT_MS = 60_000;
/** A server that ignores SIGTERM this long is killed. */
const STOP_TIMEOUT_MS = 10_000;

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
  /** A new process from the same spec (same port and environment); call after `stop`. */
  restart(): Promise<ServerProcess>;
}

/** Servers started so far: numbers the files BENCH_SERVER_STDOUT names. */
let started = 0;

/**
 * Where a server's stdout goes: nowhere, unless BENCH_SERVER_STDOUT names a path, to which each server
 * started writes its own `<path>.<n>` (V8's traces, e.g. `--trace-gc-nvp` in BENCH_SERVER_NODE_FLAGS, go to stdout).
 */
function stdoutOf(): 'ignore' | number {
  started += 1;
  const path = process.env.BENCH_SERVER_STDOUT;
  return path ? openSync(`${path}.${started}`, 'w') : 'ignore';
}

/** A port free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface SpawnSpec {
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** GET path answering 2xx once the server accepts clients. */
  readonly readyPath: string;
  /** The port polled for readiness. */
  readonly port: number;
  /** The server's PORT when it differs from the polled one (boardgame.io: sockets here, lobby there). */
  readonly listenPort?: number;
  /** `taskset -c` CPU list the process (all its threads) is pinned to; absent: not pinned. */
  readonly cpus?: string | undefined;
}

/** Starts a server as its own process and waits until it answers on `readyPath`. */
export async function startServerProcess(spec: SpawnSpec): Promise<ServerProcess> {
  // taskset execs node in its own place: the pid is the server's, and every thread it starts inherits the mask.
  // With --settled-memory every server can report its settled memory: the same probe for all, so ratios compare.
  const probe = memoryProbe();
  const nodeArgs = [...probe.args, ...spec.args];
  const [command, args] = spec.cpus === undefined ? [process.execPath, nodeArgs] : ['taskset', ['-c', spec.cpus, process.execPath, ...nodeArgs]];
  const stdout = stdoutOf();
  const child: ChildProcess = spawn(command, args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, ...probe.env, PORT: String(spec.listenPort ?? spec.port) },
    stdio: ['ignore', stdout, 'inherit'],
  });
  // The child holds its own copy of the file.
  if (typeof stdout === 'number') closeSync(stdout);
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${spec.listenPort ?? spec.port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${spec.args.join(' ')} exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${spec.port}${spec.readyPath}`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${READY_TIMEOUT_MS} ms`);
    }
    await sleep(READY_POLL_MS);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('server has no pid');
  return {
    url,
    pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    restart: () => startServerProcess(spec),
  };
}
