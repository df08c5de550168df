import type { SeatOffer } from '@roundkeeper/protocol';

/**
 * The port through which a seat of a party's previous encounter hears that its PC has a seat in the
 * next one. The realtime layer implements it by emitting to that seat's sockets, on every node; the
 * offer opens nothing by itself (claiming it takes the seat's token).
 */
export interface SeatOfferNotifier {
  offer(encounterId: string, seatId: string, offer: SeatOffer): void;
}
