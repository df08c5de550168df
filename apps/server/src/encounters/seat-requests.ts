import { newId } from '../auth/secrets.js';

// A player who finds their character taken (they changed phones, the old one is gone) has no seat and
// no token, only the join code; they ask the GM to free the seat. The request is not game state and
// not access control: it lives in this node's memory for a while, is shown on the GM console through
// the presence event, and is answered by the GM freeing the seat (which drops it). With several nodes a
// request reaches a GM on the node it was made on, like presence itself (docs/architecture.md).

export interface SeatRequestRecord {
  readonly requestId: string;
  readonly combatantId: string;
  readonly name: string;
  readonly at: Date;
}

/** How long a request stays on the console unanswered. */
export const SEAT_REQUEST_TTL_MS = 15 * 60_000;
/** Per encounter; one per character (asking again replaces the older request). */
const MAX_REQUESTS_PER_ENCOUNTER = 20;
/** Encounters with requests kept at once; the oldest are forgotten first. */
const MAX_ENCOUNTERS = 10_000;

export class SeatRequests {
  readonly #byEncounter = new Map<string, SeatRequestRecord[]>();

  constructor(private readonly now: () => number = Date.now) {}

  add(encounterId: string, combatantId: string, name: string): SeatRequestRecord {
    const kept = this.list(encounterId).filter((r) => r.combatantId !== combatantId);
    const request = { requestId: newId(), combatantId, name, at: new Date(this.now()) };
    this.#byEncounter.delete(encounterId);
    this.#byEncounter.set(encounterId, [...kept, request].slice(-MAX_REQUESTS_PER_ENCOUNTER));
    if (this.#byEncounter.size > MAX_ENCOUNTERS) this.#byEncounter.delete(this.#byEncounter.keys().next().value as string);
    return request;
  }

  /** Unexpired requests, oldest first. */
  list(encounterId: string): readonly SeatRequestRecord[] {
    const all = this.#byEncounter.get(encounterId) ?? [];
    const fresh = all.filter((r) => this.now() - r.at.getTime() < SEAT_REQUEST_TTL_MS);
    if (fresh.length === 0) this.#byEncounter.delete(encounterId);
    else if (fresh.length !== all.length) this.#byEncounter.set(encounterId, fresh);
    return fresh;
  }

  /** The GM freed the character's seat (or dismissed the request): answered. */
  clear(encounterId: string, combatantId: string): void {
    const left = this.list(encounterId).filter((r) => r.combatantId !== combatantId);
    if (left.length === 0) this.#byEncounter.delete(encounterId);
    else this.#byEncounter.set(encounterId, left);
  }
}
