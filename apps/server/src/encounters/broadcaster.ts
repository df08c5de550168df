import type { ErrorBody, VersionedView } from '@roundkeeper/protocol';
import type { ViewPatch } from '@roundkeeper/protocol/view-patch';
import type { OwnPart, PublicView } from '@roundkeeper/protocol/shared-view';
import type { EncounterView } from '@roundkeeper/rules';
import type { Audience, CombatantId } from '@roundkeeper/rules';

/** One audience of one encounter: every socket in it receives the same projection. */
export type AudienceChannel =
  | { readonly kind: 'gm' }
  | { readonly kind: 'public' }
  | { readonly kind: 'seat'; readonly seatId: string; readonly combatantIds: readonly CombatantId[] };

/**
 * The port through which a room tells the world about a new state, handed to the registry when it is
 * made. The realtime layer implements it by emitting once per audience room to this node's sockets;
 * the room never sees a socket.
 */
export interface Broadcaster {
  /**
   * The audiences with at least one socket on this node. The room projects only for these; a room
   * with none may leave memory (whoever joins later gets a fresh view on connect).
   */
  audiences(encounterId: string): readonly AudienceChannel[];
  /**
   * A new view of one audience: called only when that audience's view changed (an audience that can
   * see no change hears nothing). `patch` gives the change from the view every socket of the channel
   * on this node holds (undefined when none is known): sockets that asked for patches get it. Called
   * only when needed. `message.view` may be worked out when first read (a seat's view): read it only
   * to send it.
   */
  publish(encounterId: string, channel: AudienceChannel, message: VersionedView, patch: () => ViewPatch | undefined): void;
  /**
   * Shared views: a seat's own part changed. Called before `publishPublic` for the same command, so a
   * client holds the own part before the public change it goes with.
   */
  publishOwn(encounterId: string, channel: AudienceChannel, own: OwnPart): void;
  /**
   * Shared views: the public view changed. Once for the whole table (every shared socket, player or
   * spectator, gets the same frame); `patch` as in `publish`.
   */
  publishPublic(encounterId: string, message: PublicView<EncounterView>, patch: () => ViewPatch | undefined): void;
  /** Tells the other nodes, if any, that this node committed the encounter's events up to `version`. */
  announce(encounterId: string, version: number): void;
}

/**
 * The port through which access changes reach connected clients: a removed seat, a replaced overlay
 * link. Kept apart from the Broadcaster: rooms publish states, only the access service revokes.
 */
export interface Disconnector {
  /** Tells every client of the channel why, then closes them for good, on every node. */
  disconnect(encounterId: string, channel: AudienceChannel, reason: ErrorBody): void;
}

/** For rooms with nobody to tell (tests, tools that replay encounters). */
export const silentBroadcaster: Broadcaster = {
  audiences: () => [],
  publish: () => {},
  publishOwn: () => {},
  publishPublic: () => {},
  announce: () => {},
};

/** Whom the projection for a channel is made for. */
export function audienceOfChannel(channel: AudienceChannel): Audience {
  switch (channel.kind) {
    case 'gm':
      return { role: 'gm' };
    case 'public':
      return { role: 'spectator' };
    case 'seat':
      return { role: 'player', combatantIds: channel.combatantIds };
    default: {
      const unreachable: never = channel;
      throw new Error(`unknown channel ${JSON.stringify(unreachable)}`);
    }
  }
}
