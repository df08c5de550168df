import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startGenerators } from './harness/generator-pool.js';
import { SEAT_MODES, type SeatMode } from './harness/ipc.js';
import { listenQueueCap } from './harness/listen-queue.js';
import { enableSettledMemory, settledMemoryEnabled } from './harness/settled-memory.js';
import { runConfiguration, type ConfigurationResult } from './harness/run-configuration.js';
import { RESULTS_DIR, SERVER_MAIN } from './paths.js';
import { FULL_PLAN, QUICK_PLAN, planWithClients, type Plan } from './plan.js';
import { formatShares, topFrames, topOrigins } from './report/cpu-profile.js';
import { formatHeapSample, formatRatios, formatResults, formatStorms } from './report/format.js';
import { formatGoalRounds, formatGoals, readGoals } from './report/goals.js';
import {
  bgioConfiguration,
  durableFloorConfiguration,
  floorConfiguration,
  roundkeeperPglite,
  roundkeeperPostgres,
  type Configuration,
  type HeapSampleOptions,
} from './targets/configurations.js';

const TOP_FRAMES = 20;
const TOP_ORIGINS = 10;
const HEAP_SAMPLE_PHASES = ['paced', 'saturated'] as const;
const USAGE = `pnpm bench [--quick] [--clients N] [--only id,id] [--seat-mode loopback|gm-token] [--profile] [--heap-sample [--heap-sample-phase paced|saturated] [--heap-survivors]] [--settled-memory] [--pin] [--storm | --no-storm] [--rounds N]`;
/** `--pin`: the servers on one core, the load generators on the other (PostgreSQL and Redis float). */
const PINNED = { serverCpus: '0', generatorCpus: '1' } as const;

const out = (text: string): void => void process.stdout.write(`${text}\n`);

interface Cli {
  readonly plan: Plan;
  readonly only: readonly string[] | null;
  readonly seatMode: SeatMode;
  readonly profile: boolean;
  /** Sample the Roundkeeper servers' allocations over one phase (report/heap-sample.ts); the dir is made per run. */
  readonly heapSample: Omit<HeapSampleOptions, 'dir'> | undefined;
  readonly pin: boolean;
  /** `--rounds N`: the chosen configurations N times over, in turn; each goal judged by its median round. */
  readonly rounds: number;
}

function parseCli(): Cli {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      clients: { type: 'string' },
      only: { type: 'string' },
      'seat-mode': { type: 'string', default: 'loopback' },
      profile: { type: 'boolean', default: false },
      'heap-sample': { type: 'boolean', default: false },
      'heap-sample-phase': { type: 'string', default: 'saturated' },
      'heap-survivors': { type: 'boolean', default: false },
      'settled-memory': { type: 'boolean', default: false },
      pin: { type: 'boolean', default: false },
      storm: { type: 'boolean', default: false },
      'no-storm': { type: 'boolean', default: false },
      rounds: { type: 'string', default: '1' },
    },
    // pnpm passes a lone "--" through when called as `pnpm bench -- --quick`.
    args: process.argv.slice(2).filter((a) => a !== '--'),
  });
  const seatMode = SEAT_MODES.find((m) => m === values['seat-mode']);
  if (!seatMode) throw new Error(`--seat-mode must be one of ${SEAT_MODES.join(', ')}\n${USAGE}`);
  let plan = values.quick ? QUICK_PLAN : FULL_PLAN;
  if (values.clients !== undefined) {
    const clients = Number(values.clients);
    if (!Number.isInteger(clients) || clients <= 0) throw new Error(`--clients must be a positive integer\n${USAGE}`);
    plan = planWithClients(plan, clients);
  }
  if (values.storm && values['no-storm']) throw new Error(`--storm and --no-storm exclude each other\n${USAGE}`);
  if (values.storm || values['no-storm']) plan = { ...plan, storm: values.storm };
  if (values['settled-memory']) enableSettledMemory();
  const phase = HEAP_SAMPLE_PHASES.find((p) => p === values['heap-sample-phase']);
  if (!phase) throw new Error(`--heap-sample-phase must be one of ${HEAP_SAMPLE_PHASES.join(', ')}\n${USAGE}`);
  const heapSample = values['heap-sample'] || values['heap-survivors'] ? { phase, survivors: values['heap-survivors'] } : undefined;
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds <= 0) throw new Error(`--rounds must be a positive integer\n${USAGE}`);
  return { plan, only: values.only ? values.only.split(',') : null, seatMode, profile: values.profile, heapSample, pin: values.pin, rounds };
}

function configurations(): Configuration[] {
  const list = [
    floorConfiguration,
    durableFloorConfiguration,
    bgioConfiguration,
    roundkeeperPglite('worker'),
    roundkeeperPglite('main'),
    roundkeeperPostgres(1),
    roundkeeperPostgres(1, 'whole'),
    roundkeeperPostgres(1, 'patches', 'floors'),
  ];
  list.push(roundkeeperPostgres(2));
  return list;
}

function describeMachine(): string {
  const cap = listenQueueCap();
  const queue = cap === null ? '' : `, listen queue cap (net.core.somaxconn) ${cap}`;
  return `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}${queue}`;
}

async function main(): Promise<void> {
  const { plan, only, seatMode, profile, heapSample, pin, rounds } = parseCli();
  const startedAt = performance.now();
  const all = configurations();
  // A name that matches nothing is a typo, or a configuration this bench no longer has: said, not skipped.
  const unknown = (only ?? []).filter((id) => !all.some((c) => c.id === id));
  if (unknown.length > 0) throw new Error(`--only: no configuration named ${unknown.map((id) => JSON.stringify(id)).join(', ')} (there are: ${all.map((c) => c.id).join(', ')})`);
  const chosen = all.filter((c) => (only ? only.includes(c.id) : !c.onRequest));
  out(`Roundkeeper bench — ${plan.name} plan: ${plan.tables} tables per configuration, paced ${plan.pacedMs / 1_000} s (a turn per table every ${plan.turnIntervalMs / 1_000} s), saturated ${plan.saturatedMs / 1_000} s, ${plan.loadGenerators} load generators, seats: ${seatMode}`);
  out(describeMachine());
  out(`server: ${SERVER_MAIN}`);
  out(`pinning: ${pin ? `servers on CPU ${PINNED.serverCpus}, load generators on CPU ${PINNED.generatorCpus} (taskset); PostgreSQL and Redis unpinned` : 'none'}; reconnect storm: ${plan.storm ? 'yes' : 'no'}; rounds: ${rounds}`);
  out(`memory: ${settledMemoryEnabled() ? 'read after each server collected its garbage (--settled-memory: phase figures of this run are not comparable)' : 'RSS as it stands (--settled-memory for settled readings)'}`);

  const profileDir = profile ? await mkdtemp(join(tmpdir(), 'rk-bench-prof-')) : undefined;
  const heapSampleRoot = heapSample ? await mkdtemp(join(tmpdir(), 'rk-bench-heap-')) : undefined;
  const generators = await startGenerators(plan.loadGenerators, pin ? PINNED.generatorCpus : undefined);
  out(`load generators up after ${((performance.now() - startedAt) / 1_000).toFixed(1)} s`);
  // One list of results per round: each round's ratios are within that round, as with one round.
  const rounded: ConfigurationResult[][] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const results: ConfigurationResult[] = [];
      rounded.push(results);
      for (const configuration of chosen) {
        const configurationStarted = performance.now();
        out(`… ${configuration.id}${rounds > 1 ? ` (round ${round} of ${rounds})` : ''}`);
        const cpuProfileDir = configuration.target.startsWith('roundkeeper') && profileDir ? join(profileDir, configuration.id.replaceAll(/[^a-z0-9]+/gi, '-')) : undefined;
        const heapSampleDir = configuration.target.startsWith('roundkeeper') && heapSampleRoot ? await mkdtemp(join(heapSampleRoot, 'c-')) : undefined;
        const result = await runConfiguration(configuration, generators, plan, seatMode, {
          ...(cpuProfileDir ? { cpuProfileDir } : {}),
          ...(heapSampleDir && heapSample ? { heapSample: { ...heapSample, dir: heapSampleDir } } : {}),
          ...(pin ? { serverCpus: PINNED.serverCpus } : {}),
        });
        results.push(result);
        out(formatResults([result]));
        if (result.storm) out(formatStorms([result]));
        const sampled = result.phases.find((p) => p.heap);
        if (sampled?.heap) out(formatHeapSample(configuration.id, sampled.mode, sampled.heap));
        out(`(${configuration.id}: ${((performance.now() - configurationStarted) / 1_000).toFixed(1)} s, of which setting up tables ${result.setupSeconds.toFixed(1)} s)`);
      }
    }
  } finally {
    await Promise.all(generators.map((g) => g.exit()));
  }

  for (const [i, results] of rounded.entries()) {
    const which = rounds > 1 ? `, round ${i + 1} of ${rounds}` : '';
    out(`\n## All configurations${which}\n`);
    out(formatResults(results));
    if (results.some((r) => r.storm)) out(`\n## Reconnect storms${which}\n\n${formatStorms(results)}`);
    out(`\n## Goals (ratios within this ${rounds > 1 ? 'round' : 'run'}${which})\n\n${formatGoals(readGoals(results))}`);
  }
  if (rounds > 1) out(`\n## Goals over ${rounds} rounds (each round's ratio; judged by their median)\n\n${formatGoalRounds(rounded.map(readGoals))}`);
  // The ratios below and the profiles: the last round's.
  const results = rounded.at(-1) ?? [];
  const byId = new Map(results.map((r) => [r.id, r]));
  const floor = byId.get('floor');
  const durableFloor = byId.get('floor/durable');
  const peer = byId.get('boardgame.io');
  out('\n## Ratios\n');
  for (const ours of results.filter((r) => r.id.startsWith('roundkeeper'))) {
    if (floor) out(formatRatios(ours, floor));
    if (durableFloor) out(formatRatios(ours, durableFloor));
    if (peer) out(formatRatios(ours, peer));
  }
  const one = byId.get('roundkeeper/postgres');
  const two = byId.get('roundkeeper/postgres ×2');
  if (one && two) out(formatRatios(two, one));

  if (profileDir) {
    for (const dir of readdirSync(profileDir)) {
      for (const file of readdirSync(join(profileDir, dir)).filter((f) => f.endsWith('.cpuprofile'))) {
        const path = join(profileDir, dir, file);
        out(`\n## CPU profile of ${dir} (${path})\n`);
        out(formatShares('Self time by origin:', topOrigins(path, TOP_ORIGINS)));
        out(formatShares('Top frames by self time:', topFrames(path, TOP_FRAMES)));
      }
    }
  }

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${plan.name}-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(file, JSON.stringify({ plan, seatMode, machine: describeMachine(), rounds: rounded }, null, 2));
  out(`\nresults: ${file}\ntook ${((performance.now() - startedAt) / 1_000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
