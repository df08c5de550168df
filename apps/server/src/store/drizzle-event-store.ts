import { and, asc, eq } from 'drizzle-orm';
import type { CommandAck } from '@roundkeeper/protocol';
import type { EncounterEvent } from '@roundkeeper/rules';
import type { Db } from '../db/client.js';
import { commands, encounters, events, seats } from '../db/schema/index.js';
import {
  FIRST_SEQ,
  StoreConflictError,
  type AcceptedCommand,
  type EncounterRecord,
  type EventStore,
  type NewEncounterRecord,
  type NewSeatRecord,
  type SeatRecord,
  type StoredEvent,
} from './event-store.js';

/**
 * The event store over drizzle; the same code runs on PGlite and node-postgres. Conflicts are found
 * with `on conflict do nothing … returning` rather than by matching driver error codes, so both
 * drivers report them the same way; a short count aborts the transaction.
 */
export class DrizzleEventStore implements EventStore {
  constructor(private readonly db: Db) {}

  async createEncounter(record: NewEncounterRecord, created: EncounterEvent): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(encounters)
        .values(record)
        .onConflictDoNothing({ target: encounters.joinCode })
        .returning({ id: encounters.id });
      if (inserted.length === 0) return false;
      await tx.insert(events).values({ encounterId: record.id, seq: FIRST_SEQ, type: created.type, payload: created, commandId: null });
      return true;
    });
  }

  async findEncounter(encounterId: string): Promise<EncounterRecord | undefined> {
    const [record] = await this.db.select().from(encounters).where(eq(encounters.id, encounterId));
    return record;
  }

  async load(encounterId: string): Promise<{ record: EncounterRecord; events: StoredEvent[] } | undefined> {
    const record = await this.findEncounter(encounterId);
    if (!record) return undefined;
    const rows = await this.db
      .select({ seq: events.seq, event: events.payload, commandId: events.commandId })
      .from(events)
      .where(eq(events.encounterId, encounterId))
      .orderBy(asc(events.seq));
    return { record, events: rows };
  }

  async findByJoinCode(joinCode: string): Promise<EncounterRecord | undefined> {
    const [record] = await this.db.select().from(encounters).where(eq(encounters.joinCode, joinCode));
    return record;
  }

  async append(
    encounterId: string,
    expectedSeq: number,
    newEvents: readonly EncounterEvent[],
    command: AcceptedCommand,
  ): Promise<void> {
    if (newEvents.length === 0) throw new Error('append needs at least one event');
    const version = expectedSeq + newEvents.length;
    await this.db.transaction(async (tx) => {
      const written = await tx
        .insert(events)
        .values(
          newEvents.map((event, i) => ({
            encounterId,
            seq: expectedSeq + 1 + i,
            type: event.type,
            payload: event,
            commandId: command.commandId,
          })),
        )
        .onConflictDoNothing()
        .returning({ seq: events.seq });
      if (written.length !== newEvents.length) throw new StoreConflictError(encounterId, expectedSeq);
      const recorded = await tx
        .insert(commands)
        .values({ encounterId, commandId: command.commandId, version, ack: command.ack })
        .onConflictDoNothing()
        .returning({ commandId: commands.commandId });
      if (recorded.length === 0) throw new StoreConflictError(encounterId, expectedSeq);
    });
  }

  async findCommand(encounterId: string, commandId: string): Promise<CommandAck | undefined> {
    const [row] = await this.db
      .select({ ack: commands.ack })
      .from(commands)
      .where(and(eq(commands.encounterId, encounterId), eq(commands.commandId, commandId)));
    return row?.ack;
  }

  async takeSeat(seat: NewSeatRecord): Promise<boolean> {
    const inserted = await this.db
      .insert(seats)
      .values(seat)
      .onConflictDoNothing({ target: [seats.encounterId, seats.combatantId] })
      .returning({ id: seats.id });
    return inserted.length > 0;
  }

  async findSeatByTokenHash(encounterId: string, tokenHash: string): Promise<SeatRecord | undefined> {
    const [seat] = await this.db
      .select()
      .from(seats)
      .where(and(eq(seats.encounterId, encounterId), eq(seats.tokenHash, tokenHash)));
    return seat;
  }

  async listSeats(encounterId: string): Promise<SeatRecord[]> {
    return this.db.select().from(seats).where(eq(seats.encounterId, encounterId)).orderBy(asc(seats.createdAt), asc(seats.id));
  }
}
