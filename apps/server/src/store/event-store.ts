import type { CommandAck } from '@roundkeeper/protocol';
import type { EncounterEvent } from '@roundkeeper/rules';

// The storage port. The encounter room and the routes see only this; one drizzle implementation
// serves PGlite and PostgreSQL, and its contract (test/store-contract-*.test.ts) runs on both.

export interface EncounterRecord {
  readonly id: string;
  readonly name: string;
  readonly system: string;
  readonly createdAt: Date;
  readonly gmTokenHash: string;
  readonly spectatorTokenHash: string;
  readonly joinCode: string;
  /** The GM closed joining: no new seats. */
  readonly joinLocked: boolean;
}

export type NewEncounterRecord = Omit<EncounterRecord, 'createdAt' | 'joinLocked'>;

export interface StoredEvent {
  /** 1 for the 'encounter-created' event; the encounter's version is the seq of its last event. */
  readonly seq: number;
  readonly event: EncounterEvent;
  readonly commandId: string | null;
}

/** An event with the time it was stored: what the GM's log shows. */
export interface LoggedEvent extends StoredEvent {
  readonly createdAt: Date;
}

/** `after`: the first `limit` events with a greater seq; `before`: the last `limit` with a smaller one. */
export interface LogRange {
  readonly direction: 'after' | 'before';
  readonly seq: number;
  readonly limit: number;
}

export interface SeatRecord {
  readonly id: string;
  readonly encounterId: string;
  readonly combatantId: string;
  readonly tokenHash: string;
  readonly createdAt: Date;
}

export type NewSeatRecord = Omit<SeatRecord, 'createdAt'>;

export interface AcceptedCommand {
  readonly commandId: string;
  readonly ack: CommandAck;
  /** The audience counts after this command, kept with it so a load need not count the log again. */
  readonly checkpoint?: AudienceCheckpoint;
}

/**
 * The per-audience version counts at one command boundary (`seq`, the log's seq there): the public
 * view's version and each followed seat's own version, by PC id (seats of PCs removed since stay
 * followed). See AudienceVersions, which makes and resumes them.
 */
export interface AudienceCheckpoint {
  readonly seq: number;
  readonly public: number;
  readonly seats: Readonly<Record<string, number>>;
}

/** Seq of the creation event: a new encounter is at version 1. */
export const FIRST_SEQ = 1;

/**
 * Another writer got there first: the (encounter, seq) or (encounter, command id) row already exists.
 * The room reloads from the store and retries once.
 */
export class StoreConflictError extends Error {
  constructor(
    readonly encounterId: string,
    readonly expectedSeq: number,
  ) {
    super(`encounter ${encounterId} moved past version ${expectedSeq} in the store`);
    this.name = 'StoreConflictError';
  }
}

/** What a socket's handshake reads in one round trip (findEncounterWithSeat). */
export interface EncounterWithSeat {
  readonly record: EncounterRecord;
  /** The seq of the encounter's last event when it was read. */
  readonly latestSeq: number;
  readonly seat: SeatRecord | undefined;
}

export interface EventStore {
  /**
   * Writes the record, its creation event (seq 1) and, for an import, the rest of its log (seq 2…), in
   * one transaction. Returns false when the join code is already used.
   */
  createEncounter(record: NewEncounterRecord, created: EncounterEvent, rest?: readonly EncounterEvent[]): Promise<boolean>;
  findEncounter(encounterId: string): Promise<EncounterRecord | undefined>;
  /** The encounters whose GM token hashes are among `gmTokenHashes`, newest first. */
  findEncountersByGmTokenHashes(gmTokenHashes: readonly string[]): Promise<readonly EncounterRecord[]>;
  load(encounterId: string): Promise<{ readonly record: EncounterRecord; readonly events: readonly StoredEvent[] } | undefined>;
  /** The events after `afterSeq`, in seq order: how a room whose cache is behind catches up cheaply. */
  loadSince(encounterId: string, afterSeq: number): Promise<readonly StoredEvent[]>;
  /** One page of the log for the GM, in seq order whichever the direction. */
  readLog(encounterId: string, range: LogRange): Promise<readonly LoggedEvent[]>;
  /**
   * Encounters not ended, with an event stored since `activeSince`, whose turn timer was set to auto-end
   * at some point: after a restart the server loads them so a pending deadline still fires (a superset;
   * each room's state decides).
   */
  findTimedEncounters(activeSince: Date): Promise<readonly string[]>;
  /** Seq of the last event (the encounter's version), or undefined when there is no such encounter. */
  latestSeq(encounterId: string): Promise<number | undefined>;
  /** The latest audience checkpoint kept with a command (AcceptedCommand.checkpoint), if any is and it reads as one. */
  latestCheckpoint(encounterId: string): Promise<AudienceCheckpoint | undefined>;
  setJoinLocked(encounterId: string, locked: boolean): Promise<void>;
  /** Replaces the spectator token's hash: the old token stops opening anything. */
  setSpectatorTokenHash(encounterId: string, spectatorTokenHash: string): Promise<void>;
  /** Returns false when another encounter already uses `joinCode`. */
  setJoinCode(encounterId: string, joinCode: string): Promise<boolean>;
  findByJoinCode(joinCode: string): Promise<EncounterRecord | undefined>;
  /**
   * Appends `events` as seq expectedSeq+1… together with the command's answer, in one transaction.
   * Throws StoreConflictError when any of those seqs or the command id is already taken.
   */
  append(encounterId: string, expectedSeq: number, events: readonly EncounterEvent[], command: AcceptedCommand): Promise<void>;
  /** The answer given to an accepted command, if this command id was seen before. */
  findCommand(encounterId: string, commandId: string): Promise<CommandAck | undefined>;
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
