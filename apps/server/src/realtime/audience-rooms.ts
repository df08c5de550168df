import type { Principal } from '../auth/principal.js';
import type { AudienceChannel } from '../encounters/broadcaster.js';

/** The Socket.IO room of one audience of one encounter: `<id>:gm`, `<id>:public`, `<id>:seat:<seatId>`. */
export function roomName(encounterId: string, channel: AudienceChannel): string {
  switch (channel.kind) {
    case 'gm':
      return `${encounterId}:gm`;
    case 'public':
      return `${encounterId}:public`;
    case 'seat':
      return `${encounterId}:seat:${channel.seatId}`;
    default: {
      const unreachable: never = channel;
      throw new Error(`unknown channel ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * The same audience's sockets that asked for patches (`viewPatches` in the handshake). Both rooms
 * together are the audience; each gets one emit per version.
 */
export function patchRoomName(encounterId: string, channel: AudienceChannel): string {
  return `${roomName(encounterId, channel)}:patch`;
}

/** Both rooms of an audience that take its views: whole views, patches. */
export function audienceRoomNames(encounterId: string, channel: AudienceChannel): [string, string] {
  return [roomName(encounterId, channel), patchRoomName(encounterId, channel)];
}

/** Every shared-view socket of the encounter, players and spectators alike: the public part goes here once. */
export function sharedRoomName(encounterId: string): string {
  return `${encounterId}:shared`;
}

/**
 * An audience's shared-view sockets (beside the encounter's shared room): a seat's own part goes here,
 * and a revocation reaches them here.
 */
export function sharedChannelRoomName(encounterId: string, channel: AudienceChannel): string {
  return `${roomName(encounterId, channel)}:shared`;
}

/** Every room of an audience, whatever its sockets asked for: to tell them all (removed, closed). */
export function allRoomNames(encounterId: string, channel: AudienceChannel): string[] {
  return [...audienceRoomNames(encounterId, channel), sharedChannelRoomName(encounterId, channel)];
}

export function channelOf(principal: Principal): AudienceChannel {
  switch (principal.role) {
    case 'gm':
      return { kind: 'gm' };
    case 'spectator':
      return { kind: 'public' };
    case 'player':
      return { kind: 'seat', seatId: principal.seatId, combatantIds: principal.combatantIds };
    default: {
      const unreachable: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(unreachable)}`);
    }
  }
}
