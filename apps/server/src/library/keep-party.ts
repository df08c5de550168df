import type { Creature, ErrorCode } from '@roundkeeper/protocol';
import { MAX_NAME_LENGTH, MAX_PARTIES, MAX_PARTY_MEMBERS } from '@roundkeeper/protocol';
import type { Combatant, EncounterState } from '@roundkeeper/rules';
import { newId } from '../auth/secrets.js';
import type { EncounterRegistry } from '../encounters/registry.js';
import { creatureProblem } from './creature-check.js';
import type { LibraryStore, PartyMemberRecord, PartyRecord, PartySeatLink } from './library-store.js';

// "Keep this party": an encounter's PCs saved as a party of the GM's library, or the party the encounter
// came from brought up to date. The encounter is then linked to the party as its latest encounter, with
// which member each PC is, so the seats that held them are offered in the party's next encounter
// (carry-over.ts), whether the encounter was started from the library or typed in ad hoc.

export interface KeepDeps {
  readonly library: LibraryStore;
  readonly encounters: EncounterRegistry;
}

export type KeepResult =
  | { readonly ok: true; readonly party: PartyRecord; readonly created: boolean; readonly state: EncounterState }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

const refuse = (code: ErrorCode, message: string): KeepResult => ({ ok: false, code, message });

/** A PC as the library keeps it: name, stats, note and maximum (its wounds are the fight's, not the library's). */
function creatureOf(c: Combatant): Creature {
  const h = c.health;
  const health = h === null ? undefined : h.kind === 'hit-points' ? { max: h.max } : { max: h.threshold, ...(h.strainThreshold === null ? {} : { strain: h.strainThreshold }) };
  return { name: c.name, side: 'pc', stats: { ...c.stats }, ...(c.note ? { note: c.note } : {}), ...(health ? { health } : {}) };
}

/** A new party's name when the GM gives none: the encounter's, within the limit. */
const defaultName = (state: EncounterState): string => `Party of ${state.name}`.slice(0, MAX_NAME_LENGTH);

export async function keepParty(deps: KeepDeps, libraryId: string, encounterId: string, name?: string): Promise<KeepResult> {
  const room = await deps.encounters.open(encounterId);
  const state = room && (await room.read((snapshot) => snapshot.state));
  if (!state) return refuse('not-found', 'There is no such encounter.');
  const pcs = state.combatants.filter((c) => c.side === 'pc');
  if (pcs.length === 0) return refuse('bad-request', 'This encounter has no player characters to keep.');
  if (pcs.length > MAX_PARTY_MEMBERS) return refuse('bad-request', `A party has at most ${MAX_PARTY_MEMBERS} members; this encounter has ${pcs.length} PCs.`);
  const problem = creatureProblem(state.system, pcs.map(creatureOf), 'characters');
  if (problem !== undefined) return refuse('bad-request', problem);

  const link = await deps.library.findPartyEncounter(encounterId);
  if (link) {
    const party = await deps.library.findParty(libraryId, link.partyId);
    // Started from a party of a library this token does not open: not this GM's to change.
    if (!party) return refuse('forbidden', 'This encounter was started from a party of another library; open that library to keep it.');
    return update(deps, party, link.members, pcs, encounterId, state);
  }
  if ((await deps.library.countParties(libraryId)) >= MAX_PARTIES) {
    return refuse('bad-request', `A library keeps at most ${MAX_PARTIES} parties; delete one first.`);
  }
  const members = pcs.map((c) => ({ id: newId(), creature: creatureOf(c), combatantId: c.id }));
  const partyId = newId();
  await deps.library.createParty(libraryId, { id: partyId, name: name ?? defaultName(state), system: state.system, members });
  await deps.library.linkPartyEncounter(partyId, encounterId, members.map((m) => ({ memberId: m.id, combatantId: m.combatantId })));
  const party = await deps.library.findParty(libraryId, partyId);
  if (!party) throw new Error('a party vanished as it was made');
  return { ok: true, party, created: true, state };
}

/** Each PC that was a member updates it; a PC added during the fight becomes a new member, linked to its seat. */
async function update(
  deps: KeepDeps,
  party: PartyRecord,
  links: readonly PartySeatLink[],
  pcs: readonly Combatant[],
  encounterId: string,
  state: EncounterState,
): Promise<KeepResult> {
  const memberOf = (c: Combatant) => links.find((l) => l.combatantId === c.id && party.members.some((m) => m.id === l.memberId))?.memberId;
  // Each PC: the member it was made from, or a new member (a PC added during the fight).
  const plan = pcs.map((c) => {
    const memberId = memberOf(c);
    return { c, memberId: memberId ?? newId(), isNew: memberId === undefined };
  });
  const added: PartyMemberRecord[] = plan.filter((p) => p.isNew).map((p) => ({ id: p.memberId, creature: creatureOf(p.c) }));
  // Checked before anything is written: the party is updated whole, or not at all.
  if (party.members.length + added.length > MAX_PARTY_MEMBERS) {
    return refuse('bad-request', `A party has at most ${MAX_PARTY_MEMBERS} members; ${party.name} has ${party.members.length}.`);
  }
  for (const p of plan) if (!p.isNew) await deps.library.updatePartyMember(party.libraryId, party.id, p.memberId, creatureOf(p.c));
  if (added.length > 0) await deps.library.addPartyMembers(party.libraryId, party.id, added);
  await deps.library.setPartyEncounterLinks(encounterId, plan.map((p) => ({ memberId: p.memberId, combatantId: p.c.id })));
  const updated = await deps.library.findParty(party.libraryId, party.id);
  if (!updated) throw new Error('a party vanished as it was updated');
  return { ok: true, party: updated, created: false, state };
}
