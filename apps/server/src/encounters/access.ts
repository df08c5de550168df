import type { ErrorBody, ErrorCode } from '@roundkeeper/protocol';
import { newId, newToken, sha256Hex } from '../auth/secrets.js';
import type { AccessStore, SeatRecord } from '../store/access-store.js';
import type { Disconnector } from './broadcaster.js';
import { rotateSpectatorToken } from './create-encounter.js';
import type { EncounterRegistry } from './registry.js';
import { SeatRequests, type SeatRequestRecord } from './seat-requests.js';

// Seats have one owner: this service, over the store's seats table. They are access control (which
// token opens which PC), not game state: the rules never read them, taking one changes no version,
// and keeping them out of the event log keeps token hashes out of exports and replays pure. Rooms
// keep no copy: they publish to the audiences that have sockets (the Broadcaster says which), and
// whoever needs the seat list (the GM's presence, the join page) asks here, so two nodes never
// disagree about a seat for longer than a query. Recorded in docs/architecture.md.

export type TakeSeatResult =
  | { readonly ok: true; readonly seatId: string; readonly seatToken: string; readonly combatantIds: readonly string[] }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** What overlays still on the old link hear before they are disconnected. */
const SPECTATOR_TOKEN_REPLACED: ErrorBody = {
  code: 'unauthorized',
  message: 'The GM made a new overlay link; this one no longer works. Copy the new link from the GM console.',
};

const SEAT_REMOVED: ErrorBody = {
  code: 'unauthorized',
  message: 'The GM removed your seat. Join again with the code if they let you.',
};

/** Who may open an encounter besides its GM: the players' seats and the overlay link. */
export class EncounterAccess {
  constructor(
    private readonly store: AccessStore,
    private readonly encounters: EncounterRegistry,
    private readonly disconnector: Disconnector,
    private readonly requests: SeatRequests = new SeatRequests(),
  ) {}

  listSeats(encounterId: string): Promise<readonly SeatRecord[]> {
    return this.store.listSeats(encounterId);
  }

  /** The seat `seatToken` opens in this encounter, if any. */
  seatOfToken(encounterId: string, seatToken: string): Promise<SeatRecord | undefined> {
    return this.store.findSeatByTokenHash(encounterId, sha256Hex(seatToken));
  }

  /**
   * Binds a new seat to a visible PC. The PC is checked against the room's current state; the store's
   * unique (encounter, combatant) settles races between phones and between nodes. `seatToken` is given
   * only by a carry-over from a party's previous encounter (library/carry-over.ts): derived from the old
   * seat's token, so a retried claim finds the same seat.
   */
  async takeSeat(encounterId: string, combatantId: string, seatToken: string = newToken()): Promise<TakeSeatResult> {
    const room = await this.encounters.open(encounterId);
    const combatant = await room?.read(({ state }) => state.combatants.find((c) => c.id === combatantId));
    // Hidden combatants answer exactly like missing ones: the join page must not reveal them.
    if (!combatant || combatant.hidden) {
      return { ok: false, code: 'not-found', message: 'There is no such character in this encounter.' };
    }
    if (combatant.side !== 'pc') {
      return { ok: false, code: 'invalid-command', message: `${combatant.name} is not a player character; only PCs can be taken as seats.` };
    }
    const seat = { id: newId(), encounterId, combatantId, tokenHash: sha256Hex(seatToken) };
    if (!(await this.store.takeSeat(seat))) {
      return { ok: false, code: 'seat-taken', message: `Someone else has already taken ${combatant.name}.` };
    }
    return { ok: true, seatId: seat.id, seatToken, combatantIds: [combatantId] };
  }

  /** Deletes a seat: its token stops working and its phones are told why and disconnected. */
  async removeSeat(encounterId: string, seatId: string): Promise<SeatRecord | undefined> {
    const seat = (await this.store.listSeats(encounterId)).find((s) => s.id === seatId);
    if (!seat || !(await this.store.removeSeat(encounterId, seatId))) return undefined;
    this.disconnector.disconnect(encounterId, { kind: 'seat', seatId, combatantIds: [seat.combatantId] }, SEAT_REMOVED);
    // Freeing the seat answers whoever asked for it.
    this.requests.clear(encounterId, seat.combatantId);
    return seat;
  }

  /**
   * A player without a seat asks the GM to free a character's seat (seat-requests.ts). The character must
   * be a visible PC: a hidden one answers like a missing one, as on the join page.
   */
  async requestSeat(encounterId: string, combatantId: string): Promise<SeatRequestRecord | undefined> {
    const room = await this.encounters.open(encounterId);
    const combatant = await room?.read(({ state }) => state.combatants.find((c) => c.id === combatantId));
    if (!combatant || combatant.hidden || combatant.side !== 'pc') return undefined;
    return this.requests.add(encounterId, combatantId, combatant.name);
  }

  /** The GM waved a request away without freeing the seat. */
  dismissSeatRequest(encounterId: string, combatantId: string): void {
    this.requests.clear(encounterId, combatantId);
  }

  /**
   * Gives the encounter a new overlay link and returns its token (shown once: only its hash is
   * stored). Overlays on the old link are told why and disconnected.
   */
  async replaceSpectatorToken(encounterId: string): Promise<string> {
    const spectatorToken = await rotateSpectatorToken(this.store, encounterId);
    // Spectators are the only audience of the public channel (the GM and seats have their own).
    this.disconnector.disconnect(encounterId, { kind: 'public' }, SPECTATOR_TOKEN_REPLACED);
    return spectatorToken;
  }
}
