import type { CreateEncounterResponse, ErrorCode, NextFightRequest } from '@roundkeeper/protocol';
import { keepParty } from './keep-party.js';
import { startFromParty, type StartDeps } from './start-from-party.js';

export type NextFightResult =
  | { readonly ok: true; readonly created: CreateEncounterResponse; readonly seatsOffered: number; readonly partyId: string; readonly partyName: string }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/**
 * "Next fight with the same table", from an ended encounter: its table is kept as a party (made, or the
 * one it came from updated, keep-party.ts), then the party's next encounter starts with the PCs of this
 * one carrying their health, less what the GM's rest restores, and the chosen monsters. Every phone that
 * held a PC's seat here is offered that PC's seat there (start-from-party.ts), ad hoc or not.
 */
export async function nextFight(deps: StartDeps, libraryId: string, request: NextFightRequest): Promise<NextFightResult> {
  const room = await deps.encounters.open(request.encounterId);
  const phase = room && (await room.read((snapshot) => snapshot.state.phase));
  if (phase === undefined) return { ok: false, code: 'not-found', message: 'There is no such encounter.' };
  if (phase !== 'ended') return { ok: false, code: 'bad-request', message: 'End this encounter first: the next fight starts from one that is over.' };

  const kept = await keepParty(deps, libraryId, request.encounterId);
  if (!kept.ok) return kept;
  const link = await deps.library.findPartyEncounter(request.encounterId);
  const latest = await deps.library.findLatestPartyEncounter(kept.party.id);
  // Seats carry from one encounter to the party's very next one only (carry-over.ts).
  if (!link || latest?.encounterId !== request.encounterId) {
    return { ok: false, code: 'bad-request', message: `${kept.party.name} has fought again since this encounter: start the next fight from its latest one.` };
  }
  // The PCs still in this encounter, in the party's order; members the GM removed from it stay home.
  const memberIds = kept.party.members.filter((m) => link.members.some((l) => l.memberId === m.id)).map((m) => m.id);
  const started = await startFromParty(deps, libraryId, kept.party.id, {
    name: request.name,
    memberIds,
    monsters: request.monsters,
    carryRestores: request.restores,
  });
  if (!started.ok) return started;
  return { ok: true, created: started.created, seatsOffered: started.seatsOffered, partyId: kept.party.id, partyName: kept.party.name };
}
