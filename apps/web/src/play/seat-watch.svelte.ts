import { getContext, hasContext, setContext } from 'svelte';
import type { LiveEncounter } from '../lib/live-encounter.svelte.js';

const KEY = Symbol('seat-watch');

/**
 * Lets PlayApp see the live seat that PlayerScreen creates deeper down, so the whole page can become
 * the "removed" screen (and the connection close with PlayerScreen) once the server refuses the token.
 */
export class SeatWatch {
  #session = $state.raw<LiveEncounter | null>(null);
  #token = $state.raw<string | null>(null);

  /**
   * The seat token the server refused: at once when it sends `removed` (the GM deleted the seat), or
   * when a later handshake is refused (a token that connected before is refused only once its seat is
   * gone). A token, not a yes: the same tab may take the character again with a new seat, which must
   * play, not stay "removed" (issue 28).
   */
  readonly removedToken = $derived(this.#session?.refusal?.code === 'unauthorized' ? this.#token : null);

  watch(session: LiveEncounter, token: string): void {
    this.#session = session;
    this.#token = token;
  }

  forget(): void {
    this.#session = null;
    this.#token = null;
  }
}

export const provideSeatWatch = (): SeatWatch => setContext(KEY, new SeatWatch());

/** The page's watch, if any. Call during component initialisation, as `getContext` requires. */
export const seatWatch = (): SeatWatch | undefined => (hasContext(KEY) ? getContext<SeatWatch>(KEY) : undefined);
