import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Plan } from '../plan.js';
import { percentile, summarise, type LatencySummary } from '../report/stats.js';
import type { Configuration, HeapSampleOptions, RunningServers, StartOptions } from '../targets/configurations.js';
import type { Generator } from './generator-pool.js';
import type { PhaseResult, SeatMode, StormResult } from './ipc.js';
import { listenOverflows } from './listen-queue.js';
import { readHeapSamples, type PhaseHeapSample } from '../report/heap-sample.js';
import { totalCpuMs } from './process-sampler.js';
import { settledMemory } from './settled-memory.js';

/** Setting up a table takes a few dozen round trips; this is per table per generator, generously. */
const SETUP_MS_PER_TABLE = 1_000;
const SETUP_MIN_TIMEOUT_MS = 60_000;
/** A phase may overrun by the last turns in flight (bounded by the turn timeout). */
const PHASE_GRACE_MS = 30_000;

export interface PhaseSummary extends LatencySummary {
  readonly mode: 'paced' | 'saturated';
  readonly durationMs: number;
  readonly commands: number;
  readonly commandsPerSecond: number;
  readonly errors: number;
  readonly firstErrors: readonly string[];
  /** Server CPU as a share of one core, over the phase. */
  readonly cpuPercent: number;
  readonly cpuMsPerCommand: number;
  /** The load generators' CPU over the phase, share of one core (all generators together). */
  readonly generatorCpuPercent: number;
  /** The machine's 1-minute load average at the end of the phase: how noisy the run was. */
  readonly loadAverage: number;
  /** With `--heap-sample`, in the phase asked for: what the servers allocated (or kept past a scavenge) and where. */
  readonly heap?: PhaseHeapSample;
}

/** The reconnect storm: one node restarted under all its clients (run-configuration.ts `runStorm`). */
export interface StormSummary extends LatencySummary {
  readonly tables: number;
  readonly tablesBack: number;
  /** SIGTERM to the old process's exit (it drains: commands finished, transports closed). */
  readonly drainSeconds: number;
  /** The old process's exit to the new one answering ready (start, migrations checked). */
  readonly restartSeconds: number;
  /** SIGTERM until the last table had every socket reconnected with its current view. */
  readonly allBackSeconds: number;
  /** The new node ready until the last table was back: reconnection backoff plus the server's work. */
  readonly backAfterReadySeconds: number;
  /** The new node ready until half, and 90%, of the tables were back. */
  readonly halfBackAfterReadySeconds: number;
  readonly mostBackAfterReadySeconds: number;
  /** The new node ready until half, and 90%, of the sockets had reconnected (their views came later). */
  readonly halfConnectedAfterReadySeconds: number;
  readonly mostConnectedAfterReadySeconds: number;
  /** Connection attempts the kernel dropped during the storm, its listen queue full (listen-queue.ts); null off Linux. */
  readonly listenDrops: number | null;
  /** Turns taken during the storm by tables already back. */
  readonly commands: number;
  readonly errors: number;
  readonly firstErrors: readonly string[];
}

export interface ConfigurationResult {
  readonly id: string;
  readonly storage: string;
  readonly nodes: number;
  readonly tables: number;
  readonly clients: number;
  readonly setupFailures: readonly string[];
  readonly setupSeconds: number;
  readonly rssIdleBytes: number;
  readonly rssLoadedBytes: number;
  /**
   * Growth of the server's RSS from half to all of the tables connected, per client added; with
   * `--settled-memory` each reading is taken right after the server collected its garbage (settled-memory.ts).
   */
  readonly rssPerClientBytes: number;
  /** With `--settled-memory`, the same growth of what stayed alive (JS heap in use and the buffers JS objects hold); else NaN. */
  readonly livePerClientBytes: number;
  readonly phases: readonly PhaseSummary[];
  readonly storm?: StormSummary;
}

async function runPhaseEverywhere(
  generators: readonly Generator[],
  pids: readonly number[],
  mode: 'paced' | 'saturated',
  plan: Plan,
  heapSample?: HeapSampleOptions,
): Promise<PhaseSummary> {
  const sampling = heapSample?.phase === mode ? heapSample : undefined;
  const durationMs = mode === 'paced' ? plan.pacedMs : plan.saturatedMs;
  const generatorPids = generators.map((g) => g.pid);
  const cpuBefore = totalCpuMs(pids);
  const generatorCpuBefore = totalCpuMs(generatorPids);
  // The preload starts sampling on the first SIGUSR2 and writes the profile on the second.
  const signalSampler = (): void => pids.forEach((pid) => process.kill(pid, 'SIGUSR2'));
  if (sampling) signalSampler();
  const startedAt = performance.now();
  generators.forEach((g) => g.send({ type: 'run-phase', mode, durationMs, turnIntervalMs: plan.turnIntervalMs }));
  const results: PhaseResult[] = [];
  for (const g of generators) results.push((await g.next('phase-done', durationMs + PHASE_GRACE_MS)).result);
  const wallMs = performance.now() - startedAt;
  if (sampling) signalSampler();
  const cpuMs = totalCpuMs(pids) - cpuBefore;
  const generatorCpuMs = totalCpuMs(generatorPids) - generatorCpuBefore;
  const latencies = results.flatMap((r) => r.latenciesMs);
  const commands = latencies.length;
  return {
    mode,
    durationMs: wallMs,
    commands,
    commandsPerSecond: commands / (wallMs / 1_000),
    ...summarise(latencies),
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstErrors: results.flatMap((r) => r.firstErrors),
    cpuPercent: (100 * cpuMs) / wallMs,
    cpuMsPerCommand: commands > 0 ? cpuMs / commands : Number.NaN,
    generatorCpuPercent: (100 * generatorCpuMs) / wallMs,
    loadAverage: loadavg()[0] ?? Number.NaN,
    ...(sampling ? { heap: await heapPerCommand(sampling, pids, commands) } : {}),
  };
}

async function heapPerCommand({ dir, survivors }: HeapSampleOptions, pids: readonly number[], commands: number): Promise<PhaseHeapSample> {
  const sample = await readHeapSamples(dir, pids, 1);
  return { ...sample, bytesPerCommand: commands > 0 ? sample.allocatedBytes / commands : Number.NaN, survivors };
}

interface Opened {
  /** Totals over every generator, counting the tables opened before too. */
  readonly tables: number;
  readonly clients: number;
  readonly failures: readonly string[];
}

/** Has the generators open these tables (spread round-robin among them) and waits until all are set up. */
async function openTables(
  configuration: Configuration,
  servers: RunningServers,
  generators: readonly Generator[],
  tableIndexes: readonly number[],
  seatMode: SeatMode,
): Promise<Opened> {
  generators.forEach((g, n) =>
    g.send({
      type: 'open-tables',
      target: configuration.target,
      urls: servers.urls,
      apiUrls: servers.apiUrls ?? servers.urls,
      tableIndexes: tableIndexes.filter((_, i) => i % generators.length === n),
      seatMode,
    }),
  );
  const timeout = Math.max(SETUP_MIN_TIMEOUT_MS, SETUP_MS_PER_TABLE * Math.ceil(tableIndexes.length / generators.length));
  const opened = [];
  for (const g of generators) opened.push(await g.next('tables-open', timeout));
  return {
    tables: opened.reduce((n, o) => n + o.tables, 0),
    clients: opened.reduce((n, o) => n + o.clients, 0),
    failures: opened.flatMap((o) => o.failures),
  };
}

/**
 * Restarts node 0 under all its clients (every table of a one-node configuration): arms the generators
 * (their sockets reconnect by themselves from now on, as the real clients), sends SIGTERM, starts a
 * new process on the same port and database, and waits until every table has its view back.
 */
async function runStorm(servers: RunningServers, generators: readonly Generator[], plan: Plan): Promise<StormSummary> {
  if (!servers.restart) throw new Error('this configuration cannot restart a node');
  generators.forEach((g) => g.send({ type: 'arm-storm', timeoutMs: plan.stormTimeoutMs, turnIntervalMs: plan.turnIntervalMs }));
  for (const g of generators) await g.next('storm-armed', PHASE_GRACE_MS);
  const overflowsBefore = listenOverflows();
  const times = await servers.restart(0);
  const results: StormResult[] = [];
  for (const g of generators) results.push((await g.next('storm-done', plan.stormTimeoutMs + plan.turnIntervalMs + PHASE_GRACE_MS)).result);
  const overflowsAfter = listenOverflows();
  const lastBack = Math.max(...results.map((r) => r.lastBackAtEpochMs));
  const latencies = results.flatMap((r) => r.turns.latenciesMs);
  const backAfterReady = results
    .flatMap((r) => r.backAtEpochMs)
    .map((at) => (at - times.readyAtEpochMs) / 1_000)
    .sort((a, b) => a - b);
  const connectedAfterReady = results
    .flatMap((r) => r.socketConnectedAtEpochMs)
    .map((at) => (at - times.readyAtEpochMs) / 1_000)
    .sort((a, b) => a - b);
  return {
    halfConnectedAfterReadySeconds: percentile(connectedAfterReady, 50),
    mostConnectedAfterReadySeconds: percentile(connectedAfterReady, 90),
    halfBackAfterReadySeconds: percentile(backAfterReady, 50),
    mostBackAfterReadySeconds: percentile(backAfterReady, 90),
    tables: results.reduce((n, r) => n + r.tables, 0),
    tablesBack: results.reduce((n, r) => n + r.tablesBack, 0),
    drainSeconds: (times.exitedAtEpochMs - times.stopAtEpochMs) / 1_000,
    restartSeconds: (times.readyAtEpochMs - times.exitedAtEpochMs) / 1_000,
    allBackSeconds: (lastBack - times.stopAtEpochMs) / 1_000,
    backAfterReadySeconds: (lastBack - times.readyAtEpochMs) / 1_000,
    ...summarise(latencies),
    listenDrops: overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore,
    commands: latencies.length,
    errors: results.reduce((n, r) => n + r.turns.errors, 0),
    firstErrors: results.flatMap((r) => r.turns.firstErrors),
  };
}

/** Starts the configuration's servers, opens the plan's tables from child processes, runs both phases. */
export async function runConfiguration(
  configuration: Configuration,
  generators: readonly Generator[],
  plan: Plan,
  seatMode: SeatMode,
  startOptions: StartOptions = {},
): Promise<ConfigurationResult> {
  const servers = await configuration.start(startOptions);
  try {
    const idle = await settledMemory(servers.pids);
    const setupStarted = performance.now();
    const all = Array.from({ length: plan.tables }, (_, i) => i);
    const half = Math.ceil(plan.tables / 2);
    // Memory per client is the slope between half and all of the tables: the server's start-up
    // (PGlite's heap, JIT, first allocations) falls outside it.
    const first = await openTables(configuration, servers, generators, all.slice(0, half), seatMode);
    await sleep(plan.settleMs);
    const halfway = await settledMemory(servers.pids);
    const second = await openTables(configuration, servers, generators, all.slice(half), seatMode);
    const setupSeconds = (performance.now() - setupStarted) / 1_000;
    await sleep(plan.settleMs);
    const loaded = await settledMemory(servers.pids);
    const { clients, tables } = second;
    const addedClients = second.clients - first.clients;

    const phases = [
      await runPhaseEverywhere(generators, servers.pids, 'paced', plan, startOptions.heapSample),
      await runPhaseEverywhere(generators, servers.pids, 'saturated', plan, startOptions.heapSample),
    ];
    const storm = configuration.storm && plan.storm ? await runStorm(servers, generators, plan) : undefined;
    return {
      id: configuration.id,
      storage: configuration.storage,
      nodes: configuration.nodes,
      tables,
      clients,
      setupFailures: [...first.failures, ...second.failures],
      setupSeconds,
      rssIdleBytes: idle.rssBytes,
      rssLoadedBytes: loaded.rssBytes,
      rssPerClientBytes: addedClients > 0 ? (loaded.rssBytes - halfway.rssBytes) / addedClients : Number.NaN,
      livePerClientBytes: addedClients > 0 ? (loaded.liveBytes - halfway.liveBytes) / addedClients : Number.NaN,
      phases,
      ...(storm ? { storm } : {}),
    };
  } finally {
    await Promise.all(generators.map((g) => g.closeTables()));
    await servers.stop();
  }
}
