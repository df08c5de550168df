import type { SeatOffer } from '@roundkeeper/protocol';
import type { SeatOfferNotifier } from '../library/seat-offers.js';
import { audienceRoomNames } from './audience-rooms.js';
import type { GatewayServer } from './socket-server.js';

/**
 * Emits a seat offer to one seat's sockets (both of its audience rooms), through the adapter so every
 * node's sockets of that seat hear it. Only that seat's phones are in those rooms.
 */
export function socketSeatOffers(io: GatewayServer): SeatOfferNotifier {
  return {
    offer(encounterId: string, seatId: string, offer: SeatOffer): void {
      io.to(audienceRoomNames(encounterId, { kind: 'seat', seatId, combatantIds: [] })).emit('seat-offer', offer);
    },
  };
}
