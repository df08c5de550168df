import type { Party } from '@roundkeeper/protocol';
import type { PartyRecord } from './library-store.js';

/** A party as the API answers it. */
export const partyOf = (p: PartyRecord): Party => ({
  partyId: p.id,
  name: p.name,
  system: p.system,
  createdAt: p.createdAt.toISOString(),
  members: p.members.map((m) => ({ memberId: m.id, creature: m.creature })),
});
