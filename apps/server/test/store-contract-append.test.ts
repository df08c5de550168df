import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { newId } from '../src/auth/secrets.js';
import type { Database } from '../src/db/client.js';
import { StoreConflictError } from '../src/store/encounter-log.js';
import { begun, describeStoreContract, encounterWithLog, ended, newEncounter, ok } from './helpers/store-contract.js';

// The event store contract (helpers/store-contract.ts), appending: seqs and command ids taken once, the
// conflicts that refuse a whole batch, group commit, and the recorded answers of accepted commands.

describeStoreContract('the log', (contract) => {
  contract(['append', 'load', 'latestSeq'], 'appends events after the expected seq with their command id, and loads them in seq order', async ({ store }) => {
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

  contract(['append', 'latestCheckpoint'], 'keeps the checkpoints commands carry, gives the latest by version, and ignores one that does not read as a checkpoint', async ({ store, database }) => {
    const { id } = await newEncounter(store);
    expect(await store.latestCheckpoint(id)).toBeUndefined();
    const first = { seq: 1, public: 2 ** 30 + 1, seats: {} };
    const second = { seq: 3, public: 2 ** 30 + 2, seats: { 'pc-a': 0, 'pc-b': 4 } };
    await store.append(id, 1, [begun], { commandId: 'cmd-1', ack: ok(2), checkpoint: first });
    await store.append(id, 2, [ended], { commandId: 'cmd-2', ack: ok(3) });
    expect(await store.latestCheckpoint(id)).toEqual(first);
    // Written together (group commit: the first append goes alone, the two queued behind it in one
    // statement): each row keeps its own, or none.
    const { id: opener } = await newEncounter(store);
    const { id: other } = await newEncounter(store);
    await Promise.all([
      store.append(opener, 1, [begun], { commandId: 'cmd-w', ack: ok(2) }),
      store.append(id, 3, [begun], { commandId: 'cmd-3', ack: ok(4), checkpoint: second }),
      store.append(other, 1, [begun], { commandId: 'cmd-x', ack: ok(2) }),
    ]);
    expect(await store.latestCheckpoint(id)).toEqual(second);
    expect(await store.latestCheckpoint(other)).toBeUndefined();
    // A row that is not a checkpoint (written by other code) is not used.
    await database.db.execute(sql`update commands set checkpoint = '{"seq": 4, "public": -1}'::jsonb where encounter_id = ${id} and command_id = 'cmd-3'`);
    expect(await store.latestCheckpoint(id)).toBeUndefined();
  });

  contract(['append', 'latestCheckpoint'], 'answers checkpoints asked together (rooms opening at once) each with its own encounter\'s latest', async ({ store }) => {
    const { id: a } = await newEncounter(store);
    const { id: b } = await newEncounter(store);
    const { id: none } = await newEncounter(store);
    const atA = { seq: 2, public: 2 ** 30 + 3, seats: { 'pc-a': 1 } };
    const atB = { seq: 2, public: 2 ** 30 + 5, seats: {} };
    await store.append(a, 1, [begun], { commandId: 'cp-a', ack: ok(2), checkpoint: atA });
    await store.append(b, 1, [begun], { commandId: 'cp-b', ack: ok(2), checkpoint: atB });
    const asked = [b, none, a, 'nope', b];
    const found = await Promise.all(asked.map((id) => store.latestCheckpoint(id)));
    expect(found).toEqual([atB, undefined, atA, undefined, atB]);
  });

  contract(['append', 'findCommand'], 'fails with a StoreConflictError when a seq is taken, and writes none of the batch', async ({ store }) => {
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

  contract(['append', 'findCommand'], 'fails with a StoreConflictError when the command id was seen, writing nothing, at free seqs too', async ({ store }) => {
    const { id } = await newEncounter(store);
    await store.append(id, 1, [begun], { commandId: 'once-only', ack: ok(2) });
    const again = store.append(id, 2, [ended, begun], { commandId: 'once-only', ack: ok(4) });
    await expect(again).rejects.toBeInstanceOf(StoreConflictError);
    expect((await store.load(id))?.events.map((e) => e.seq)).toEqual([1, 2]);
    // The first answer stands.
    expect(await store.findCommand(id, 'once-only')).toEqual(ok(2));
  });

  contract(['append'], 'lets exactly one of two concurrent writers of the same seq succeed', async ({ store }) => {
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

  contract(['append'], 'fails with the database error, not a conflict, for an encounter that does not exist', async ({ store }) => {
    const error = await store.append(`missing-${newId()}`, 1, [begun], { commandId: 'orphan', ack: ok(2) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(StoreConflictError);
  });

  contract(['append', 'findCommand', 'load'], 'writes appends of many encounters at different versions arriving together, each at its own seqs (group commit)', async ({ store, database }) => {
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

  contract(['append', 'findCommand'], 'fails only the conflicting one of many appends arriving together (a failed group commit is retried one by one)', async ({ store }) => {
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

  contract(['findCommand'], 'returns the recorded answer of an accepted command, per encounter, and undefined for any other', async ({ store }) => {
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
