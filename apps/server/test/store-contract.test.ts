import { afterAll, describe, expect, it } from 'vitest';
import { createEncounter, type EncounterEvent } from '@roundkeeper/rules';
import { newId, newJoinCode, newSeed, sha256Hex } from '../src/auth/secrets.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DrizzleEventStore } from '../src/store/drizzle-event-store.js';
import { FIRST_SEQ, StoreConflictError, type EventStore, type NewSeatRecord } from '../src/store/event-store.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';

/** Resolves once the wall clock has moved to a later millisecond (a condition, not a fixed pause). */
async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() <= start) await new Promise((resolve) => setImmediate(resolve));
}

// The storage contract: every EventStore must pass this, on PGlite and on PostgreSQL. Each test is
// registered with the port methods it checks (`contract`), and the last test fails when a method of
// the store has no contract test.

type Method = keyof EventStore;

/** Every method of the port; `satisfies` makes the typecheck fail when the interface gains or loses one. */
const PORT_METHODS = {
  createEncounter: true,
  findEncounter: true,
  findEncountersByGmTokenHashes: true,
  load: true,
  loadSince: true,
  readLog: true,
  latestSeq: true,
  setJoinLocked: true,
  setSpectatorTokenHash: true,
  setJoinCode: true,
  findByJoinCode: true,
  append: true,
  findCommand: true,
  takeSeat: true,
  findSeatByTokenHash: true,
  listSeats: true,
  removeSeat: true,
  findTimedEncounters: true,
} as const satisfies Record<Method, true>;

/** Methods of DrizzleEventStore that are not part of the port (private helpers on its prototype). */
const IMPLEMENTATION_HELPERS = ['appendAlone'];

/** Which port methods have a contract test, filled in as the tests are registered. */
const covered = new Map<Method, string[]>();

const begun: EncounterEvent = { type: 'initiative-begun' };
const ended: EncounterEvent = { type: 'encounter-ended', seed: '0'.repeat(32) };
const ok = (version: number) => ({ ok: true, version }) as const;

interface NewEncounterOptions {
  readonly joinCode?: string;
  readonly gmToken?: string;
  /** The rest of an imported log: seq 2… */
  readonly rest?: readonly EncounterEvent[];
}

async function newEncounter(store: EventStore, { joinCode = newJoinCode(), gmToken = 'gm', rest }: NewEncounterOptions = {}) {
  const id = newId();
  const { seed, seedCommitment } = newSeed();
  const created = createEncounter({ id, name: 'Contract', system: 'dnd5e', seed, seedCommitment });
  const record = { id, name: 'Contract', system: 'dnd5e', gmTokenHash: sha256Hex(gmToken), spectatorTokenHash: sha256Hex('sp'), joinCode };
  return { id, created, record, stored: await store.createEncounter(record, created, rest) };
}

/** An encounter whose log is seqs 1…`length` (the creation event, then alternating events), written as an import. */
async function encounterWithLog(store: EventStore, length: number) {
  const rest = Array.from({ length: length - 1 }, (_, i) => (i % 2 === 0 ? begun : ended));
  const encounter = await newEncounter(store, { rest });
  if (!encounter.stored) throw new Error('join code collision in a test fixture');
  return encounter;
}

const seatFor = (encounterId: string, combatantId: string, id = newId()): NewSeatRecord => ({
  id,
  encounterId,
  combatantId,
  tokenHash: sha256Hex(`seat ${newId()}`),
});

describe.each(BACKENDS)('event store contract (%s)', (backend) => {
  let testDb: TestDatabase;
  let database: Database;
  let store: EventStore;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    database = await openDatabase(testDb.config);
    store = new DrizzleEventStore(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  /** A test of the port methods named in `methods`, its name prefixed with the first of them. */
  function contract(methods: readonly [Method, ...Method[]], name: string, fn: () => Promise<void>): void {
    for (const method of methods) covered.set(method, [...(covered.get(method) ?? []), name]);
    it(`${methods[0]}: ${name}`, fn);
  }

  describe('encounters', () => {
    contract(['findTimedEncounters'], '[ENG-41] lists encounters active since a moment, not ended, whose turn timer was set to auto-end, once each', async () => {
      const autoEnd = (turnTimeout: string): EncounterEvent => ({ type: 'options-set', options: { turnSeconds: 5, turnTimeout } });
      const timed = await newEncounter(store, { rest: [autoEnd('auto-end'), begun, autoEnd('auto-end')] });
      const overtime = await newEncounter(store, { rest: [autoEnd('overtime')] });
      const over = await newEncounter(store, { rest: [autoEnd('auto-end'), ended] });
      const found = await store.findTimedEncounters(new Date(Date.now() - 60_000));
      expect(found.filter((id) => id === timed.id)).toEqual([timed.id]);
      expect(found).not.toContain(overtime.id);
      expect(found).not.toContain(over.id);
      // Nothing stored since a moment still to come: nothing is listed.
      expect(await store.findTimedEncounters(new Date(Date.now() + 60_000))).not.toContain(timed.id);
    });

    contract(['createEncounter', 'load', 'findEncounter', 'findByJoinCode'], 'writes the record and its creation event at seq 1, found by id and by join code', async () => {
      const { id, created, record, stored } = await newEncounter(store);
      expect(stored).toBe(true);
      const loaded = await store.load(id);
      expect(loaded?.record).toMatchObject({ ...record, joinLocked: false });
      expect(loaded?.record.createdAt).toBeInstanceOf(Date);
      expect(loaded?.events).toEqual([{ seq: FIRST_SEQ, event: created, commandId: null }]);
      expect((await store.findByJoinCode(record.joinCode))?.id).toBe(id);
      expect(await store.findEncounter(id)).toEqual(loaded?.record);
    });

    contract(['createEncounter', 'load', 'latestSeq'], 'writes an imported log after the creation event as seqs 2…, without command ids', async () => {
      const rest = [begun, ended, begun];
      const { id, created } = await newEncounter(store, { rest });
      expect((await store.load(id))?.events).toEqual([
        { seq: 1, event: created, commandId: null },
        { seq: 2, event: begun, commandId: null },
        { seq: 3, event: ended, commandId: null },
        { seq: 4, event: begun, commandId: null },
      ]);
      expect(await store.latestSeq(id)).toBe(4);
    });

    contract(['createEncounter', 'loadSince'], 'writes an imported log longer than one insert batch whole and in order', async () => {
      const length = 2_345;
      const { id } = await encounterWithLog(store, length);
      const events = await store.loadSince(id, 0);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length }, (_, i) => i + 1));
      expect(events.at(-1)?.event).toEqual(length % 2 === 0 ? begun : ended);
    });

    contract(['createEncounter', 'latestSeq'], 'refuses a second encounter with a join code already in use, writing nothing of it or its imported log', async () => {
      const first = await newEncounter(store);
      const second = await newEncounter(store, { joinCode: first.record.joinCode, rest: [begun, ended] });
      expect(second.stored).toBe(false);
      expect(await store.load(second.id)).toBeUndefined();
      expect(await store.loadSince(second.id, 0)).toEqual([]);
      expect(await store.latestSeq(second.id)).toBeUndefined();
      expect((await store.findByJoinCode(first.record.joinCode))?.id).toBe(first.id);
    });

    contract(['findEncounter', 'load', 'findByJoinCode', 'latestSeq'], 'returns undefined for unknown encounters and join codes', async () => {
      expect(await store.load('nope')).toBeUndefined();
      expect(await store.findEncounter('nope')).toBeUndefined();
      expect(await store.findByJoinCode('ZZZZZZ')).toBeUndefined();
      expect(await store.latestSeq('nope')).toBeUndefined();
    });

    contract(['findEncountersByGmTokenHashes'], 'returns the encounters of the hashes given, newest first, skipping unknown hashes', async () => {
      const token = (n: number) => `gm-${newId()}-${n}`;
      const tokens = [token(1), token(2), token(3)];
      const ids: string[] = [];
      // One after the other, so each is newer than the one before.
      for (const gmToken of tokens) ids.push((await newEncounter(store, { gmToken })).id);
      const found = await store.findEncountersByGmTokenHashes([sha256Hex(tokens[0]!), sha256Hex('nobody'), sha256Hex(tokens[2]!)]);
      expect(found.map((r) => r.id)).toEqual([ids[2], ids[0]]);
      expect(found[0]).toEqual(await store.findEncounter(ids[2]!));
      const all = await store.findEncountersByGmTokenHashes(tokens.map(sha256Hex));
      expect(all.map((r) => r.id)).toEqual([...ids].reverse());
    });

    contract(['findEncountersByGmTokenHashes'], 'returns every encounter of one GM token, and nothing for no hashes or only unknown ones', async () => {
      const gmToken = `gm-${newId()}`;
      const older = await newEncounter(store, { gmToken });
      const newer = await newEncounter(store, { gmToken });
      expect((await store.findEncountersByGmTokenHashes([sha256Hex(gmToken)])).map((r) => r.id)).toEqual([newer.id, older.id]);
      expect(await store.findEncountersByGmTokenHashes([])).toEqual([]);
      expect(await store.findEncountersByGmTokenHashes([sha256Hex(`unknown-${newId()}`)])).toEqual([]);
    });

    contract(['setJoinLocked', 'findEncounter', 'findByJoinCode'], 'locks and unlocks joining for one encounter only', async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      await store.setJoinLocked(a.id, true);
      expect((await store.findEncounter(a.id))?.joinLocked).toBe(true);
      expect((await store.findByJoinCode(a.record.joinCode))?.joinLocked).toBe(true);
      expect((await store.load(a.id))?.record.joinLocked).toBe(true);
      expect((await store.findEncounter(b.id))?.joinLocked).toBe(false);
      await store.setJoinLocked(a.id, false);
      expect((await store.findEncounter(a.id))?.joinLocked).toBe(false);
    });

    contract(['setSpectatorTokenHash'], 'replaces the spectator token hash of one encounter only', async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      await store.setSpectatorTokenHash(a.id, sha256Hex('new overlay'));
      expect((await store.findEncounter(a.id))?.spectatorTokenHash).toBe(sha256Hex('new overlay'));
      expect((await store.findEncounter(b.id))?.spectatorTokenHash).toBe(sha256Hex('sp'));
    });

    contract(['setJoinCode', 'findByJoinCode'], 'gives an encounter a new join code: the new one finds it, the old one nothing', async () => {
      const { id, record } = await newEncounter(store);
      const code = newJoinCode();
      expect(await store.setJoinCode(id, code)).toBe(true);
      expect((await store.findByJoinCode(code))?.id).toBe(id);
      expect(await store.findByJoinCode(record.joinCode)).toBeUndefined();
      expect((await store.findEncounter(id))?.joinCode).toBe(code);
      // The old code is free again.
      const other = await newEncounter(store);
      expect(await store.setJoinCode(other.id, record.joinCode)).toBe(true);
      expect((await store.findByJoinCode(record.joinCode))?.id).toBe(other.id);
    });

    contract(['setJoinCode'], "returns false for a code another encounter uses, changing neither encounter's code", async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      expect(await store.setJoinCode(b.id, a.record.joinCode)).toBe(false);
      expect((await store.findEncounter(b.id))?.joinCode).toBe(b.record.joinCode);
      expect((await store.findByJoinCode(a.record.joinCode))?.id).toBe(a.id);
    });
  });

  describe('the log', () => {
    contract(['append', 'load', 'latestSeq'], 'appends events after the expected seq with their command id, and loads them in seq order', async () => {
      const { id } = await newEncounter(store);
      await store.append(id, 1, [begun], { commandId: 'cmd-0001', ack: ok(2) });
      await store.append(id, 2, [begun, begun, ended], { commandId: 'cmd-0002', ack: ok(5) });
      const loaded = await store.load(id);
      expect(loaded?.events.map((e) => [e.seq, e.commandId])).toEqual([
        [1, null],
        [2, 'cmd-0001'],
        [3, 'cmd-0002'],
        [4, 'cmd-0002'],
        [5, 'cmd-0002'],
      ]);
      expect(loaded?.events.at(-1)).toEqual({ seq: 5, event: ended, commandId: 'cmd-0002' });
      expect(await store.latestSeq(id)).toBe(5);
    });

    contract(['append', 'findCommand'], 'fails with a StoreConflictError when a seq is taken, and writes none of the batch', async () => {
      const { id } = await newEncounter(store);
      await store.append(id, 1, [begun], { commandId: 'cmd-a', ack: ok(2) });
      // A second writer that still believes the encounter is at version 1: seq 2 is taken, seq 3 is free.
      const stale = store.append(id, 1, [begun, ended], { commandId: 'cmd-b', ack: ok(3) });
      await expect(stale).rejects.toBeInstanceOf(StoreConflictError);
      await expect(stale).rejects.toMatchObject({ encounterId: id, expectedSeq: 1 });
      expect((await store.load(id))?.events.map((e) => e.seq)).toEqual([1, 2]);
      expect(await store.latestSeq(id)).toBe(2);
      expect(await store.findCommand(id, 'cmd-b')).toBeUndefined();
    });

    contract(['append', 'findCommand'], 'fails with a StoreConflictError when the command id was seen, writing nothing, at free seqs too', async () => {
      const { id } = await newEncounter(store);
      await store.append(id, 1, [begun], { commandId: 'once-only', ack: ok(2) });
      const again = store.append(id, 2, [ended, begun], { commandId: 'once-only', ack: ok(4) });
      await expect(again).rejects.toBeInstanceOf(StoreConflictError);
      expect((await store.load(id))?.events.map((e) => e.seq)).toEqual([1, 2]);
      // The first answer stands.
      expect(await store.findCommand(id, 'once-only')).toEqual(ok(2));
    });

    contract(['append'], 'lets exactly one of two concurrent writers of the same seq succeed', async () => {
      const { id } = await newEncounter(store);
      const results = await Promise.allSettled([
        store.append(id, 1, [begun], { commandId: 'race-1', ack: ok(2) }),
        store.append(id, 1, [ended], { commandId: 'race-2', ack: ok(2) }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(StoreConflictError);
      const events = (await store.load(id))?.events ?? [];
      expect(events).toHaveLength(2);
      const winner = results[0]?.status === 'fulfilled' ? 'race-1' : 'race-2';
      expect(events[1]?.commandId).toBe(winner);
    });

    contract(['append'], 'fails with the database error, not a conflict, for an encounter that does not exist', async () => {
      const error = await store.append(`missing-${newId()}`, 1, [begun], { commandId: 'orphan', ack: ok(2) }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(StoreConflictError);
    });

    contract(['append', 'findCommand', 'load'], 'writes appends of many encounters at different versions arriving together, each at its own seqs (group commit)', async () => {
      // Different versions and batch sizes: the shared statement must number each encounter's events itself.
      const tables = await Promise.all(Array.from({ length: 8 }, (_, i) => encounterWithLog(store, 1 + (i % 3))));
      const versions = tables.map((_, i) => 1 + (i % 3));
      const statements = countingExecutes(database);
      const results = await Promise.allSettled(
        tables.map(({ id }, i) => {
          const events = Array.from({ length: 1 + (i % 2) }, () => begun);
          return store.append(id, versions[i]!, events, { commandId: `together-${i}`, ack: ok(versions[i]! + events.length) });
        }),
      );
      const appendStatements = statements.stop();
      expect(results.map((r) => r.status)).toEqual(Array(tables.length).fill('fulfilled'));
      // The first append is written alone; the others arrive while it is written and share the next statement.
      expect(appendStatements).toBeLessThan(tables.length);
      for (const [i, { id }] of tables.entries()) {
        const added = 1 + (i % 2);
        const events = (await store.load(id))?.events ?? [];
        expect(events.map((e) => e.seq)).toEqual(Array.from({ length: versions[i]! + added }, (_, s) => s + 1));
        expect(events.slice(versions[i]).map((e) => e.commandId)).toEqual(Array(added).fill(`together-${i}`));
        expect(await store.findCommand(id, `together-${i}`)).toEqual(ok(versions[i]! + added));
      }
    });

    contract(['append', 'findCommand'], 'fails only the conflicting one of many appends arriving together (a failed group commit is retried one by one)', async () => {
      const tables = await Promise.all(Array.from({ length: 6 }, () => newEncounter(store)));
      const retried = await newEncounter(store);
      await store.append(retried.id, 1, [begun], { commandId: 'seen-before', ack: ok(2) });
      const appends = tables.map(({ id }, i) => store.append(id, 1, [begun, begun], { commandId: `together-${i}`, ack: ok(3) }));
      // Same seq as the first table's append, from a writer that did not see it: only this one may fail.
      const stale = store.append(tables[0]!.id, 1, [ended], { commandId: 'late', ack: ok(2) });
      // At a free seq, but with a command id this encounter has already accepted: refused too.
      const repeated = store.append(retried.id, 2, [ended], { commandId: 'seen-before', ack: ok(3) });
      const results = await Promise.allSettled([...appends, stale, repeated]);
      expect(results.slice(0, tables.length).map((r) => r.status)).toEqual(Array(tables.length).fill('fulfilled'));
      for (const refused of results.slice(tables.length)) {
        expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(StoreConflictError);
      }
      for (const [i, { id }] of tables.entries()) {
        expect((await store.load(id))?.events.map((e) => [e.seq, e.commandId])).toEqual([
          [1, null],
          [2, `together-${i}`],
          [3, `together-${i}`],
        ]);
        expect(await store.findCommand(id, `together-${i}`)).toEqual(ok(3));
      }
      expect(await store.findCommand(tables[0]!.id, 'late')).toBeUndefined();
      expect(await store.latestSeq(retried.id)).toBe(2);
      expect(await store.findCommand(retried.id, 'seen-before')).toEqual(ok(2));
    });

    contract(['findCommand'], 'returns the recorded answer of an accepted command, per encounter, and undefined for any other', async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      await store.append(a.id, 1, [begun], { commandId: 'shared-id', ack: ok(2) });
      expect(await store.findCommand(a.id, 'shared-id')).toEqual(ok(2));
      expect(await store.findCommand(a.id, 'never-sent')).toBeUndefined();
      expect(await store.findCommand(b.id, 'shared-id')).toBeUndefined();
      // Command ids are per encounter: another encounter may use the same one.
      await store.append(b.id, 1, [begun, ended], { commandId: 'shared-id', ack: ok(3) });
      expect(await store.findCommand(b.id, 'shared-id')).toEqual(ok(3));
      expect(await store.findCommand(a.id, 'shared-id')).toEqual(ok(2));
    });

    contract(['loadSince'], 'returns the events after a seq in seq order: all after 0, none after the last, none for an unknown encounter', async () => {
      const { id } = await newEncounter(store);
      await store.append(id, 1, [begun, ended], { commandId: 'since-1', ack: ok(3) });
      await store.append(id, 3, [begun], { commandId: 'since-2', ack: ok(4) });
      const other = await encounterWithLog(store, 6);
      expect(await store.loadSince(id, 2)).toEqual([
        { seq: 3, event: ended, commandId: 'since-1' },
        { seq: 4, event: begun, commandId: 'since-2' },
      ]);
      expect(await store.loadSince(id, 0)).toEqual((await store.load(id))?.events);
      expect(await store.loadSince(id, 4)).toEqual([]);
      expect(await store.loadSince(id, 99)).toEqual([]);
      expect(await store.loadSince('nope', 0)).toEqual([]);
      expect((await store.loadSince(other.id, 3)).map((e) => e.seq)).toEqual([4, 5, 6]);
    });

    contract(['latestSeq'], "is the seq of the encounter's last event: 1 when new, then each append's last", async () => {
      const { id } = await newEncounter(store);
      expect(await store.latestSeq(id)).toBe(FIRST_SEQ);
      await store.append(id, 1, [begun, ended], { commandId: 'latest-1', ack: ok(3) });
      expect(await store.latestSeq(id)).toBe(3);
      // Another encounter's longer log does not count.
      await encounterWithLog(store, 9);
      expect(await store.latestSeq(id)).toBe(3);
    });

    describe('readLog', () => {
      const LENGTH = 10;
      const seqsOf = (events: readonly { seq: number }[]) => events.map((e) => e.seq);
      const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

      contract(['readLog'], "'after' returns the first `limit` events with a greater seq, in seq order, up to the end", async () => {
        const { id } = await encounterWithLog(store, LENGTH);
        expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 0, limit: 4 }))).toEqual([1, 2, 3, 4]);
        expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 4, limit: 4 }))).toEqual([5, 6, 7, 8]);
        expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 8, limit: 4 }))).toEqual([9, 10]);
        expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 9, limit: 1 }))).toEqual([10]);
        expect(await store.readLog(id, { direction: 'after', seq: LENGTH, limit: 4 })).toEqual([]);
        expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 0, limit: 100 }))).toEqual(range(1, LENGTH));
      });

      contract(['readLog'], "'before' returns the last `limit` events with a smaller seq, still in seq order, down to seq 1", async () => {
        const { id } = await encounterWithLog(store, LENGTH);
        expect(seqsOf(await store.readLog(id, { direction: 'before', seq: LENGTH + 1, limit: 4 }))).toEqual([7, 8, 9, 10]);
        expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 7, limit: 4 }))).toEqual([3, 4, 5, 6]);
        expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 3, limit: 4 }))).toEqual([1, 2]);
        expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 2, limit: 1 }))).toEqual([1]);
        expect(await store.readLog(id, { direction: 'before', seq: 1, limit: 4 })).toEqual([]);
        expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 1_000, limit: 100 }))).toEqual(range(1, LENGTH));
      });

      contract(['readLog'], 'pages through the whole log in either direction, each event exactly once, the cursor itself excluded', async () => {
        const { id } = await encounterWithLog(store, LENGTH);
        // At most one page per event: a cursor that does not move on fails the test instead of looping.
        const forward: number[] = [];
        for (let cursor = 0, pages = 0; pages <= LENGTH; pages++) {
          const page = await store.readLog(id, { direction: 'after', seq: cursor, limit: 3 });
          if (page.length === 0) break;
          forward.push(...seqsOf(page));
          cursor = page.at(-1)!.seq;
        }
        const backward: number[] = [];
        for (let cursor = LENGTH + 1, pages = 0; pages <= LENGTH; pages++) {
          const page = await store.readLog(id, { direction: 'before', seq: cursor, limit: 3 });
          if (page.length === 0) break;
          backward.unshift(...seqsOf(page));
          cursor = page[0]!.seq;
        }
        expect(forward).toEqual(range(1, LENGTH));
        expect(backward).toEqual(range(1, LENGTH));
        expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 5, limit: 1 }))).toEqual([6]);
        expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 5, limit: 1 }))).toEqual([4]);
      });

      contract(['readLog'], 'returns each event as stored, with its command id and the time it was stored, for this encounter only', async () => {
        const { id } = await newEncounter(store);
        await store.append(id, 1, [begun, ended], { commandId: 'logged', ack: ok(3) });
        const other = await encounterWithLog(store, LENGTH);
        const page = await store.readLog(id, { direction: 'after', seq: 0, limit: 100 });
        expect(page.map(({ createdAt: _, ...stored }) => stored)).toEqual((await store.load(id))?.events);
        expect(page.map((e) => e.commandId)).toEqual([null, 'logged', 'logged']);
        for (const event of page) expect(event.createdAt).toBeInstanceOf(Date);
        expect(seqsOf(await store.readLog(other.id, { direction: 'before', seq: 4, limit: 100 }))).toEqual([1, 2, 3]);
        expect(await store.readLog('nope', { direction: 'after', seq: 0, limit: 10 })).toEqual([]);
      });
    });
  });

  describe('seats', () => {
    contract(['takeSeat', 'listSeats', 'findSeatByTokenHash'], 'takes each combatant once: a second seat at the same combatant is refused and not written', async () => {
      const { id } = await newEncounter(store);
      const first = seatFor(id, 'c1');
      const second = seatFor(id, 'c1');
      expect(await store.takeSeat(first)).toBe(true);
      expect(await store.takeSeat(second)).toBe(false);
      expect((await store.listSeats(id)).map((s) => s.id)).toEqual([first.id]);
      expect(await store.findSeatByTokenHash(id, second.tokenHash)).toBeUndefined();
      expect(await store.findSeatByTokenHash(id, first.tokenHash)).toMatchObject(first);
    });

    contract(['takeSeat', 'listSeats'], 'keeps seats per encounter: the same combatant id may be taken in another encounter', async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      expect(await store.takeSeat(seatFor(a.id, 'c1'))).toBe(true);
      expect(await store.takeSeat(seatFor(b.id, 'c1'))).toBe(true);
      expect(await store.listSeats(a.id)).toHaveLength(1);
      expect(await store.listSeats(b.id)).toHaveLength(1);
    });

    contract(['findSeatByTokenHash'], 'finds a seat by its token hash within its encounter only', async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      const seat = seatFor(a.id, 'c1');
      await store.takeSeat(seat);
      const found = await store.findSeatByTokenHash(a.id, seat.tokenHash);
      expect(found).toMatchObject(seat);
      expect(found?.createdAt).toBeInstanceOf(Date);
      expect(await store.findSeatByTokenHash(b.id, seat.tokenHash)).toBeUndefined();
      expect(await store.findSeatByTokenHash(a.id, sha256Hex('not a seat'))).toBeUndefined();
    });

    contract(['listSeats'], "lists an encounter's seats in the order they were taken, and none of another's", async () => {
      const { id } = await newEncounter(store);
      const other = await newEncounter(store);
      // Ids against the taking order: the list must follow the order, not the ids.
      const seats = [seatFor(id, 'c1', `z-${newId()}`), seatFor(id, 'c2', `m-${newId()}`), seatFor(id, 'c3', `a-${newId()}`)];
      for (const seat of seats) {
        expect(await store.takeSeat(seat)).toBe(true);
        // PGlite's clock counts milliseconds: seats taken within one are listed in id order (see the port).
        await nextMillisecond();
      }
      await store.takeSeat(seatFor(other.id, 'c4'));
      const listed = await store.listSeats(id);
      expect(listed.map((s) => s.combatantId)).toEqual(['c1', 'c2', 'c3']);
      expect(listed[0]).toMatchObject(seats[0]!);
      expect((await store.listSeats(other.id)).map((s) => s.combatantId)).toEqual(['c4']);
      expect(await store.listSeats('nope')).toEqual([]);
    });

    contract(['removeSeat', 'findSeatByTokenHash', 'listSeats'], 'removes a seat (its token finds nothing, its combatant is free), then returns false for it', async () => {
      const { id } = await newEncounter(store);
      const kept = seatFor(id, 'c1');
      const removed = seatFor(id, 'c2');
      await store.takeSeat(kept);
      await store.takeSeat(removed);
      expect(await store.removeSeat(id, removed.id)).toBe(true);
      expect(await store.findSeatByTokenHash(id, removed.tokenHash)).toBeUndefined();
      expect((await store.listSeats(id)).map((s) => s.id)).toEqual([kept.id]);
      expect(await store.removeSeat(id, removed.id)).toBe(false);
      expect(await store.removeSeat(id, 'no-such-seat')).toBe(false);
      expect(await store.takeSeat(seatFor(id, 'c2'))).toBe(true);
    });

    contract(['removeSeat'], "returns false for another encounter's seat, and leaves it", async () => {
      const a = await newEncounter(store);
      const b = await newEncounter(store);
      const seat = seatFor(a.id, 'c1');
      await store.takeSeat(seat);
      expect(await store.removeSeat(b.id, seat.id)).toBe(false);
      expect(await store.findSeatByTokenHash(a.id, seat.tokenHash)).toMatchObject(seat);
    });
  });
});

/** Counts the statements the store sends through `db.execute` (the append path) until stopped. */
function countingExecutes(database: Database): { stop(): number } {
  const db = database.db as unknown as { execute: (...args: unknown[]) => unknown };
  const original = db.execute;
  const own = Object.hasOwn(db, 'execute');
  let count = 0;
  db.execute = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  return {
    stop: () => {
      if (own) db.execute = original;
      else delete (db as { execute?: unknown }).execute;
      return count;
    },
  };
}

describe('event store contract coverage', () => {
  it('every method of DrizzleEventStore is a port method with at least one contract test', () => {
    const methods = Object.getOwnPropertyNames(DrizzleEventStore.prototype)
      .filter((name) => name !== 'constructor' && !IMPLEMENTATION_HELPERS.includes(name))
      .sort();
    expect(methods, 'a public method that is not in EventStore, or a new private helper to list in IMPLEMENTATION_HELPERS').toEqual(
      Object.keys(PORT_METHODS).sort(),
    );
    const untested = methods.filter((name) => !covered.has(name as Method));
    expect(untested, 'methods without a contract test').toEqual([]);
  });
});
