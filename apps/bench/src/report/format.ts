import type { ConfigurationResult, PhaseSummary } from '../harness/run-configuration.js';
import type { PhaseHeapSample } from './heap-sample.js';

const KB = 1_024;
const MB = KB * KB;

const fixed = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : '–');

const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

const PHASE_HEADER = ['configuration', 'phase', 'clients', 'cmd/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'server CPU %', 'CPU ms/cmd', 'CPU ‰core/1k clients', 'generators CPU %', 'load avg'];

function phaseRow(result: ConfigurationResult, phase: PhaseSummary): string {
  return row([
    result.id,
    phase.mode,
    String(result.clients),
    fixed(phase.commandsPerSecond),
    fixed(phase.p50, 2),
    fixed(phase.p99, 2),
    fixed(phase.max, 1),
    String(phase.errors),
    fixed(phase.cpuPercent),
    fixed(phase.cpuMsPerCommand, 2),
    fixed((10 * phase.cpuPercent * 1_000) / Math.max(1, result.clients), 1),
    fixed(phase.generatorCpuPercent),
    fixed(phase.loadAverage),
  ]);
}

/** The per-configuration tables, as Markdown. */
export function formatResults(results: readonly ConfigurationResult[]): string {
  const lines = [row(PHASE_HEADER), row(PHASE_HEADER.map(() => '---'))];
  for (const r of results) for (const p of r.phases) lines.push(phaseRow(r, p));
  // Live memory only with --settled-memory, which reads it after each server collected its garbage (harness/settled-memory.ts).
  lines.push('', row(['configuration', 'nodes', 'tables', 'clients', 'setup s', 'RSS idle MB', 'RSS loaded MB', 'RSS KB/client', 'live KB/client']), row(Array(9).fill('---')));
  for (const r of results) {
    lines.push(
      row([r.id, String(r.nodes), String(r.tables), String(r.clients), fixed(r.setupSeconds), fixed(r.rssIdleBytes / MB), fixed(r.rssLoadedBytes / MB), fixed(r.rssPerClientBytes / KB), fixed(r.livePerClientBytes / KB)]),
    );
  }
  const problems = results.flatMap((r) => [
    ...r.setupFailures.map((f) => `${r.id} setup: ${f}`),
    ...r.phases.flatMap((p) => p.firstErrors.map((e) => `${r.id} ${p.mode}: ${e}`)),
  ]);
  if (problems.length > 0) lines.push('', 'Errors (first few):', ...problems.map((p) => `- ${p}`));
  return lines.join('\n');
}

const phaseOf = (r: ConfigurationResult, mode: PhaseSummary['mode']): PhaseSummary | undefined => r.phases.find((p) => p.mode === mode);

/** Ours divided by a reference, for the measures the goals are stated in. */
export function formatRatios(ours: ConfigurationResult, reference: ConfigurationResult): string {
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b !== 0 ? `${fixed(a / b, 2)}×` : '–');
  const paced = [phaseOf(ours, 'paced'), phaseOf(reference, 'paced')] as const;
  const saturated = [phaseOf(ours, 'saturated'), phaseOf(reference, 'saturated')] as const;
  return [
    `${ours.id} / ${reference.id}:`,
    `  paced p50 ${ratio(paced[0]?.p50, paced[1]?.p50)}, p99 ${ratio(paced[0]?.p99, paced[1]?.p99)}, CPU/cmd ${ratio(paced[0]?.cpuMsPerCommand, paced[1]?.cpuMsPerCommand)}`,
    `  saturated cmd/s ${ratio(saturated[0]?.commandsPerSecond, saturated[1]?.commandsPerSecond)}, p99 ${ratio(saturated[0]?.p99, saturated[1]?.p99)}`,
    `  RSS per client ${ratio(ours.rssPerClientBytes, reference.rssPerClientBytes)}, live memory per client ${ratio(ours.livePerClientBytes, reference.livePerClientBytes)}`,
  ].join('\n');
}

/** One row per reconnect storm. */
export function formatStorms(results: readonly ConfigurationResult[]): string {
  const header = ['configuration', 'clients', 'tables back', 'drain s', 'restart s', 'ready → half / 90% of sockets connected s', 'ready → half / 90% / all tables back s', 'SIGTERM → all back s', 'connects dropped (listen queue full)', 'turns during storm', 'p50 ms', 'p99 ms', 'errors'];
  const lines = [row(header), row(header.map(() => '---'))];
  for (const r of results) {
    const s = r.storm;
    if (!s) continue;
    lines.push(row([r.id, String(r.clients), `${s.tablesBack}/${s.tables}`, fixed(s.drainSeconds, 2), fixed(s.restartSeconds, 2), `${fixed(s.halfConnectedAfterReadySeconds, 2)} / ${fixed(s.mostConnectedAfterReadySeconds, 2)}`, `${fixed(s.halfBackAfterReadySeconds, 2)} / ${fixed(s.mostBackAfterReadySeconds, 2)} / ${fixed(s.backAfterReadySeconds, 2)}`, fixed(s.allBackSeconds, 2), s.listenDrops === null ? '–' : String(s.listenDrops), String(s.commands), fixed(s.p50, 2), fixed(s.p99, 2), String(s.errors)]));
    for (const e of s.firstErrors) lines.push(`- ${r.id} storm: ${e}`);
  }
  return lines.join('\n');
}

/** `--heap-sample`: one phase's allocations per command (or what outlived a scavenge) and their largest sites. */
export function formatHeapSample(id: string, phase: string, heap: PhaseHeapSample): string {
  const what = heap.survivors ? 'per command outlived a scavenge (what scavenges freed left out)' : 'allocated per command (garbage included)';
  const lines = [`${id}, ${phase} phase: ${fixed(heap.bytesPerCommand / 1_024, 1)} KB ${what}, ${fixed(heap.allocatedBytes / 2 ** 20, 0)} MB in all; largest sites:`];
  for (const { site, bytes } of heap.topSites) lines.push(`  ${fixed((100 * bytes) / heap.allocatedBytes, 1).padStart(5)}%  ${site}`);
  return lines.join('\n');
}
