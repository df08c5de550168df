import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBenchDatabase } from '../harness/postgres-database.js';
import { startRedis } from '../harness/redis-process.js';
import { freePort, startServerProcess, type ServerProcess } from '../harness/server-process.js';
import { BENCH_ROOT, SERVER_MAIN, SERVER_ROOT, benchSource } from '../paths.js';
import { READY_PATH } from '../servers/server-env.js';
import type { TargetKind } from './target-kind.js';

export type Storage = 'none' | 'memory' | 'pglite' | 'postgres';

/** The servers of one configuration, running. */
export interface RunningServers {
  /** One per node. */
  readonly urls: readonly string[];
  /** Where the HTTP API of each node is, when not at `urls`. */
  readonly apiUrls?: readonly string[];
  readonly pids: readonly number[];
  /**
   * Restarts node `node` as an operator would (SIGTERM, the node drains and exits, a new process on the
   * same port and database). Absent for servers that keep no state across a restart.
   */
  restart?(node: number): Promise<RestartTimes>;
  stop(): Promise<void>;
}

/** Date.now() (wall clock, comparable with the load generators'). */
export interface RestartTimes {
  readonly stopAtEpochMs: number;
  readonly exitedAtEpochMs: number;
  readonly readyAtEpochMs: number;
}

export interface StartOptions {
  /** When set, Roundkeeper nodes run with `--cpu-prof` and write their profile here on exit. */
  readonly cpuProfileDir?: string;
  /** When set, every server process runs on these CPUs only (`taskset -c` syntax: "0", "0,1"). */
  readonly serverCpus?: string;
  /** When set, Roundkeeper nodes can sample their allocations (servers/heap-sample-preload.mjs). */
  readonly heapSample?: HeapSampleOptions;
}

/** `--heap-sample`: where the profiles go, over which phase, and whether only what outlives a scavenge counts. */
export interface HeapSampleOptions {
  readonly dir: string;
  readonly phase: 'paced' | 'saturated';
  /** Leave out what scavenges freed: what is left is what survived at least one (what scavenges copy). */
  readonly survivors: boolean;
}

export interface Configuration {
  readonly id: string;
  readonly target: TargetKind;
  readonly storage: Storage;
  readonly nodes: number;
  /** Runs the reconnect storm after its phases (it needs `restart`). */
  readonly storm?: boolean;
  /** Runs only when named in `--only` (a reading for a question, not part of every run). */
  readonly onRequest?: boolean;
  start(options: StartOptions): Promise<RunningServers>;
}

const RK_READY_PATH = '/api/ready';
/** Roundkeeper's own rate limit and logging stay at their defaults except the log level. */
const RK_ENV = { HOST: '127.0.0.1', LOG_LEVEL: 'warn' } as const;

const tsxServer = (file: string) => ['--import', 'tsx', benchSource(`servers/${file}`)];

async function single(args: readonly string[], readyPath: string, options: StartOptions, env: NodeJS.ProcessEnv = {}): Promise<RunningServers> {
  const server = await startServerProcess({ args, env, cwd: BENCH_ROOT, readyPath, port: await freePort(), cpus: options.serverCpus });
  return { urls: [server.url], pids: [server.pid], stop: () => server.stop() };
}

export const floorConfiguration: Configuration = {
  id: 'floor',
  target: 'floor',
  storage: 'none',
  nodes: 1,
  start: (options) => single(tsxServer('floor-server.ts'), READY_PATH, options),
};

/** The floor, durable: every command committed to PostgreSQL (group commit) before it is relayed and acknowledged. */
export const durableFloorConfiguration: Configuration = {
  id: 'floor/durable',
  target: 'floor',
  storage: 'postgres',
  nodes: 1,
  async start(options) {
    const database = await createBenchDatabase();
    try {
      const running = await single(tsxServer('durable-floor-server.ts'), READY_PATH, options, { DATABASE_URL: database.url });
      return { ...running, stop: () => running.stop().finally(() => database.drop()) };
    } catch (error) {
      await database.drop();
      throw error;
    }
  },
};

export const bgioConfiguration: Configuration = {
  id: 'boardgame.io',
  target: 'boardgame.io',
  storage: 'memory',
  nodes: 1,
  async start(options) {
    const apiPort = await freePort();
    // NODE_ENV=production silences boardgame.io's per-request info logging.
    const env = { NODE_ENV: 'production', API_PORT: String(apiPort) };
    const server = await startServerProcess({ args: tsxServer('bgio-server.ts'), env, cwd: BENCH_ROOT, readyPath: '/games', port: apiPort, listenPort: await freePort(), cpus: options.serverCpus });
    return { urls: [server.url], apiUrls: [`http://127.0.0.1:${apiPort}`], pids: [server.pid], stop: () => server.stop() };
  },
};

function nodeArgs(options: StartOptions): string[] {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  // BENCH_SERVER_NODE_FLAGS: more node flags for Roundkeeper's server processes only (a V8 setting to try).
  const extra = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const heapSample = options.heapSample ? ['--import', pathToFileURL(benchSource('servers/heap-sample-preload.mjs')).href] : [];
  return [...profile, ...heapSample, ...extra, SERVER_MAIN];
}

async function startRoundkeeperNodes(count: number, env: NodeJS.ProcessEnv, options: StartOptions): Promise<ServerProcess[]> {
  const nodes: ServerProcess[] = [];
  // One after the other: the first runs the migrations, the others find them applied.
  for (let n = 0; n < count; n++) {
    const sample = options.heapSample;
    const heapSample = sample ? { BENCH_HEAP_SAMPLE_DIR: sample.dir, BENCH_HEAP_SAMPLE_SURVIVORS: sample.survivors ? '1' : '0' } : {};
    nodes.push(await startServerProcess({ args: nodeArgs(options), env: { ...RK_ENV, ...heapSample, ...env }, cwd: SERVER_ROOT, readyPath: RK_READY_PATH, port: await freePort(), cpus: options.serverCpus }));
  }
  return nodes;
}

/** `pids` and `urls` read the current processes: a restarted node has a new pid. */
const asRunning = (nodes: ServerProcess[], cleanup: () => Promise<void>): RunningServers => ({
  urls: nodes.map((n) => n.url),
  get pids() {
    return nodes.map((n) => n.pid);
  },
  async restart(node) {
    const old = nodes[node];
    if (!old) throw new Error(`no node ${node}`);
    const stopAtEpochMs = Date.now();
    await old.stop();
    const exitedAtEpochMs = Date.now();
    nodes[node] = await old.restart();
    return { stopAtEpochMs, exitedAtEpochMs, readyAtEpochMs: Date.now() };
  },
  async stop() {
    await Promise.all(nodes.map((n) => n.stop()));
    await cleanup();
  },
});

/** PGlite in its worker thread (the default), or on the server's own thread as before (PGLITE_THREAD=main). */
export function roundkeeperPglite(thread: 'worker' | 'main' = 'worker'): Configuration {
  return {
    id: `roundkeeper/pglite${thread === 'main' ? ' main thread' : ''}`,
    target: 'roundkeeper',
    storage: 'pglite',
    nodes: 1,
    storm: thread === 'worker',
    async start(options) {
      const dataDir = await mkdtemp(join(tmpdir(), 'rk-bench-pglite-'));
      const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
      try {
        const nodes = await startRoundkeeperNodes(1, { DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_THREAD: thread }, options);
        return asRunning(nodes, removeDataDir);
      } catch (error) {
        await removeDataDir();
        throw error;
      }
    },
  };
}

/**
 * Socket.IO's own heartbeat (a ping every 25 s, 20 s to answer), the floors' (floor-relay.ts), set with the
 * server's HEARTBEAT_INTERVAL_MS and HEARTBEAT_TIMEOUT_MS: Roundkeeper measured like for like with them.
 */
const FLOORS_HEARTBEAT = { HEARTBEAT_INTERVAL_MS: '25000', HEARTBEAT_TIMEOUT_MS: '20000' } as const;

/**
 * `views: 'whole'`: the clients do not ask for patches (the comparison that shows what patches save).
 * `heartbeat: 'floors'`: the floors' heartbeat instead of the server's default (what the heartbeat costs).
 */
export function roundkeeperPostgres(nodeCount: number, views: 'patches' | 'whole' = 'patches', heartbeat: 'default' | 'floors' = 'default'): Configuration {
  const standard = views === 'patches' && heartbeat === 'default';
  return {
    id: `roundkeeper/postgres${nodeCount > 1 ? ` ×${nodeCount}` : ''}${views === 'whole' ? ' whole views' : ''}${heartbeat === 'floors' ? ' 25 s heartbeat' : ''}`,
    target: views === 'whole' ? 'roundkeeper-whole-views' : 'roundkeeper',
    storage: 'postgres',
    nodes: nodeCount,
    storm: nodeCount === 1 && standard,
    onRequest: heartbeat === 'floors',
    async start(options) {
      const database = await createBenchDatabase();
      const redis = nodeCount > 1 ? await startRedis() : null;
      try {
        const env = { DATABASE_URL: database.url, ...(redis ? { REDIS_URL: redis.url } : {}), ...(heartbeat === 'floors' ? FLOORS_HEARTBEAT : {}) };
        const nodes = await startRoundkeeperNodes(nodeCount, env, options);
        return asRunning(nodes, async () => {
          await redis?.stop();
          await database.drop();
        });
      } catch (error) {
        await redis?.stop();
        await database.drop();
        throw error;
      }
    },
  };
}
