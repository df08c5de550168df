import type { Actor, Audience, CombatantId } from '@roundkeeper/rules';
import type { AccessStore } from '../store/access-store.js';
import { hashMatches, sha256Hex } from './secrets.js';

/** Who a token belongs to, within one encounter. */
export type Principal =
  | { readonly role: 'gm' }
  | { readonly role: 'player'; readonly seatId: string; readonly combatantIds: readonly CombatantId[] }
  | { readonly role: 'spectator' };

/** Resolves a token to its role, or undefined when the token opens nothing in this encounter. */
export async function resolvePrincipal(store: AccessStore, encounterId: string, token: string): Promise<Principal | undefined> {
  return (await admit(store, encounterId, token))?.principal;
}

/** Who a token belongs to, and the encounter's latest seq read with it (a socket's first view is no older). */
export interface Admission {
  readonly principal: Principal;
  readonly latestSeq: number;
}

/** One query whoever the token belongs to: the encounter's hashes, its latest seq, and the seat the hash opens if any. */
export async function admit(store: AccessStore, encounterId: string, token: string): Promise<Admission | undefined> {
  const tokenHash = sha256Hex(token);
  const found = await store.findEncounterWithSeat(encounterId, tokenHash);
  if (!found) return undefined;
  const { record, seat, latestSeq } = found;
  const principal: Principal | undefined = hashMatches(tokenHash, record.gmTokenHash)
    ? { role: 'gm' }
    : hashMatches(tokenHash, record.spectatorTokenHash)
      ? { role: 'spectator' }
      : seat && { role: 'player', seatId: seat.id, combatantIds: [seat.combatantId] };
  return principal && { principal, latestSeq };
}

export function audienceOf(principal: Principal): Audience {
  switch (principal.role) {
    case 'gm':
      return { role: 'gm' };
    case 'player':
      return { role: 'player', combatantIds: principal.combatantIds };
    case 'spectator':
      return { role: 'spectator' };
    default: {
      const unreachable: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Spectators only watch: they have no actor. */
export function actorOf(principal: Principal): Actor | undefined {
  switch (principal.role) {
    case 'gm':
      return { role: 'gm' };
    case 'player':
      return { role: 'player', combatantIds: principal.combatantIds };
    case 'spectator':
      return undefined;
    default: {
      const unreachable: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(unreachable)}`);
    }
  }
}
