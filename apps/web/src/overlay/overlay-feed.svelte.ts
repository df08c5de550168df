import type { EncounterView } from '@roundkeeper/rules';
import { LiveEncounter } from '../lib/live-encounter.svelte.js';
import { DelayLine } from './delay-line.js';

const MS_PER_SECOND = 1_000;

/**
 * What the overlay shows: the spectator's live view, held back by the spoiler delay. Connection
 * status and refusals are never delayed: "reconnecting…" is about now.
 */
export class OverlayFeed {
  readonly live: LiveEncounter;
  #shown = $state.raw<EncounterView | null>(null);
  readonly #delay: DelayLine<EncounterView>;

  constructor(encounterId: string, token: string, delaySeconds: number) {
    this.#delay = new DelayLine<EncounterView>(delaySeconds * MS_PER_SECOND, (view) => (this.#shown = view));
    this.live = new LiveEncounter(encounterId, token, ({ view }) => this.#delay.push(view));
  }

  get view(): EncounterView | null {
    return this.#shown;
  }

  close(): void {
    this.#delay.close();
    this.live.close();
  }
}
