import type { Actor, Audience, CombatantId } from '@roundkeeper/rules';
import type { EventStore } from '../store/event-store.js';
import { hashMatches, sha256Hex } from './secrets.js';

/** Who a token belongs to, within one encounter. */
export type Principal =
  | { readonly role: 'gm' }
  | { readonly role: 'player'; readonly seatId: string; readonly combatantIds: readonly CombatantId[] }
  | { readonly role: 'spectator' };

/** Resolves a socket's token to its role, or undefined when the token opens nothing in this encounter. */
export async function resolvePrincipal(store: EventStore, encounterId: string, token: string): Promise<Principal | undefined> {
  const tokenHash = sha256Hex(token);
  // One query whoever the token belongs to: the encounter's hashes, and the seat the hash opens if any.
  const found = await store.findEncounterWithSeat(encounterId, tokenHash);
  if (!found) return undefined;
  const { record, seat } = found;
  if (hashMatches(tokenHash, record.gmTokenHash)) return { role: 'gm' };
  if (hashMatches(tokenHash, record.spectatorTokenHash)) return { role: 'spectator' };
  return seat ? { role: 'player', seatId: seat.id, combatantIds: [seat.combatantId] } : undefined;
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
