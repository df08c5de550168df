import { StoredList } from '../lib/stored-list.js';

/** A seat this phone holds: reloading `/play#e=<id>` finds its token here. */
export interface StoredSeat {
  readonly encounterId: string;
  readonly seatToken: string;
  readonly name: string;
}

const MAX_STORED_SEATS = 20;

export const storedSeats = new StoredList<StoredSeat>('roundkeeper.play.seats', (s) => s.encounterId, MAX_STORED_SEATS);
