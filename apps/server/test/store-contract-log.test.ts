import { describe, expect } from 'vitest';
import { FIRST_SEQ } from '../src/store/encounter-log.js';
import { begun, describeStoreContract, encounterWithLog, ended, newEncounter, ok } from './helpers/store-contract.js';

// The event store contract (helpers/store-contract.ts), reading the log: after a seq, its latest seq,
// and pages of it in either direction.

describeStoreContract('the log', (contract) => {
  contract(['loadSince'], 'returns the events after a seq in seq order: all after 0, none after the last, none for an unknown encounter', async ({ store }) => {
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

  contract(['loadSince'], 'answers logs asked together (rooms opening at once) each with its own events, the same encounter after other seqs too', async ({ store }) => {
    const a = await encounterWithLog(store, 5);
    const b = await encounterWithLog(store, 3);
    const asked: [string, number][] = [
      [a.id, 0],
      [b.id, 1],
      [a.id, 3],
      [a.id, 0],
      ['nope', 0],
      [b.id, 3],
    ];
    const logs = await Promise.all(asked.map(([id, after]) => store.loadSince(id, after)));
    expect(logs.map((log) => log.map((e) => e.seq))).toEqual([[1, 2, 3, 4, 5], [2, 3], [4, 5], [1, 2, 3, 4, 5], [], []]);
    for (const [i, [id, after]] of asked.entries()) expect(logs[i]).toEqual(await store.loadSince(id, after));
  });

  contract(['latestSeq'], "is the seq of the encounter's last event: 1 when new, then each append's last", async ({ store }) => {
    const { id } = await newEncounter(store);
    expect(await store.latestSeq(id)).toBe(FIRST_SEQ);
    await store.append(id, 1, [begun, ended], { commandId: 'latest-1', ack: ok(3) });
    expect(await store.latestSeq(id)).toBe(3);
    // Another encounter's longer log does not count.
    await encounterWithLog(store, 9);
    expect(await store.latestSeq(id)).toBe(3);
  });

  contract(['latestSeq'], 'answers encounters asked together (a reconnect storm) each with its own latest seq, duplicates and unknown ones too', async ({ store }) => {
    const short = await newEncounter(store);
    const long = await encounterWithLog(store, 7);
    await store.append(short.id, 1, [begun, ended], { commandId: 'together-1', ack: ok(3) });
    const asked = [long.id, short.id, 'nope', short.id, long.id];
    // Asked in one turn of the event loop: one statement answers them all (batched-reads.ts).
    const found = await Promise.all(asked.map((id) => store.latestSeq(id)));
    expect(found).toEqual([7, 3, undefined, 3, 7]);
    for (const [i, id] of asked.entries()) expect(found[i]).toBe(await store.latestSeq(id));
  });

  describe('readLog', () => {
    const LENGTH = 10;
    const seqsOf = (events: readonly { seq: number }[]) => events.map((e) => e.seq);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    contract(['readLog'], "'after' returns the first `limit` events with a greater seq, in seq order, up to the end", async ({ store }) => {
      const { id } = await encounterWithLog(store, LENGTH);
      expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 0, limit: 4 }))).toEqual([1, 2, 3, 4]);
      expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 4, limit: 4 }))).toEqual([5, 6, 7, 8]);
      expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 8, limit: 4 }))).toEqual([9, 10]);
      expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 9, limit: 1 }))).toEqual([10]);
      expect(await store.readLog(id, { direction: 'after', seq: LENGTH, limit: 4 })).toEqual([]);
      expect(seqsOf(await store.readLog(id, { direction: 'after', seq: 0, limit: 100 }))).toEqual(range(1, LENGTH));
    });

    contract(['readLog'], "'before' returns the last `limit` events with a smaller seq, still in seq order, down to seq 1", async ({ store }) => {
      const { id } = await encounterWithLog(store, LENGTH);
      expect(seqsOf(await store.readLog(id, { direction: 'before', seq: LENGTH + 1, limit: 4 }))).toEqual([7, 8, 9, 10]);
      expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 7, limit: 4 }))).toEqual([3, 4, 5, 6]);
      expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 3, limit: 4 }))).toEqual([1, 2]);
      expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 2, limit: 1 }))).toEqual([1]);
      expect(await store.readLog(id, { direction: 'before', seq: 1, limit: 4 })).toEqual([]);
      expect(seqsOf(await store.readLog(id, { direction: 'before', seq: 1_000, limit: 100 }))).toEqual(range(1, LENGTH));
    });

    contract(['readLog'], 'pages through the whole log in either direction, each event exactly once, the cursor itself excluded', async ({ store }) => {
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

    contract(['readLog'], 'returns each event as stored, with its command id and the time it was stored, for this encounter only', async ({ store }) => {
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
