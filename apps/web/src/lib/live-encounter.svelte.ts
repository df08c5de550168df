import { EncounterConnection, type ConnectionStatus, type Refusal } from '@roundkeeper/client';
import type { Presence, SeatOffer, VersionedView } from '@roundkeeper/protocol';
import type { Command, EncounterView } from '@roundkeeper/rules';
import { unitsOf, type Unit } from './units.js';

/**
 * How long a refusal stays at least once the encounter has changed after it: a refusal speaks of the
 * state it was refused in ("Aria is dead: healing cannot bring them back"), so when that state moves on
 * (she was brought back and healed) it goes, but not before a person had the time to read it.
 */
const REFUSAL_READ_MS = 4_000;

/** A live encounter for Svelte: the connection's state mirrored into runes, plus the last refusal. */
export class LiveEncounter {
  readonly #connection = new EncounterConnection();
  #status = $state<ConnectionStatus>('connecting');
  #refusal = $state.raw<Refusal | null>(null);
  #versioned = $state.raw<VersionedView | null>(null);
  #pending = $state(0);
  #presence = $state.raw<Presence | null>(null);
  #seatOffer = $state.raw<SeatOffer | null>(null);
  #clockOffset = $state<number | null>(null);
  #lastError = $state<string | null>(null);
  /** When the refusal shown came, and the version it was refused at. */
  #errorAt = 0;
  #errorVersion: number | null = null;
  #errorTimer: ReturnType<typeof setTimeout> | undefined;

  readonly view: EncounterView | null = $derived(this.#versioned?.view ?? null);
  readonly units: readonly Unit[] = $derived(this.view ? unitsOf(this.view) : []);

  /** `onView` sees every new view as it arrives (the overlay's spoiler delay starts from there). */
  constructor(encounterId: string, token: string, onView?: (view: VersionedView) => void) {
    this.#connection.subscribe((state) => {
      this.#status = state.status;
      this.#refusal = state.refusal;
      this.#pending = state.pending;
      this.#presence = state.presence;
      this.#seatOffer = state.seatOffer;
      this.#clockOffset = state.clockOffset;
      if (state.view !== this.#versioned) {
        this.#versioned = state.view;
        if (state.view) onView?.(state.view);
        this.#forgetStaleError();
      }
    });
    this.#connection.connect({ encounterId, token });
  }

  get status() {
    return this.#status;
  }
  get refusal() {
    return this.#refusal;
  }
  get version() {
    return this.#versioned?.version ?? null;
  }
  get pending() {
    return this.#pending;
  }
  /** [ENG-39] The server's clock minus this device's, in ms (null until measured): the turn timer's correction. */
  get clockOffset() {
    return this.#clockOffset;
  }
  /** GM only: which seats are connected (null until the server said). */
  get presence() {
    return this.#presence;
  }
  /** Player only: the seat waiting in the party's next encounter, as the server last offered it. */
  get seatOffer() {
    return this.#seatOffer;
  }
  /** The readable message of the last refused command, until the next accepted one or a dismissal. */
  get lastError() {
    return this.#lastError;
  }

  dismissError() {
    this.#lastError = null;
    clearTimeout(this.#errorTimer);
  }

  /** [issue 28] The encounter moved on since the refusal shown: it goes, once it has been up long enough to read. */
  #forgetStaleError(): void {
    if (this.#lastError === null || this.version === this.#errorVersion) return;
    clearTimeout(this.#errorTimer);
    const left = this.#errorAt + REFUSAL_READ_MS - Date.now();
    if (left <= 0) this.#lastError = null;
    else this.#errorTimer = setTimeout(() => (this.#lastError = null), left);
  }

  /** Sends a command; a refusal becomes `lastError`. Resolves true when accepted. */
  async send(command: Command): Promise<boolean> {
    const ack = await this.#connection.send(command);
    clearTimeout(this.#errorTimer);
    this.#lastError = ack.ok ? null : ack.message;
    this.#errorAt = Date.now();
    this.#errorVersion = this.version;
    return ack.ok;
  }

  close() {
    clearTimeout(this.#errorTimer);
    this.#connection.close();
  }
}
