import type { SeatOffer } from '@roundkeeper/protocol';
import type { SeatOfferNotifier } from '../library/seat-offers.js';
import { allRoomNames } from './audience-rooms.js';
import type { GatewayServer } from './socket-server.js';

/**
 * Emits a seat offer to one seat's sockets, through the adapter so every node's sockets of that seat hear
 * it. Every room of the seat, whatever its sockets asked for: whole views, patches, or shared views (the
 * real client's way, whose sockets join only the seat's shared room). Only that seat's phones are in them.
 */
export function socketSeatOffers(io: GatewayServer): SeatOfferNotifier {
  return {
    offer(encounterId: string, seatId: string, offer: SeatOffer): void {
      io.to(allRoomNames(encounterId, { kind: 'seat', seatId, combatantIds: [] })).emit('seat-offer', offer);
    },
  };
}
