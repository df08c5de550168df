import type { ErrorBody, VersionedView } from '@roundkeeper/protocol';
import type { CombatantId } from '@roundkeeper/rules';

/** One audience of one encounter: every socket in it receives the same projection. */
export type AudienceChannel =
  | { readonly kind: 'gm' }
  | { readonly kind: 'public' }
  | { readonly kind: 'seat'; readonly seatId: string; readonly combatantIds: readonly CombatantId[] };

/**
 * The port through which a room tells the world about a new state. The socket gateway implements it
 * by emitting once per audience room to this node's sockets; the room never sees a socket.
 */
export interface Broadcaster {
  /**
   * `previous` gives the channel's view as last published (undefined before the first): sockets that
   * asked for patches get the difference from it. Called only when needed, as it costs a projection.
   */
  publish(encounterId: string, channel: AudienceChannel, message: VersionedView, previous: () => VersionedView | undefined): void;
  /** Whether any socket of this node is in the channel: a view nobody here would receive is not computed. */
  listening(encounterId: string, channel: AudienceChannel): boolean;
  /** Tells every client of the channel why, then closes them for good (a removed seat), on every node. */
  close(encounterId: string, channel: AudienceChannel, reason: ErrorBody): void;
  /** Whether any socket of this node is in any audience of the encounter: its room must stay in memory. */
  hasAudience(encounterId: string): boolean;
  /** Tells the other nodes, if any, that this node committed the encounter's events up to `version`. */
  announce(encounterId: string, version: number): void;
}

export const silentBroadcaster: Broadcaster = {
  publish: () => {},
  listening: () => false,
  hasAudience: () => false,
  close: () => {},
  announce: () => {},
};
