import type { ErrorBody, VersionedView } from '@roundkeeper/protocol';
import type { ViewPatch } from '@roundkeeper/protocol/view-patch';
import type { OwnPart, PublicView } from '@roundkeeper/protocol/shared-view';
import type { EncounterView } from '@roundkeeper/rules';
import type { AudienceChannel, Broadcaster, Disconnector } from '../encounters/broadcaster.js';
import type { AudienceTable } from './audience-table.js';
import { allRoomNames, audienceRoomNames, sharedChannelRoomName, sharedRoomName } from './audience-rooms.js';
import type { PresenceNotifier } from './presence.js';
import type { GatewayServer } from './socket-server.js';

/**
 * The rooms' Broadcaster and the access service's Disconnector over Socket.IO: one emit per audience
 * room (Socket.IO encodes the frame once for all its sockets), to this node's sockets only. Every node
 * sends its own, in order, after its room has caught up (room.ts), so a client sees versions strictly
 * increasing whichever node committed them.
 */
export class SocketBroadcaster implements Broadcaster, Disconnector {
  /** Notices not yet sent: the highest version per encounter committed in this turn of the event loop. */
  private readonly unsentNotices = new Map<string, number>();

  constructor(
    private readonly io: GatewayServer,
    private readonly table: AudienceTable,
    private readonly presence: PresenceNotifier,
    /** Several nodes: notices and disconnections reach the others through the adapter. */
    private readonly clustered: boolean,
  ) {}

  audiences(encounterId: string): readonly AudienceChannel[] {
    return this.table.audiences(encounterId);
  }

  publish(encounterId: string, channel: AudienceChannel, message: VersionedView, patch: () => ViewPatch | undefined): void {
    const counts = this.table.count(encounterId, channel);
    // A seat whose sockets all take shared views has none here: nothing to name or make.
    if (counts.whole === 0 && counts.patch === 0) return;
    const [wholeRoom, patchRoom] = audienceRoomNames(encounterId, channel);
    // Read only when sent: the room may hand a view that is projected when first read (a seat's).
    const whole = (): VersionedView => ({ version: message.version, view: message.view });
    if (counts.whole > 0) this.io.local.to(wholeRoom).emit('view', whole());
    if (counts.patch === 0) return;
    // The change from the view every socket of the patch room holds; the whole view when none is known.
    const change = patch();
    if (!change) return void this.io.local.to(patchRoom).emit('view', whole());
    this.io.local.to(patchRoom).emit('view-patch', change);
  }

  publishOwn(encounterId: string, channel: AudienceChannel, own: OwnPart): void {
    if (this.table.count(encounterId, channel).shared === 0) return;
    this.io.local.to(sharedChannelRoomName(encounterId, channel)).emit('own', own);
  }

  publishPublic(encounterId: string, message: PublicView<EncounterView>, patch: () => ViewPatch | undefined): void {
    if (this.table.sharedCount(encounterId) === 0) return;
    // One emit for the table: Socket.IO encodes the frame once for all its sockets.
    const room = this.io.local.to(sharedRoomName(encounterId));
    const change = patch();
    if (change) room.emit('public-patch', change);
    else room.emit('public-view', message);
  }

  /**
   * Tells the other nodes, batched: every command committed in this turn of the event loop (a group
   * commit resolves up to 32 at once) goes in one Redis stream entry, which each node reads and
   * decodes once, instead of one entry per command (docs/performance-log.md, two nodes).
   */
  announce(encounterId: string, version: number): void {
    if (!this.clustered) return;
    if (this.unsentNotices.size === 0) setImmediate(() => this.sendNotices());
    this.unsentNotices.set(encounterId, Math.max(version, this.unsentNotices.get(encounterId) ?? 0));
  }

  private sendNotices(): void {
    const notices = [...this.unsentNotices].map(([encounterId, version]) => ({ encounterId, version }));
    this.unsentNotices.clear();
    this.io.serverSideEmit('encounters-advanced', notices);
  }

  disconnect(encounterId: string, channel: AudienceChannel, reason: ErrorBody): void {
    const rooms = allRoomNames(encounterId, channel);
    // This node's sockets first, without waiting for Redis: a removed seat must stop hearing at once.
    this.io.local.to(rooms).emit('removed', reason);
    // Engine.IO flushes the 'removed' packet before closing.
    this.io.local.in(rooms).disconnectSockets(true);
    // The seat is gone from the list: the GM sees it leave even when none of its sockets was here.
    if (channel.kind === 'seat') this.presence.send(encounterId);
    if (!this.clustered) return;
    // Then the same on every other node (rooms are cluster-wide through the adapter).
    this.io.to(rooms).emit('removed', reason);
    this.io.in(rooms).disconnectSockets(true);
  }
}
