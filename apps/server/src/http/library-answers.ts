import type { BestiaryEntry, Creature, ErrorCode, Party } from '@roundkeeper/protocol';
import type { SystemId } from '@roundkeeper/rules';
import { creatureProblem } from '../library/creature-check.js';
import type { BestiaryRecord, PartyRecord } from '../library/library-store.js';
import { LIBRARY_ONLY } from './library-auth.js';
import { HttpError } from './http-error.js';
import type { RouteGroup } from './route-group.js';

// What the party and bestiary routes share: their guard, how the store's records are answered, and
// their refusals.

/** Every route of the library but the one that makes a library: the token opens it (library-auth). */
export const LIBRARY_ROUTES: RouteGroup = { security: LIBRARY_ONLY, refusals: ['unauthorized'] };
/** The refusals of a route that names a party, member or entry. */
export const NAMED_REFUSALS: readonly ErrorCode[] = ['bad-request', 'unauthorized', 'not-found'];

export const HTTP_CREATED = 201;
export const HTTP_NO_CONTENT = 204;

export const partyOf = (p: PartyRecord): Party => ({
  partyId: p.id,
  name: p.name,
  system: p.system,
  createdAt: p.createdAt.toISOString(),
  members: p.members.map((m) => ({ memberId: m.id, creature: m.creature })),
});

export const entryOf = (e: BestiaryRecord): BestiaryEntry => ({ entryId: e.id, system: e.system, createdAt: e.createdAt.toISOString(), creature: e.creature });

/** Refuses, changing nothing, creatures the system's rules would refuse in an encounter. */
export function checkCreatures(system: SystemId, creatures: readonly Creature[], path?: string): void {
  const problem = creatureProblem(system, creatures, path);
  if (problem !== undefined) throw new HttpError('bad-request', problem);
}

/**
 * What a library read or write found, or the route's 404. The store answers `undefined` (a read) or
 * `false` (a write that matched no row) alike for "not in this library" and "in no library", so another
 * GM's ids are indistinguishable from made-up ones.
 */
export async function orNotFound<T>(lookup: Promise<T | undefined | false>, message: string): Promise<T> {
  const found = await lookup;
  if (found === undefined || found === false) throw new HttpError('not-found', message);
  return found;
}
