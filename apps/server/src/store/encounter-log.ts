import type { CommandAck } from '@roundkeeper/protocol';
import type { EncounterEvent } from '@roundkeeper/rules';

// The encounter log: each encounter's record and its events, appended one command at a time with the
// command's answer. The rooms and the registry (encounters/) own it; the export, the import and the
// GM's log read it. Seats, the join code and the overlay link are another port (access-store.ts).

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

/** The encounter log's port: records, events, accepted commands and the checkpoints kept with them. */
export interface EncounterLog {
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
  /**
   * Appends `events` as seq expectedSeq+1… together with the command's answer, in one transaction.
   * Throws StoreConflictError when any of those seqs or the command id is already taken.
   */
  append(encounterId: string, expectedSeq: number, events: readonly EncounterEvent[], command: AcceptedCommand): Promise<void>;
  /** The answer given to an accepted command, if this command id was seen before. */
  findCommand(encounterId: string, commandId: string): Promise<CommandAck | undefined>;
}
