import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CommandAck } from '@roundkeeper/protocol';
import { TURN_TIMEOUT_OPTION, type EncounterEvent } from '@roundkeeper/rules';
import type { Db } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { commands, encounters, events, seats } from '../db/schema/index.js';
import { batchedByEncounter, batchedRead } from './batched-reads.js';
import { audienceCheckpointSchema } from './checkpoints.js';
import { GroupCommit } from './group-commit.js';
import { upcast } from './upcast.js';
import type { EventStore } from './event-store.js';
import { FIRST_SEQ, StoreConflictError, type AcceptedCommand, type AudienceCheckpoint, type EncounterRecord, type LogRange, type LoggedEvent, type NewEncounterRecord, type StoredEvent } from './encounter-log.js';
import type { EncounterWithSeat, NewSeatRecord, SeatRecord } from './access-store.js';

/** Rows per INSERT when writing an imported log (PostgreSQL allows 65,535 parameters per statement). */
const INSERT_BATCH_ROWS = 1_000;
/**
 * Commands per group-commit statement. The statement has nine parameters whatever its size (arrays),
 * so this bounds only how long one batch keeps the commands behind it waiting.
 */
const MAX_COMMANDS_PER_STATEMENT = 32;

interface SeatKey {
  readonly encounterId: string;
  readonly tokenHash: string;
}

/** A log read: the events of an encounter after a seq. */
interface LogKey {
  readonly encounterId: string;
  readonly afterSeq: number;
}

const logKey = (encounterId: string, afterSeq: number): string => `${afterSeq} ${encounterId}`;

interface PendingAppend {
  readonly encounterId: string;
  readonly expectedSeq: number;
  readonly events: readonly EncounterEvent[];
  readonly command: AcceptedCommand;
}

/** Each key once, for a statement's array parameter. */
const unique = (keys: readonly string[]): string[] => [...new Set(keys)];

/** Stored events in today's shapes (store/upcast.ts): every read of the log goes through here. */
const upcastRows = <T extends { event: unknown }>(rows: T[]): (T & { event: EncounterEvent })[] =>
  rows.map((row) => {
    const event = upcast(row.event);
    return event === row.event ? (row as T & { event: EncounterEvent }) : { ...row, event };
  });

/**
 * One statement, so one round trip and atomic without BEGIN/COMMIT: the events and the commands'
 * answers are written together or not at all (a data-modifying WITH always runs to completion).
 * Rows go in as one JSON array per table (`jsonb_to_recordset`), so the statement's text is the same
 * for one append or thirty-two: no SQL to build per command, and a text PostgreSQL can plan once per
 * connection. Each table's rows are encoded once, payloads nested as they are: as text arrays (one
 * string per payload, escaped again into an array literal by the driver) an append made ~12 KB of
 * garbage per command on the server's thread (docs/performance-log.md). A JSON null is SQL's NULL.
 */
function appendStatement(appends: readonly PendingAppend[]): SQL {
  const eventRows: { e: string; s: number; t: string; p: EncounterEvent; c: string }[] = [];
  const commandRows: { e: string; c: string; v: number; a: AcceptedCommand['ack']; k: AcceptedCommand['checkpoint'] | null }[] = [];
  for (const { encounterId, expectedSeq, events: log, command } of appends) {
    log.forEach((event, i) => eventRows.push({ e: encounterId, s: expectedSeq + 1 + i, t: event.type, p: event, c: command.commandId }));
    commandRows.push({ e: encounterId, c: command.commandId, v: expectedSeq + log.length, a: command.ack, k: command.checkpoint ?? null });
  }
  return sql`
    with written as (
      insert into events (encounter_id, seq, type, payload, command_id)
      select e, s, t, p, c
      from jsonb_to_recordset(${JSON.stringify(eventRows)}::jsonb) as u(e text, s int, t text, p jsonb, c text)
      returning seq
    )
    insert into commands (encounter_id, command_id, version, ack, checkpoint)
    select e, c, v, a, k
    from jsonb_to_recordset(${JSON.stringify(commandRows)}::jsonb) as u(e text, c text, v int, a jsonb, k jsonb)`;
}

/**
 * The reads every socket and every command makes, prepared once per store: drizzle builds their SQL
 * once, and PostgreSQL parses and plans each once per connection (named statements) instead of on
 * every call. A reconnect storm makes tens of thousands of them (docs/performance-log.md).
 */
function preparedReads(db: Db) {
  const encounterId = sql.placeholder('encounterId');
  const logColumns = { seq: events.seq, event: events.payload, commandId: events.commandId };
  return {
    encounters: db
      .select({ encounterId: encounters.id, record: encounters })
      .from(encounters)
      .where(sql`${encounters.id} = any(${sql.placeholder('encounterIds')}::text[])`)
      .prepare('rk_encounters'),
    seatByToken: db
      .select()
      .from(seats)
      .where(and(eq(seats.encounterId, encounterId), eq(seats.tokenHash, sql.placeholder('tokenHash'))))
      .prepare('rk_seat_by_token'),
    // Many handshakes' lookups in one: the encounters with their latest seqs (each through the index),
    // each with the seats the hashes open in it.
    encountersWithSeats: db
      .select({ record: encounters, latestSeq: sql<number>`(select max(${events.seq}) from ${events} where ${events.encounterId} = ${encounters.id})`, seat: seats })
      .from(encounters)
      .leftJoin(seats, and(eq(seats.encounterId, encounters.id), sql`${seats.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`))
      .where(sql`${encounters.id} = any(${sql.placeholder('encounterIds')}::text[])`)
      .prepare('rk_encounters_with_seats'),
    seats: db
      .select({ encounterId: seats.encounterId, seat: seats })
      .from(seats)
      .where(sql`${seats.encounterId} = any(${sql.placeholder('encounterIds')}::text[])`)
      .orderBy(asc(seats.createdAt), asc(seats.id))
      .prepare('rk_seats'),
    // Each encounter's own max(seq) through the (encounter_id, seq) index: one index entry per encounter
    // however long its log, where a group by would read them all.
    latestSeqs: db
      .select({ encounterId: sql<string>`asked.id`, seq: sql<number | null>`(select max(${events.seq}) from ${events} where ${events.encounterId} = asked.id)` })
      .from(sql`unnest(${sql.placeholder('encounterIds')}::text[]) as asked(id)`)
      .prepare('rk_latest_seqs'),
    log: db.select(logColumns).from(events).where(eq(events.encounterId, encounterId)).orderBy(asc(events.seq)).prepare('rk_log'),
    // Many encounters' logs after their own seqs in one: each pair walks the (encounter_id, seq) index.
    logsSince: db
      .select({ encounterId: events.encounterId, afterSeq: sql<number>`asked.after`, seq: events.seq, event: events.payload, commandId: events.commandId })
      .from(sql`unnest(${sql.placeholder('encounterIds')}::text[], ${sql.placeholder('afterSeqs')}::int[]) as asked(id, after)`)
      .innerJoin(events, and(eq(events.encounterId, sql`asked.id`), gt(events.seq, sql`asked.after`)))
      .orderBy(asc(events.encounterId), asc(sql`asked.after`), asc(events.seq))
      .prepare('rk_logs_since'),
    command: db
      .select({ ack: commands.ack })
      .from(commands)
      .where(and(eq(commands.encounterId, encounterId), eq(commands.commandId, sql.placeholder('commandId'))))
      .prepare('rk_command'),
    // Each encounter's latest checkpoint through commands_checkpoint_idx, as one subquery per encounter.
    checkpoints: db
      .select({
        encounterId: sql<string>`asked.id`,
        checkpoint: sql<unknown>`(select ${commands.checkpoint} from ${commands} where ${commands.encounterId} = asked.id and ${commands.checkpoint} is not null order by ${commands.version} desc limit 1)`,
      })
      .from(sql`unnest(${sql.placeholder('encounterIds')}::text[]) as asked(id)`)
      .prepare('rk_checkpoints'),
  };
}

/**
 * The event store over drizzle; the same code runs on PGlite and node-postgres. Conflicts are found
 * with `on conflict do nothing … returning`, or (append) by looking at the store after a failed
 * statement, rather than by matching driver error codes, so both drivers report them the same way.
 */
export class DrizzleEventStore implements EventStore {
  private readonly reads: ReturnType<typeof preparedReads>;

  constructor(private readonly db: Db) {
    this.reads = preparedReads(db);
  }

  // The reads a reconnect storm repeats for every socket and table, each batched (batched-reads.ts).
  private readonly handshake = batchedRead((keys: readonly SeatKey[]) => this.findEncountersWithSeats(keys));
  private readonly encounterRows = batchedByEncounter((ids) => this.reads.encounters.execute({ encounterIds: ids }));
  private readonly latestSeqRows = batchedByEncounter((ids) => this.reads.latestSeqs.execute({ encounterIds: ids }));
  private readonly checkpointRows = batchedByEncounter((ids) => this.reads.checkpoints.execute({ encounterIds: ids }));
  private readonly seatRows = batchedByEncounter((ids) => this.reads.seats.execute({ encounterIds: ids }));
  private readonly logs = batchedRead(async (asked: readonly LogKey[]) => {
    // Each pair once: a pair asked twice would join its rows twice.
    const pairs = [...new Map(asked.map((k) => [logKey(k.encounterId, k.afterSeq), k])).values()];
    const rows = await this.reads.logsSince.execute({ encounterIds: pairs.map((k) => k.encounterId), afterSeqs: pairs.map((k) => k.afterSeq) });
    const byKey = new Map<string, StoredEvent[]>();
    for (const { encounterId, afterSeq, ...event } of rows) {
      const key = logKey(encounterId, Number(afterSeq));
      const log = byKey.get(key);
      if (log) log.push(event);
      else byKey.set(key, [event]);
    }
    return asked.map(({ encounterId, afterSeq }) => upcastRows(byKey.get(logKey(encounterId, afterSeq)) ?? []));
  });

  /** Appends arriving together share one statement (see group-commit.ts). */
  private readonly commits = new GroupCommit<PendingAppend>(
    (append) => this.appendAlone(append),
    (appends) => this.db.execute(appendStatement(appends)).then(() => undefined),
    MAX_COMMANDS_PER_STATEMENT,
  );

  async createEncounter(record: NewEncounterRecord, created: EncounterEvent, rest: readonly EncounterEvent[] = []): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(encounters)
        .values(record)
        .onConflictDoNothing({ target: encounters.joinCode })
        .returning({ id: encounters.id });
      if (inserted.length === 0) return false;
      const log = [created, ...rest].map((event, i) => ({
        encounterId: record.id,
        seq: FIRST_SEQ + i,
        type: event.type,
        payload: event,
        commandId: null,
      }));
      // Chunked: one statement per batch keeps a long imported log under the drivers' parameter limit.
      for (let i = 0; i < log.length; i += INSERT_BATCH_ROWS) await tx.insert(events).values(log.slice(i, i + INSERT_BATCH_ROWS));
      return true;
    });
  }

  async findEncountersByGmTokenHashes(gmTokenHashes: readonly string[]): Promise<EncounterRecord[]> {
    if (gmTokenHashes.length === 0) return [];
    return this.db
      .select()
      .from(encounters)
      .where(inArray(encounters.gmTokenHash, [...gmTokenHashes]))
      .orderBy(desc(encounters.createdAt), asc(encounters.id));
  }

  loadSince(encounterId: string, afterSeq: number): Promise<StoredEvent[]> {
    return this.logs({ encounterId, afterSeq });
  }

  async readLog(encounterId: string, { direction, seq, limit }: LogRange): Promise<LoggedEvent[]> {
    const before = direction === 'before';
    // Walks the (encounter_id, seq) unique index from the cursor: a page costs its own rows only.
    const rows = await this.db
      .select({ seq: events.seq, event: events.payload, commandId: events.commandId, createdAt: events.createdAt })
      .from(events)
      .where(and(eq(events.encounterId, encounterId), before ? lt(events.seq, seq) : gt(events.seq, seq)))
      .orderBy(before ? desc(events.seq) : asc(events.seq))
      .limit(limit);
    return upcastRows(before ? rows.reverse() : rows);
  }

  async findTimedEncounters(activeSince: Date): Promise<string[]> {
    // Candidates only: options set to 'auto-end' at some point, not ended. The room's replay tells
    // whether a deadline is pending now (the timer may have been cleared since).
    const rows = await this.db
      .selectDistinct({ id: events.encounterId })
      .from(events)
      .where(
        and(
          inArray(events.type, ['encounter-created', 'options-set']),
          sql`${events.payload} -> 'options' ->> ${TURN_TIMEOUT_OPTION} = 'auto-end'`,
          sql`not exists (select 1 from ${events} as ended where ended.encounter_id = ${events.encounterId} and ended.type = 'encounter-ended')`,
          sql`exists (select 1 from ${events} as recent where recent.encounter_id = ${events.encounterId} and recent.created_at >= ${activeSince.toISOString()})`,
        ),
      );
    return rows.map((row) => row.id);
  }

  async latestSeq(encounterId: string): Promise<number | undefined> {
    const [row] = await this.latestSeqRows(encounterId);
    return row?.seq ?? undefined;
  }

  async latestCheckpoint(encounterId: string): Promise<AudienceCheckpoint | undefined> {
    const [row] = await this.checkpointRows(encounterId);
    const parsed = audienceCheckpointSchema.safeParse(row?.checkpoint);
    return parsed.success ? parsed.data : undefined;
  }

  async setJoinLocked(encounterId: string, locked: boolean): Promise<void> {
    await this.db.update(encounters).set({ joinLocked: locked }).where(eq(encounters.id, encounterId));
  }

  async setSpectatorTokenHash(encounterId: string, spectatorTokenHash: string): Promise<void> {
    await this.db.update(encounters).set({ spectatorTokenHash }).where(eq(encounters.id, encounterId));
  }

  async setJoinCode(encounterId: string, joinCode: string): Promise<boolean> {
    const taken = await this.db.select({ id: encounters.id }).from(encounters).where(eq(encounters.joinCode, joinCode));
    if (taken.length > 0) return false;
    try {
      await this.db.update(encounters).set({ joinCode }).where(eq(encounters.id, encounterId));
      return true;
    } catch (error) {
      // Lost a race for the same code: the unique constraint refused it. Any other failure is real.
      if (await this.findByJoinCode(joinCode)) return false;
      throw error;
    }
  }

  async findEncounter(encounterId: string): Promise<EncounterRecord | undefined> {
    const [row] = await this.encounterRows(encounterId);
    return row?.record;
  }

  async load(encounterId: string): Promise<{ record: EncounterRecord; events: StoredEvent[] } | undefined> {
    const record = await this.findEncounter(encounterId);
    if (!record) return undefined;
    return { record, events: upcastRows(await this.reads.log.execute({ encounterId })) };
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
    return this.commits.write({ encounterId, expectedSeq, events: newEvents, command });
  }

  private async appendAlone(append: PendingAppend): Promise<void> {
    const { encounterId, expectedSeq, command } = append;
    try {
      await this.db.execute(appendStatement([append]));
    } catch (error) {
      // A unique violation on (encounter, seq) or (encounter, command id) aborted the statement: nothing
      // was written. Told apart from other failures by looking, not by the drivers' error codes.
      if (await this.alreadyTaken(encounterId, expectedSeq, command.commandId)) throw new StoreConflictError(encounterId, expectedSeq);
      throw error;
    }
  }

  /**
   * Whether the seq or the command id was already taken. When the look cannot reach the database (it
   * went away between the failed append and the look; two nodes racing for a seq meet this in a
   * restart) that is the answer: the caller says busy, and the same id sent again is safe either way.
   * Any other failure to look leaves the append's own error to speak.
   */
  private async alreadyTaken(encounterId: string, expectedSeq: number, commandId: string): Promise<boolean> {
    try {
      const latest = await this.latestSeq(encounterId);
      if (latest !== undefined && latest > expectedSeq) return true;
      return (await this.findCommand(encounterId, commandId)) !== undefined;
    } catch (lookError) {
      if (isDatabaseUnavailable(lookError)) throw lookError;
      return false;
    }
  }

  async findCommand(encounterId: string, commandId: string): Promise<CommandAck | undefined> {
    const [row] = await this.reads.command.execute({ encounterId, commandId });
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
    const [seat] = await this.reads.seatByToken.execute({ encounterId, tokenHash });
    return seat;
  }

  findEncounterWithSeat(encounterId: string, tokenHash: string): Promise<EncounterWithSeat | undefined> {
    return this.handshake({ encounterId, tokenHash });
  }

  /** One statement for the lookups of a batch, each answered with its encounter and its own seat. */
  private async findEncountersWithSeats(keys: readonly SeatKey[]): Promise<(EncounterWithSeat | undefined)[]> {
    const rows = await this.reads.encountersWithSeats.execute({
      encounterIds: unique(keys.map((k) => k.encounterId)),
      tokenHashes: unique(keys.map((k) => k.tokenHash)),
    });
    const records = new Map(rows.map(({ record, latestSeq }) => [record.id, { record, latestSeq: Number(latestSeq) }]));
    const seatsFound = new Map(rows.flatMap((row) => (row.seat ? [[`${row.record.id} ${row.seat.tokenHash}`, row.seat] as const] : [])));
    return keys.map(({ encounterId, tokenHash }) => {
      const found = records.get(encounterId);
      return found && { ...found, seat: seatsFound.get(`${encounterId} ${tokenHash}`) };
    });
  }

  async removeSeat(encounterId: string, seatId: string): Promise<boolean> {
    const removed = await this.db
      .delete(seats)
      .where(and(eq(seats.encounterId, encounterId), eq(seats.id, seatId)))
      .returning({ id: seats.id });
    return removed.length > 0;
  }

  async listSeats(encounterId: string): Promise<SeatRecord[]> {
    return (await this.seatRows(encounterId)).map((row) => row.seat);
  }
}
