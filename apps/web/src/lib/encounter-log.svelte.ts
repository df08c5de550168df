import type { LogEntry } from '@roundkeeper/protocol';
import type { EncounterView, SystemId } from '@roundkeeper/rules';
import { describeLog, groupByCommand, type LogGroup, type LogLine, type SystemWords } from './event-log.js';
import { logPageFetcher, type FetchLogPage } from './log-api.js';
import { advanceRounds, ROUND_AT_CREATION, ROUND_UNKNOWN, type RoundTrack } from './log-rounds.js';

/** Events kept in the page: a long session must not grow its memory without end. Older ones stay on the server. */
export const MAX_LOG_ENTRIES = 1000;
/** Events asked for per request: the latest page on opening, each "load earlier", each catch-up. */
export const LOG_PAGE = 200;

/**
 * The encounter's log as the server stores it (GET …/log), for the GM console: the latest page when
 * the console opens, older pages on demand, and the new events each time a newer view arrives.
 */
export class EncounterLog {
  #entries = $state.raw<readonly LogEntry[]>([]);
  #view = $state.raw<EncounterView | null>(null);
  /** The round before the first entry kept. */
  #start = $state.raw<RoundTrack>(ROUND_UNKNOWN);
  #hasEarlier = $state(false);
  #loadingEarlier = $state(false);
  #error = $state<string | null>(null);
  /** The highest version a view announced: the log catches up to it. */
  #wanted = 0;
  #opened = false;
  #syncing = false;
  readonly #fetchPage: FetchLogPage;

  readonly #wordsOf: (system: SystemId) => SystemWords;
  readonly lines: readonly LogLine[] = $derived.by(() => (this.#view ? describeLog(this.#entries, this.#view, this.#start, this.#wordsOf(this.#view.system)) : []));
  readonly groups: readonly LogGroup[] = $derived(groupByCommand(this.lines));

  /** `wordsOf`: the encounter's system's words for the log, from the registry (systems/log-words.ts). */
  constructor(encounterId: string, gmToken: string, wordsOf: (system: SystemId) => SystemWords, fetchPage: FetchLogPage = logPageFetcher(encounterId, gmToken)) {
    this.#wordsOf = wordsOf;
    this.#fetchPage = fetchPage;
  }

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }
  /** Older entries exist on the server and there is room to show them. */
  get canLoadEarlier(): boolean {
    return this.#hasEarlier && this.#entries.length < MAX_LOG_ENTRIES;
  }
  /** Older entries exist but the page keeps no more. */
  get full(): boolean {
    return this.#hasEarlier && this.#entries.length >= MAX_LOG_ENTRIES;
  }
  get loadingEarlier(): boolean {
    return this.#loadingEarlier;
  }
  /** Why the last read failed; cleared by the next one that works. */
  get error(): string | null {
    return this.#error;
  }

  /** A view arrived: names come from it, and the log reads what was stored up to its version. */
  record(version: number, view: EncounterView): void {
    this.#view = view;
    if (version <= this.#wanted) return;
    this.#wanted = version;
    void this.#sync();
  }

  /** Reads the page before the oldest entry shown. */
  async loadEarlier(): Promise<void> {
    const first = this.#entries[0];
    if (!first || !this.canLoadEarlier || this.#loadingEarlier) return;
    this.#loadingEarlier = true;
    try {
      const page = await this.#fetchPage({ before: first.seq }, Math.min(LOG_PAGE, MAX_LOG_ENTRIES - this.#entries.length));
      // Entries dropped from the front meanwhile would leave a gap between the two stretches: skip it.
      if (this.#entries[0]?.seq !== first.seq) return;
      this.#entries = [...page.entries, ...this.#entries];
      this.#start = this.#entries[0]?.seq === 1 ? ROUND_AT_CREATION : ROUND_UNKNOWN;
      this.#hasEarlier = page.more;
      this.#error = null;
    } catch (error) {
      this.#error = messageOf(error);
    } finally {
      this.#loadingEarlier = false;
    }
  }

  /** One reader at a time; views arriving meanwhile raise `#wanted` and the loop reads on. */
  async #sync(): Promise<void> {
    if (this.#syncing) return;
    this.#syncing = true;
    try {
      while ((this.#entries.at(-1)?.seq ?? 0) < this.#wanted) {
        const added = this.#opened ? await this.#readNewer() : await this.#open();
        // The store had nothing newer than what the view announced: nothing more to wait for here.
        if (added === 0) break;
      }
      this.#error = null;
    } catch (error) {
      this.#error = messageOf(error);
    } finally {
      this.#syncing = false;
    }
  }

  async #open(): Promise<number> {
    const page = await this.#fetchPage({ before: this.#wanted + 1 }, LOG_PAGE);
    this.#entries = page.entries;
    this.#start = page.entries[0]?.seq === 1 ? ROUND_AT_CREATION : ROUND_UNKNOWN;
    this.#hasEarlier = page.more;
    this.#opened = true;
    return page.entries.length;
  }

  async #readNewer(): Promise<number> {
    const page = await this.#fetchPage({ after: this.#entries.at(-1)?.seq ?? 0 }, LOG_PAGE);
    const all = [...this.#entries, ...page.entries];
    const drop = Math.max(0, all.length - MAX_LOG_ENTRIES);
    if (drop > 0) {
      // The rounds of the entries kept still follow from those dropped.
      this.#start = advanceRounds(this.#start, all.slice(0, drop).map((e) => e.event));
      this.#hasEarlier = true;
    }
    this.#entries = all.slice(drop);
    return page.entries.length;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
