import { createHmac } from 'node:crypto';
import type { ErrorCode, SeatOffer, TakeSeatResponse } from '@roundkeeper/protocol';
import { sha256Hex } from '../auth/secrets.js';
import type { EncounterAccess } from '../encounters/access.js';
import type { EncounterRegistry } from '../encounters/registry.js';
import type { SeatRecord } from '../store/access-store.js';
import type { EncounterLog } from '../store/encounter-log.js';
import type { LibraryStore } from './library-store.js';

// Seats carried over from a party's encounter to its next one. The proof is the old seat's token: only
// the phone that held a PC's seat in the party's previous encounter can take that same PC's seat in the
// next one, without a join code. The rules (docs/architecture.md, "Seats offered back"):
// - only from an encounter to the party's very next one (a seat of two encounters ago offers nothing, so
//   a phone the GM removed since cannot come back through an older token);
// - only the PC the old seat held, mapped through the party member both PCs were made from;
// - once: after the GM removes the carried seat, the old token cannot bring it back;
// - the new seat's token is derived from the old one (HMAC), so a retried claim whose answer was lost
//   gets the same seat instead of finding it taken by itself.

/** Bytes of the derived seat token: 128 bits, like every other token (auth/secrets.ts). */
const TOKEN_BYTES = 16;

export const carriedSeatToken = (oldSeatToken: string, nextEncounterId: string): string =>
  createHmac('sha256', oldSeatToken).update(`roundkeeper carry-over ${nextEncounterId}`).digest().subarray(0, TOKEN_BYTES).toString('base64url');

export interface CarryOverDeps {
  readonly store: EncounterLog;
  readonly library: LibraryStore;
  readonly encounters: EncounterRegistry;
  /** Seats are read and taken through their owner. */
  readonly access: EncounterAccess;
}

export type CarryOverResult =
  | { readonly ok: true; readonly seat: TakeSeatResponse }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

export type LookupResult = { readonly ok: true; readonly offer: SeatOffer | null } | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

interface Found {
  readonly offer: SeatOffer;
  readonly from: SeatRecord;
  readonly token: string;
  /** The seat on the offered PC, if any: ours (a retry) or someone else's. */
  readonly holder: SeatRecord | undefined;
}

const INVALID_TOKEN = 'This seat token is not valid for that encounter.';
const NOTHING_OFFERED = "Your character has no seat waiting in this party's next encounter; join with the code.";

/** The offer for the phone holding `seatToken` in `encounterId`, or why there is none. */
async function findOffer(deps: CarryOverDeps, encounterId: string, seatToken: string): Promise<Found | 'invalid' | undefined> {
  const from = await deps.access.seatOfToken(encounterId, seatToken);
  if (!from) return 'invalid';
  const link = await deps.library.findPartyEncounter(encounterId);
  const next = link && (await deps.library.findPartyEncounterAt(link.partyId, link.ordinal + 1));
  const memberId = link?.members.find((l) => l.combatantId === from.combatantId)?.memberId;
  const combatantId = next?.members.find((l) => l.memberId === memberId)?.combatantId;
  if (!next || memberId === undefined || combatantId === undefined) return undefined;
  const room = await deps.encounters.open(next.encounterId);
  const found = await room?.read(({ state }) => ({ state, combatant: state.combatants.find((c) => c.id === combatantId) }));
  // Removed or hidden by the GM since: nothing to offer (a hidden PC is not offered on the join page either).
  if (!found?.combatant || found.combatant.hidden) return undefined;
  const token = carriedSeatToken(seatToken, next.encounterId);
  const holder = (await deps.access.listSeats(next.encounterId)).find((s) => s.combatantId === combatantId);
  const offer = { encounterId: next.encounterId, encounterName: found.state.name, system: found.state.system, combatantId, combatantName: found.combatant.name };
  return { offer, from, token, holder };
}

const ours = (found: Found): boolean => found.holder?.tokenHash === sha256Hex(found.token);

/** What the phone would be offered now: null once someone else holds the PC or the carry-over was used. */
export async function lookupCarryOver(deps: CarryOverDeps, encounterId: string, seatToken: string): Promise<LookupResult> {
  const found = await findOffer(deps, encounterId, seatToken);
  if (found === 'invalid') return { ok: false, code: 'unauthorized', message: INVALID_TOKEN };
  if (!found) return { ok: true, offer: null };
  if (ours(found)) return { ok: true, offer: found.offer };
  const usable = !found.holder && !(await deps.library.wasCarriedOver(found.offer.encounterId, found.from.id));
  return { ok: true, offer: usable ? found.offer : null };
}

/** Takes the offered seat (or gives back the one this token took before). */
export async function claimCarryOver(deps: CarryOverDeps, encounterId: string, seatToken: string): Promise<CarryOverResult> {
  const found = await findOffer(deps, encounterId, seatToken);
  if (found === 'invalid') return { ok: false, code: 'unauthorized', message: INVALID_TOKEN };
  if (!found) return { ok: false, code: 'not-found', message: NOTHING_OFFERED };
  const { offer } = found;
  const seat = { encounterId: offer.encounterId, seatToken: found.token, combatantIds: [offer.combatantId] };
  if (ours(found)) return { ok: true, seat };
  if (await deps.library.wasCarriedOver(offer.encounterId, found.from.id)) {
    return { ok: false, code: 'forbidden', message: `Your seat was already carried over once and the GM has freed it since; ask them, or join with the code.` };
  }
  const record = await deps.store.findEncounter(offer.encounterId);
  if (record?.joinLocked) return { ok: false, code: 'join-locked', message: 'The GM has closed joining for the next encounter; ask them to open it.' };
  const taken = await deps.access.takeSeat(offer.encounterId, offer.combatantId, found.token);
  if (!taken.ok) {
    // Two claims with the same old token at once: the other one took it, with this very token.
    const holder = (await deps.access.listSeats(offer.encounterId)).find((s) => s.combatantId === offer.combatantId);
    if (holder?.tokenHash === sha256Hex(found.token)) return { ok: true, seat };
    return { ok: false, code: taken.code, message: taken.message };
  }
  await deps.library.markCarriedOver(offer.encounterId, found.from.id);
  return { ok: true, seat };
}
