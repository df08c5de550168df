import { afterAll, describe, expect, it } from 'vitest';
import { createEncounter, type EncounterEvent } from '@roundkeeper/rules';
import { newId, newJoinCode, newSeed, sha256Hex } from '../src/auth/secrets.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DrizzleEventStore } from '../src/store/drizzle-event-store.js';
import { FIRST_SEQ, StoreConflictError, type EventStore } from '../src/store/event-store.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';

// The storage contract: every EventStore must pass this, on PGlite and on PostgreSQL.

async function newEncounter(store: EventStore, joinCode = newJoinCode()) {
  const id = newId();
  const { seed, seedCommitment } = newSeed();
  const created = createEncounter({ id, name: 'Contract', system: 'dnd5e', seed, seedCommitment });
  const record = { id, name: 'Contract', system: 'dnd5e', gmTokenHash: sha256Hex('gm'), spectatorTokenHash: sha256Hex('sp'), joinCode };
  return { id, created, record, stored: await store.createEncounter(record, created) };
}

const begun: EncounterEvent = { type: 'initiative-begun' };
const ended: EncounterEvent = { type: 'encounter-ended', seed: '0'.repeat(32) };

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

  it('creates an encounter with its created event at seq 1, found by id and by join code', async () => {
    const { id, created, record, stored } = await newEncounter(store);
    expect(stored).toBe(true);
    const loaded = await store.load(id);
    expect(loaded?.record).toMatchObject(record);
    expect(loaded?.events).toEqual([{ seq: FIRST_SEQ, event: created, commandId: null }]);
    expect((await store.findByJoinCode(record.joinCode))?.id).toBe(id);
    expect(await store.findEncounter(id)).toMatchObject(record);
  });

  it('refuses a second encounter with a join code already in use, writing nothing', async () => {
    const first = await newEncounter(store);
    const second = await newEncounter(store, first.record.joinCode);
    expect(second.stored).toBe(false);
    expect(await store.load(second.id)).toBeUndefined();
  });

  it('returns undefined for unknown encounters and join codes', async () => {
    expect(await store.load('nope')).toBeUndefined();
    expect(await store.findEncounter('nope')).toBeUndefined();
    expect(await store.findByJoinCode('ZZZZZZ')).toBeUndefined();
  });

  it('appends events after the expected seq and loads them in seq order', async () => {
    const { id } = await newEncounter(store);
    await store.append(id, 1, [begun], { commandId: 'cmd-0001', ack: { ok: true, version: 2 } });
    await store.append(id, 2, [begun, begun, ended], { commandId: 'cmd-0002', ack: { ok: true, version: 5 } });
    const loaded = await store.load(id);
    expect(loaded?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(loaded?.events.at(-1)).toEqual({ seq: 5, event: ended, commandId: 'cmd-0002' });
  });

  it('fails with a StoreConflictError when the seq is taken, and writes none of the batch', async () => {
    const { id } = await newEncounter(store);
    await store.append(id, 1, [begun], { commandId: 'cmd-a', ack: { ok: true, version: 2 } });
    // A second writer that still believes the encounter is at version 1.
    const stale = store.append(id, 1, [begun, ended], { commandId: 'cmd-b', ack: { ok: true, version: 3 } });
    await expect(stale).rejects.toBeInstanceOf(StoreConflictError);
    const loaded = await store.load(id);
    expect(loaded?.events.map((e) => e.seq)).toEqual([1, 2]);
    expect(await store.findCommand(id, 'cmd-b')).toBeUndefined();
  });

  it('lets exactly one of two concurrent writers of the same seq succeed', async () => {
    const { id } = await newEncounter(store);
    const results = await Promise.allSettled([
      store.append(id, 1, [begun], { commandId: 'race-1', ack: { ok: true, version: 2 } }),
      store.append(id, 1, [ended], { commandId: 'race-2', ack: { ok: true, version: 2 } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(StoreConflictError);
    expect((await store.load(id))?.events).toHaveLength(2);
  });

  it('commits appends of many encounters that arrive together, and a conflicting one fails alone', async () => {
    const tables = await Promise.all(Array.from({ length: 6 }, () => newEncounter(store)));
    const appends = tables.map(({ id }, i) => store.append(id, 1, [begun, begun], { commandId: `together-${i}`, ack: { ok: true, version: 3 } }));
    // Same seq as the first table's append, from a writer that did not see it: only this one may fail.
    const stale = store.append(tables[0]!.id, 1, [ended], { commandId: 'late', ack: { ok: true, version: 2 } });
    const results = await Promise.allSettled([...appends, stale]);
    expect(results.slice(0, -1).map((r) => r.status)).toEqual(Array(tables.length).fill('fulfilled'));
    const last = results.at(-1);
    expect(last?.status === 'rejected' && last.reason).toBeInstanceOf(StoreConflictError);
    for (const [i, { id }] of tables.entries()) {
      expect((await store.load(id))?.events.map((e) => [e.seq, e.commandId])).toEqual([[1, null], [2, `together-${i}`], [3, `together-${i}`]]);
      expect(await store.findCommand(id, `together-${i}`)).toEqual({ ok: true, version: 3 });
    }
    expect(await store.findCommand(tables[0]!.id, 'late')).toBeUndefined();
  });

  it('replaces the spectator token hash of one encounter only', async () => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    await store.setSpectatorTokenHash(a.id, sha256Hex('new overlay'));
    expect((await store.findEncounter(a.id))?.spectatorTokenHash).toBe(sha256Hex('new overlay'));
    expect((await store.findEncounter(b.id))?.spectatorTokenHash).toBe(sha256Hex('sp'));
  });

  it('records the answer of an accepted command and refuses the same command id twice', async () => {
    const { id } = await newEncounter(store);
    await store.append(id, 1, [begun], { commandId: 'once-only', ack: { ok: true, version: 2 } });
    expect(await store.findCommand(id, 'once-only')).toEqual({ ok: true, version: 2 });
    expect(await store.findCommand(id, 'never-sent')).toBeUndefined();
    const again = store.append(id, 2, [ended], { commandId: 'once-only', ack: { ok: true, version: 3 } });
    await expect(again).rejects.toBeInstanceOf(StoreConflictError);
    expect((await store.load(id))?.events).toHaveLength(2);
  });

  it('keeps command ids per encounter', async () => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    await store.append(a.id, 1, [begun], { commandId: 'shared-id', ack: { ok: true, version: 2 } });
    await store.append(b.id, 1, [begun], { commandId: 'shared-id', ack: { ok: true, version: 2 } });
    expect(await store.findCommand(b.id, 'shared-id')).toEqual({ ok: true, version: 2 });
  });

  it('takes each seat once, finds it by token hash and lists seats in order', async () => {
    const { id } = await newEncounter(store);
    const first = { id: newId(), encounterId: id, combatantId: 'c1', tokenHash: sha256Hex('t1') };
    const second = { id: newId(), encounterId: id, combatantId: 'c2', tokenHash: sha256Hex('t2') };
    expect(await store.takeSeat(first)).toBe(true);
    expect(await store.takeSeat({ id: newId(), encounterId: id, combatantId: 'c1', tokenHash: sha256Hex('t3') })).toBe(false);
    expect(await store.takeSeat(second)).toBe(true);
    expect(await store.findSeatByTokenHash(id, sha256Hex('t2'))).toMatchObject(second);
    expect(await store.findSeatByTokenHash(id, sha256Hex('t3'))).toBeUndefined();
    expect(await store.findSeatByTokenHash('other', sha256Hex('t1'))).toBeUndefined();
    expect((await store.listSeats(id)).map((s) => s.combatantId)).toEqual(['c1', 'c2']);
  });
});
