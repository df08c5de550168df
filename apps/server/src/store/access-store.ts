import type { EncounterRecord } from './encounter-log.js';

// Who may open an encounter besides its GM: the seats players take (which token opens which PC), the
// join code and its lock, and the overlay link. Owned by the access service (encounters/access.ts). Not
// game state: none of it is in the log, so exports and replays carry no token hash.

export interface SeatRecord {
  readonly id: string;
  readonly encounterId: string;
  readonly combatantId: string;
  readonly tokenHash: string;
  readonly createdAt: Date;
}

export type NewSeatRecord = Omit<SeatRecord, 'createdAt'>;

/** What a socket's handshake reads in one round trip (findEncounterWithSeat). */
export interface EncounterWithSeat {
  readonly record: EncounterRecord;
  /** The seq of the encounter's last event when it was read. */
  readonly latestSeq: number;
  readonly seat: SeatRecord | undefined;
}

/** The access port: seats, the join code and its lock, the spectator token. */
export interface AccessStore {
  setJoinLocked(encounterId: string, locked: boolean): Promise<void>;
  /** Replaces the spectator token's hash: the old token stops opening anything. */
  setSpectatorTokenHash(encounterId: string, spectatorTokenHash: string): Promise<void>;
  /** Returns false when another encounter already uses `joinCode`. */
  setJoinCode(encounterId: string, joinCode: string): Promise<boolean>;
  findByJoinCode(joinCode: string): Promise<EncounterRecord | undefined>;
  /** Returns false when another seat holds this combatant already. */
  takeSeat(seat: NewSeatRecord): Promise<boolean>;
  findSeatByTokenHash(encounterId: string, tokenHash: string): Promise<SeatRecord | undefined>;
  /**
   * The encounter, its latest seq and, when `tokenHash` is a seat's token in it, that seat: one round
   * trip for a socket's handshake (every phone of a table reconnecting at once asks this). The seq is
   * read after the socket asked to connect, so its first view need be no older (no second look).
   */
  findEncounterWithSeat(encounterId: string, tokenHash: string): Promise<EncounterWithSeat | undefined>;
  /** Oldest first; seats taken within the same clock tick (PGlite counts milliseconds) in id order. */
  listSeats(encounterId: string): Promise<readonly SeatRecord[]>;
  /** Deletes the seat (its token stops working). Returns false when there was no such seat. */
  removeSeat(encounterId: string, seatId: string): Promise<boolean>;
}
