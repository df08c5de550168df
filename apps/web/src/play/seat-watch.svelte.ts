import { getContext, hasContext, setContext } from 'svelte';
import type { LiveEncounter } from '../lib/live-encounter.svelte.js';

const KEY = Symbol('seat-watch');

/**
 * Lets PlayApp see the live seat that PlayerScreen creates deeper down, so the whole page can become
 * the "removed" screen (and the connection close with PlayerScreen) once the server refuses the token.
 */
export class SeatWatch {
  #session = $state.raw<LiveEncounter | null>(null);

  /**
   * The server refused this seat's token: at once when it sends `removed` (the GM deleted the seat), or
   * when a later handshake is refused (a token that connected before is refused only once its seat is gone).
   */
  readonly removed = $derived(this.#session?.refusal?.code === 'unauthorized');

  watch(session: LiveEncounter): void {
    this.#session = session;
  }

  forget(): void {
    this.#session = null;
  }
}

export const provideSeatWatch = (): SeatWatch => setContext(KEY, new SeatWatch());

/** The page's watch, if any. Call during component initialisation, as `getContext` requires. */
export const seatWatch = (): SeatWatch | undefined => (hasContext(KEY) ? getContext<SeatWatch>(KEY) : undefined);
