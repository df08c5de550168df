import type { ConfigurationResult, PhaseSummary } from '../harness/run-configuration.js';
import { percentile } from './stats.js';

/**
 * The goals of the performance issue, each a ratio within one run (docs/performance.md): the figures,
 * the ratio, the limit and whether it is met. A goal whose configurations did not run is left out.
 */

export interface GoalReading {
  readonly goal: string;
  /** What was divided by what, with both figures. */
  readonly figures: string;
  readonly value: number;
  readonly limit: number;
  /** 'at least': value ≥ limit; 'at most': value ≤ limit. */
  readonly sense: 'at least' | 'at most';
  readonly unit: '×' | 's';
}

const phase = (r: ConfigurationResult | undefined, mode: PhaseSummary['mode']): PhaseSummary | undefined => r?.phases.find((p) => p.mode === mode);
const fmt = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export function readGoals(results: readonly ConfigurationResult[]): GoalReading[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  const floor = byId.get('floor');
  const durableFloor = byId.get('floor/durable');
  const peer = byId.get('boardgame.io');
  const pg = byId.get('roundkeeper/postgres');
  const pglite = byId.get('roundkeeper/pglite');
  const pgliteMain = byId.get('roundkeeper/pglite main thread');
  const two = byId.get('roundkeeper/postgres ×2');
  const floorsHeartbeat = byId.get('roundkeeper/postgres 25 s heartbeat');
  const goals: GoalReading[] = [];
  const ratio = (goal: string, ours: number | undefined, theirs: number | undefined, names: [string, string], unit: string, sense: GoalReading['sense'], limit: number) => {
    if (ours === undefined || theirs === undefined) return;
    goals.push({ goal, figures: `${fmt(ours)} / ${fmt(theirs)} ${unit} (${names[0]} / ${names[1]})`, value: ours / theirs, limit, sense, unit: '×' });
  };
  ratio('durable throughput (saturated, PostgreSQL) ≥ 1.5× boardgame.io', phase(pg, 'saturated')?.commandsPerSecond, phase(peer, 'saturated')?.commandsPerSecond, ['roundkeeper/postgres', 'boardgame.io'], 'cmd/s', 'at least', 1.5);
  ratio('server CPU per command (saturated) ≤ 2× the floor', phase(pg, 'saturated')?.cpuMsPerCommand, phase(floor, 'saturated')?.cpuMsPerCommand, ['roundkeeper/postgres', 'floor'], 'ms/cmd', 'at most', 2);
  ratio('paced p99 ≤ 1.5× the durable floor', phase(pg, 'paced')?.p99, phase(durableFloor, 'paced')?.p99, ['roundkeeper/postgres', 'floor/durable'], 'ms', 'at most', 1.5);
  ratio('embedded PGlite paced p99 ≤ 1.5× PostgreSQL', phase(pglite, 'paced')?.p99, phase(pg, 'paced')?.p99, ['roundkeeper/pglite', 'roundkeeper/postgres'], 'ms', 'at most', 1.5);
  ratio('memory per client ≤ 1.5× the floor', pg ? pg.rssPerClientBytes / 1_024 : undefined, floor ? floor.rssPerClientBytes / 1_024 : undefined, ['roundkeeper/postgres', 'floor'], 'KB', 'at most', 1.5);
  // With --settled-memory: the same ratio of what stays alive (the RSS one then read after collections too).
  if (pg && floor && Number.isFinite(pg.livePerClientBytes) && Number.isFinite(floor.livePerClientBytes)) {
    ratio('(live memory per client, settled: ≤ 1.5× the floor)', pg.livePerClientBytes / 1_024, floor.livePerClientBytes / 1_024, ['roundkeeper/postgres', 'floor'], 'KB', 'at most', 1.5);
  }
  ratio('two nodes: summed CPU per command (saturated) ≤ 1.15× one node', phase(two, 'saturated')?.cpuMsPerCommand, phase(pg, 'saturated')?.cpuMsPerCommand, ['×2', 'one node'], 'ms/cmd', 'at most', 1.15);
  for (const r of [pg, pglite]) {
    if (!r?.storm) continue;
    goals.push({
      goal: `reconnect storm (${r.id}, ${r.storm.tables * 8} clients): all back with their view within 10 s`,
      figures: `${r.storm.tablesBack}/${r.storm.tables} tables back; SIGTERM → all back ${fmt(r.storm.allBackSeconds, 1)} s (drain ${fmt(r.storm.drainSeconds, 1)} s, restart ${fmt(r.storm.restartSeconds, 1)} s, ready → all back ${fmt(r.storm.backAfterReadySeconds, 1)} s; ${r.storm.listenDrops ?? '–'} connects dropped, listen queue full); p99 of ${r.storm.commands} turns during the storm ${fmt(r.storm.p99)} ms`,
      value: r.storm.tablesBack === r.storm.tables ? r.storm.allBackSeconds : Number.POSITIVE_INFINITY,
      limit: 10,
      sense: 'at most',
      unit: 's',
    });
  }
  // Not a goal of its own: what the worker thread changed, in the same run.
  ratio('(PGlite worker thread against main thread: paced p99, lower is better)', phase(pglite, 'paced')?.p99, phase(pgliteMain, 'paced')?.p99, ['worker', 'main thread'], 'ms', 'at most', 1);
  // Not goals: the two ratios of the floors with Roundkeeper on the floors' heartbeat, when it ran (--only).
  const like = 'roundkeeper/postgres 25 s heartbeat';
  ratio('(with the floors\' heartbeat: server CPU per command ≤ 2× the floor)', phase(floorsHeartbeat, 'saturated')?.cpuMsPerCommand, phase(floor, 'saturated')?.cpuMsPerCommand, [like, 'floor'], 'ms/cmd', 'at most', 2);
  ratio('(with the floors\' heartbeat: paced p99 ≤ 1.5× the durable floor)', phase(floorsHeartbeat, 'paced')?.p99, phase(durableFloor, 'paced')?.p99, [like, 'floor/durable'], 'ms', 'at most', 1.5);
  return goals;
}

export const isMet = (g: GoalReading): boolean => (g.sense === 'at least' ? g.value >= g.limit : g.value <= g.limit);

export function formatGoals(goals: readonly GoalReading[]): string {
  const lines = ['| goal | figures | ratio | met |', '| --- | --- | ---: | --- |'];
  for (const g of goals) lines.push(`| ${g.goal} | ${g.figures} | ${fmt(g.value)}${g.unit} | ${isMet(g) ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}

/**
 * Each goal over several rounds (`--rounds`): every round's ratio, their median (nearest rank, as the
 * latencies' percentiles: of an even count, the lower middle one), and whether the median meets the goal. Readings of one build an hour apart on this machine differ by half (docs/performance-log.md,
 * ninth session); the median of rounds run in turn is steadier than any one of them.
 */
export function formatGoalRounds(rounds: readonly (readonly GoalReading[])[]): string {
  const lines = ['| goal | each round | median | met |', '| --- | --- | ---: | --- |'];
  const names = [...new Set(rounds.flatMap((goals) => goals.map((g) => g.goal)))];
  for (const name of names) {
    const readings = rounds.map((goals) => goals.find((g) => g.goal === name)).filter((g): g is GoalReading => g !== undefined);
    const first = readings[0];
    if (!first) continue;
    const value = percentile(readings.map((g) => g.value).sort((a, b) => a - b), 50);
    const each = readings.map((g) => `${fmt(g.value)}${g.unit}`).join(', ');
    lines.push(`| ${name} | ${each} | ${fmt(value)}${first.unit} | ${isMet({ ...first, value }) ? 'yes' : '**no**'} |`);
  }
  return lines.join('\n');
}
