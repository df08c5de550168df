import type { CreateEncounterResponse, ErrorCode, StartPartyEncounterRequest } from '@roundkeeper/protocol';
import { carryOver, IMPLEMENTED_SYSTEMS, replay, type CarriedCombatant, type RestPart } from '@roundkeeper/rules';
import type { EncounterRegistry } from '../encounters/registry.js';
import { newId } from '../auth/secrets.js';
import { createEncounterWithSecrets, newCreationEvent } from '../encounters/create-encounter.js';
import type { EncounterAccess } from '../encounters/access.js';
import type { EncounterLog } from '../store/encounter-log.js';
import { addToRoster, type RosterEntry } from './creature-check.js';
import type { LibraryStore, PartyEncounterRecord, PartyMemberRecord, PartyRecord } from './library-store.js';
import type { SeatOfferNotifier } from './seat-offers.js';

export type StartResult =
  | { readonly ok: true; readonly created: CreateEncounterResponse; readonly seatsOffered: number }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

const refuse = (code: ErrorCode, message: string): StartResult => ({ ok: false, code, message });

export interface StartDeps {
  readonly store: EncounterLog;
  /** The previous encounter's seats, read through their owner. */
  readonly access: EncounterAccess;
  readonly library: LibraryStore;
  readonly notifier: SeatOfferNotifier;
  readonly encounters: EncounterRegistry;
}

/**
 * Starts an encounter from a party and chosen bestiary entries: the PCs, then the monsters, each added
 * as the GM's `add-combatant` (in the log like any other, each its own undo), written together with the
 * creation in one transaction: the GM gets the whole roster or nothing. Then the phones that held the
 * party's PCs in its previous encounter are offered their seats back.
 */
export async function startFromParty(deps: StartDeps, libraryId: string, partyId: string, request: StartPartyEncounterRequest): Promise<StartResult> {
  const party = await deps.library.findParty(libraryId, partyId);
  if (!party) return refuse('not-found', 'There is no such party in this library.');
  if (!IMPLEMENTED_SYSTEMS.includes(party.system)) return refuse('bad-request', `The ${party.system} rules are not available on this server.`);

  const unknownMember = request.memberIds?.find((id) => !party.members.some((m) => m.id === id));
  if (unknownMember !== undefined) return refuse('not-found', `memberIds: ${party.name} has no member ${unknownMember}.`);
  const members = request.memberIds ? party.members.filter((m) => request.memberIds?.includes(m.id)) : party.members;

  const entryIds = [...new Set(request.monsters.map((m) => m.entryId))];
  const entries = await deps.library.findBestiaryEntries(libraryId, entryIds);
  const missing = entryIds.find((id) => !entries.some((e) => e.id === id));
  if (missing !== undefined) return refuse('not-found', `monsters: the bestiary has no entry ${missing}.`);
  const foreign = entries.find((e) => e.system !== party.system);
  if (foreign) return refuse('bad-request', `monsters: ${foreign.creature.name} is a ${foreign.system} creature; ${party.name} plays ${party.system}.`);

  const carried = request.carryRestores ? await carriedFromLast(deps, party, request.carryRestores) : new Map<string, CarriedCombatant>();
  const roster: RosterEntry[] = [
    ...members.map((m) => memberEntry(m, carried.get(m.id))),
    ...request.monsters.map((choice) => {
      const entry = entries.find((e) => e.id === choice.entryId);
      if (!entry) throw new Error('bestiary entry vanished between two lines');
      return { creature: entry.creature, count: choice.count, hidden: choice.hidden, label: entry.creature.name };
    }),
  ];

  const encounterId = newId();
  const params = { name: request.name, system: party.system };
  const created = newCreationEvent(encounterId, params);
  const added = addToRoster(replay([created]), roster);
  // A kept creature the rules refuse now (e.g. a stat a newer version renamed): nothing is created.
  if (!added.ok) return refuse('bad-request', added.message);

  const response = await createEncounterWithSecrets(deps.store, { ...params, rest: added.events }, encounterId, created);
  // The members were added first, one combatant each, in the party's order.
  const links = members.map((m, i) => ({ memberId: m.id, combatantId: added.combatantIds[i] ?? '' }));
  const ordinal = await deps.library.linkPartyEncounter(party.id, encounterId, links);
  const previous = await deps.library.findPartyEncounterAt(party.id, ordinal - 1);
  const seatsOffered = previous ? await offerSeats(deps, previous, party, { encounterId, name: request.name, links }) : 0;
  return { ok: true, created: response, seatsOffered };
}

/**
 * [ENG-48] What each member brings from the party's last encounter (by the combatant it became there),
 * less what `restores` restores. Members who were not in it, or were removed from it, come in fresh.
 */
async function carriedFromLast(deps: StartDeps, party: PartyRecord, restores: readonly RestPart[]): Promise<Map<string, CarriedCombatant>> {
  const last = await deps.library.findLatestPartyEncounter(party.id);
  const room = last && (await deps.encounters.open(last.encounterId));
  const state = room && (await room.read((snapshot) => snapshot.state));
  const carried = new Map<string, CarriedCombatant>();
  for (const link of state ? (last?.members ?? []) : []) {
    const c = state && carryOver(state, link.combatantId, restores);
    if (c) carried.set(link.memberId, c);
  }
  return carried;
}

/**
 * A member as the party keeps it (name, stats, maximum, note), with the health and commands it carries
 * if any. Hit points carried above a maximum the GM lowered since come in at that maximum.
 */
function memberEntry(member: PartyMemberRecord, carried: CarriedCombatant | undefined): RosterEntry {
  const label = member.creature.name;
  const now = carried?.combatant.health?.now;
  const health = member.creature.health;
  if (!carried || !health) return { creature: member.creature, label };
  const fitted = now && (now.hp === undefined ? now : { ...now, hp: Math.min(now.hp, health.max) });
  return { creature: { ...member.creature, health: { ...health, ...(fitted ? { now: fitted } : {}) } }, then: carried.then, label };
}

/** Tells each seat of the previous encounter whose PC is in the new one; returns how many were told. */
async function offerSeats(
  deps: StartDeps,
  previous: PartyEncounterRecord,
  party: PartyRecord,
  next: { readonly encounterId: string; readonly name: string; readonly links: readonly { memberId: string; combatantId: string }[] },
): Promise<number> {
  let offered = 0;
  for (const seat of await deps.access.listSeats(previous.encounterId)) {
    const memberId = previous.members.find((l) => l.combatantId === seat.combatantId)?.memberId;
    const link = next.links.find((l) => l.memberId === memberId);
    const member = party.members.find((m) => m.id === memberId);
    if (!link || !member) continue;
    deps.notifier.offer(previous.encounterId, seat.id, {
      encounterId: next.encounterId,
      encounterName: next.name,
      system: party.system,
      combatantId: link.combatantId,
      combatantName: member.creature.name,
    });
    offered++;
  }
  return offered;
}
