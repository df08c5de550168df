import type { FastifyBaseLogger } from 'fastify';
import type { Presence } from '@roundkeeper/protocol';
import type { SeatRequestRecord } from '../encounters/seat-requests.js';
import type { SeatRecord } from '../store/access-store.js';
import type { AudienceTable } from './audience-table.js';
import { audienceRoomNames } from './audience-rooms.js';
import type { GatewayServer, GatewaySocket } from './socket-server.js';

const GM = { kind: 'gm' } as const;

/**
 * Tells the GM which seats have a phone connected. Per node: a seat counts as connected while it has
 * at least one socket on this node. With several nodes a GM hears only of the seats on its own node;
 * the load balancer keeps an encounter on one node.
 */
export class PresenceNotifier {
  constructor(
    private readonly io: GatewayServer,
    private readonly table: AudienceTable,
    private readonly listSeats: (encounterId: string) => Promise<readonly SeatRecord[]>,
    private readonly listRequests: (encounterId: string) => readonly SeatRequestRecord[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Encounters whose presence is being read for their GM room, and whether it changed again meanwhile.
   * At most one read per encounter is under way; changes during it are answered by one more read after
   * it, so a table whose phones all come back at once costs two reads, not one per phone.
   */
  private readonly reading = new Map<string, { changedSince: boolean }>();

  /** Sends the presence to one GM socket (its first), or else to every GM socket of the encounter here. */
  send(encounterId: string, gmSocket?: GatewaySocket): void {
    if (gmSocket) {
      this.presenceOf(encounterId)
        .then((presence) => gmSocket.connected && gmSocket.emit('presence', presence))
        .catch((error: unknown) => this.log.error({ err: error, encounterId }, 'presence failed'));
      return;
    }
    if (!this.table.listening(encounterId, GM)) return;
    const under = this.reading.get(encounterId);
    if (under) return void (under.changedSince = true);
    const read = { changedSince: false };
    this.reading.set(encounterId, read);
    this.presenceOf(encounterId)
      .then((presence) => void this.io.local.to(audienceRoomNames(encounterId, GM)).emit('presence', presence))
      .catch((error: unknown) => this.log.error({ err: error, encounterId }, 'presence failed'))
      .finally(() => {
        this.reading.delete(encounterId);
        if (read.changedSince) this.send(encounterId);
      });
  }

  private async presenceOf(encounterId: string): Promise<Presence> {
    const seats = await this.listSeats(encounterId);
    return {
      seats: seats.map((seat) => {
        const channel = { kind: 'seat', seatId: seat.id, combatantIds: [seat.combatantId] } as const;
        return { seatId: seat.id, combatantIds: [seat.combatantId], connected: this.table.listening(encounterId, channel) };
      }),
      requests: this.listRequests(encounterId).map((r) => ({ requestId: r.requestId, combatantId: r.combatantId, name: r.name, at: r.at.toISOString() })),
    };
  }
}
