import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchSource } from '../paths.js';
import { rssBytes } from './process-sampler.js';

const ANSWER_TIMEOUT_MS = 10_000;
const ANSWER_POLL_MS = 20;

/** Where every server started by this bench writes its memory when asked (servers/memory-preload.mjs); made when enabled. */
let memoryDir: string | undefined;

/**
 * `pnpm bench --settled-memory`: every server started from now on can answer `settledMemory`. Off by
 * default: the collections it forces just before the phases change the garbage collector's footing for
 * them (a young generation shrunk to its minimum: at 10,000 clients the paced p99 read 23–26 ms with
 * it against 7–8 without), so memory is measured in a run of its own.
 */
export function enableSettledMemory(): void {
  memoryDir ??= mkdtempSync(join(tmpdir(), 'rk-bench-memory-'));
}

export const settledMemoryEnabled = (): boolean => memoryDir !== undefined;

/** The node flags and environment that let a server answer `settledMemory`, when enabled (else none). */
export const memoryProbe = (): { readonly args: readonly string[]; readonly env: NodeJS.ProcessEnv } =>
  memoryDir === undefined
    ? { args: [], env: {} }
    : { args: ['--expose-gc', '--import', pathToFileURL(benchSource('servers/memory-preload.mjs')).href], env: { BENCH_MEMORY_DIR: memoryDir } };

interface Answer {
  readonly answered: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
}

export interface SettledMemory {
  /** Resident set, summed over the processes (read right after their collections when enabled). */
  readonly rssBytes: number;
  /** What stayed alive: the JS heap in use plus memory held by JS objects outside it (buffers); NaN when not enabled. */
  readonly liveBytes: number;
}

function answerOf(dir: string, pid: number): Answer | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, `${pid}.json`), 'utf8')) as Answer;
  } catch {
    return undefined;
  }
}

/**
 * Each server collects its garbage, then says what it holds (with `--settled-memory`; without, the RSS
 * as it stands). Read this way, memory does not depend on the moment a reading happens to fall: the
 * young generation alone (up to 2 × 16 MB) is garbage a moment before a collection and gone after it.
 */
export async function settledMemory(pids: readonly number[]): Promise<SettledMemory> {
  const dir = memoryDir;
  if (dir === undefined) return { rssBytes: pids.reduce((sum, pid) => sum + rssBytes(pid), 0), liveBytes: Number.NaN };
  const asked = pids.map((pid) => ({ pid, before: answerOf(dir, pid)?.answered ?? 0 }));
  for (const { pid } of asked) process.kill(pid, 'SIGWINCH');
  const answers: Answer[] = [];
  const deadline = Date.now() + ANSWER_TIMEOUT_MS;
  for (const { pid, before } of asked) {
    let answer = answerOf(dir, pid);
    while (!answer || answer.answered <= before) {
      if (Date.now() > deadline) throw new Error(`server ${pid} did not report its memory within ${ANSWER_TIMEOUT_MS} ms`);
      await sleep(ANSWER_POLL_MS);
      answer = answerOf(dir, pid);
    }
    answers.push(answer);
  }
  return {
    // Read from /proc now rather than as the process saw it: the same measure as the CPU sampler's.
    rssBytes: pids.reduce((sum, pid) => sum + rssBytes(pid), 0),
    liveBytes: answers.reduce((sum, a) => sum + a.heapUsed + a.external, 0),
  };
}
