import type { EncounterView } from '@roundkeeper/rules';
import { describeChanges, type LogKind } from './view-log.js';

/** The log keeps the latest lines only: a long session must not grow the page's memory without end. */
export const MAX_LOG_LINES = 300;

export interface LogEntry {
  /** Increasing; keys the list. */
  readonly seq: number;
  readonly version: number;
  readonly round: number;
  readonly kind: LogKind;
  readonly text: string;
}

/** Every change the viewer saw, newest last, derived from the successive views it received. */
export class EncounterLog {
  #entries = $state.raw<readonly LogEntry[]>([]);
  #previous: EncounterView | null = null;
  #seq = 0;

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  record(version: number, view: EncounterView): void {
    if (view === this.#previous) return;
    const lines = describeChanges(this.#previous, view);
    this.#previous = view;
    if (lines.length === 0) return;
    const added = lines.map((line) => ({ ...line, seq: ++this.#seq, version, round: view.round }));
    this.#entries = [...this.#entries, ...added].slice(-MAX_LOG_LINES);
  }
}
