import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchTable } from './bench-table.js';
import type { PhaseResult } from './ipc.js';

/** Bounds every table's loop by count as well as by time. */
const MAX_TURNS_PER_TABLE_PER_PHASE = 100_000;
/** Errors quoted back to the parent, so a broken run says why. */
const MAX_QUOTED_ERRORS = 5;
/** Paced turns are spread by ±this share of the interval, so tables do not march in step. */
const PACE_JITTER = 0.2;

export interface PhaseSpec {
  readonly mode: 'paced' | 'saturated';
  readonly durationMs: number;
  readonly turnIntervalMs: number;
}

/** Runs every table's turn loop until the phase ends; a turn under way at the end still counts. */
export async function runPhase(tables: readonly BenchTable[], spec: PhaseSpec): Promise<PhaseResult> {
  const recorder = new TurnRecorder();
  const endAt = performance.now() + spec.durationMs;
  await Promise.all(tables.map((table) => turnLoop(table, spec, () => performance.now() >= endAt, recorder, endAt)));
  return recorder.result();
}

/** Latencies and errors of one phase's turns. */
export class TurnRecorder {
  readonly latenciesMs: number[] = [];
  readonly firstErrors: string[] = [];
  errors = 0;

  error(error: unknown): void {
    this.errors++;
    if (this.firstErrors.length < MAX_QUOTED_ERRORS) this.firstErrors.push(error instanceof Error ? error.message : String(error));
  }

  result(): PhaseResult {
    return { latenciesMs: this.latenciesMs, completed: this.latenciesMs.length, errors: this.errors, firstErrors: this.firstErrors };
  }
}

/**
 * One table's turns until `over()`: paced (one turn per interval, ±jitter, starting at a random point
 * of the first) or saturated (the next as soon as the last one reached everyone). `endAt`, when known,
 * keeps a paced table from sleeping past the end.
 */
export async function turnLoop(table: BenchTable, spec: Omit<PhaseSpec, 'durationMs'>, over: () => boolean, recorder: TurnRecorder, endAt = Number.POSITIVE_INFINITY): Promise<void> {
  const { latenciesMs } = recorder;
  // Paced tables start at a random point of their first interval.
  let nextAt = performance.now() + (spec.mode === 'paced' ? Math.random() * spec.turnIntervalMs : 0);
  for (let turn = 0; turn < MAX_TURNS_PER_TABLE_PER_PHASE; turn++) {
    if (spec.mode === 'paced') {
      const wait = nextAt - performance.now();
      if (nextAt >= endAt) return;
      if (wait > 0) await sleep(wait);
      nextAt += spec.turnIntervalMs * (1 + PACE_JITTER * (2 * Math.random() - 1));
      if (over()) return;
    } else if (over()) return;
    try {
      latenciesMs.push(await table.takeTurn());
    } catch (error) {
      recorder.error(error);
      return;
    }
  }
}
