import { expect } from 'vitest';
import { newId, sha256Hex } from '../src/auth/secrets.js';
import { FIRST_SEQ } from '../src/store/encounter-log.js';
import type { NewSeatRecord } from '../src/store/access-store.js';
import { begun, describeStoreContract, ended, newEncounter, ok } from './helpers/store-contract.js';

// The event store contract (helpers/store-contract.ts), seats: taken once per combatant, found by token,
// listed in order, removed, each within its own encounter.

/** Resolves once the wall clock has moved to a later millisecond (a condition, not a fixed pause). */
async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() <= start) await new Promise((resolve) => setImmediate(resolve));
}

const seatFor = (encounterId: string, combatantId: string, id = newId()): NewSeatRecord => ({
  id,
  encounterId,
  combatantId,
  tokenHash: sha256Hex(`seat ${newId()}`),
});

describeStoreContract('seats', (contract) => {
  contract(['takeSeat', 'listSeats', 'findSeatByTokenHash'], 'takes each combatant once: a second seat at the same combatant is refused and not written', async ({ store }) => {
    const { id } = await newEncounter(store);
    const first = seatFor(id, 'c1');
    const second = seatFor(id, 'c1');
    expect(await store.takeSeat(first)).toBe(true);
    expect(await store.takeSeat(second)).toBe(false);
    expect((await store.listSeats(id)).map((s) => s.id)).toEqual([first.id]);
    expect(await store.findSeatByTokenHash(id, second.tokenHash)).toBeUndefined();
    expect(await store.findSeatByTokenHash(id, first.tokenHash)).toMatchObject(first);
  });

  contract(['takeSeat', 'listSeats'], 'keeps seats per encounter: the same combatant id may be taken in another encounter', async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    expect(await store.takeSeat(seatFor(a.id, 'c1'))).toBe(true);
    expect(await store.takeSeat(seatFor(b.id, 'c1'))).toBe(true);
    expect(await store.listSeats(a.id)).toHaveLength(1);
    expect(await store.listSeats(b.id)).toHaveLength(1);
  });

  contract(['findSeatByTokenHash'], 'finds a seat by its token hash within its encounter only', async ({ store }) => {
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

  contract(['findEncounterWithSeat'], 'finds an encounter with the seat a token hash opens in it, the encounter alone for any other hash, nothing for no encounter', async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    const seat = seatFor(a.id, 'c1');
    await store.takeSeat(seat);
    const found = await store.findEncounterWithSeat(a.id, seat.tokenHash);
    expect(found?.record).toEqual(await store.findEncounter(a.id));
    expect(found?.seat).toMatchObject(seat);
    expect(found?.seat?.createdAt).toBeInstanceOf(Date);
    // Another encounter's seat hash, or a hash of no seat: the encounter, no seat.
    const elsewhere = await store.findEncounterWithSeat(b.id, seat.tokenHash);
    expect(elsewhere?.record.id).toBe(b.id);
    expect(elsewhere?.seat).toBeUndefined();
    expect((await store.findEncounterWithSeat(a.id, sha256Hex('not a seat')))?.seat).toBeUndefined();
    expect(await store.findEncounterWithSeat('nope', seat.tokenHash)).toBeUndefined();
    // With the encounter's latest seq, read with it (a socket's first view is no older).
    expect(found?.latestSeq).toBe(FIRST_SEQ);
    await store.append(a.id, FIRST_SEQ, [begun, ended], { commandId: 'seq-with-seat', ack: ok(FIRST_SEQ + 2) });
    expect((await store.findEncounterWithSeat(a.id, seat.tokenHash))?.latestSeq).toBe(FIRST_SEQ + 2);
    expect(elsewhere?.latestSeq).toBe(FIRST_SEQ);
  });

  contract(['findEncounterWithSeat'], 'answers lookups asked together (a reconnect storm) each with its own encounter and seat, duplicates and misses too', async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    const seats = [seatFor(a.id, 'c1'), seatFor(a.id, 'c2'), seatFor(b.id, 'c3')];
    for (const seat of seats) await store.takeSeat(seat);
    const [a1, a2, b3] = seats as [NewSeatRecord, NewSeatRecord, NewSeatRecord];
    const asked: [string, string][] = [
      [a.id, a1.tokenHash],
      [b.id, b3.tokenHash],
      [a.id, a2.tokenHash],
      [a.id, a1.tokenHash],
      [b.id, a1.tokenHash],
      [a.id, sha256Hex('gm')],
      ['nope', a1.tokenHash],
    ];
    const found = await Promise.all(asked.map(([encounterId, hash]) => store.findEncounterWithSeat(encounterId, hash)));
    expect(found.map((f) => [f?.record.id, f?.seat?.id])).toEqual([
      [a.id, a1.id],
      [b.id, b3.id],
      [a.id, a2.id],
      [a.id, a1.id],
      // Another encounter's seat opens nothing here.
      [b.id, undefined],
      [a.id, undefined],
      [undefined, undefined],
    ]);
    // Each answer equals the lookup made alone.
    for (const [i, [encounterId, hash]] of asked.entries()) expect(found[i]).toEqual(await store.findEncounterWithSeat(encounterId, hash));
  });

  contract(['listSeats'], "lists an encounter's seats in the order they were taken, and none of another's", async ({ store }) => {
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

  contract(['listSeats'], 'answers encounters asked together (a reconnect storm) each with only its own seats, in the order taken', async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    for (const seat of [seatFor(a.id, 'c1'), seatFor(b.id, 'c2'), seatFor(a.id, 'c3')]) {
      await store.takeSeat(seat);
      await nextMillisecond();
    }
    const asked = [b.id, a.id, 'nope', a.id];
    const lists = await Promise.all(asked.map((id) => store.listSeats(id)));
    expect(lists.map((seats) => seats.map((s) => s.combatantId))).toEqual([['c2'], ['c1', 'c3'], [], ['c1', 'c3']]);
    for (const [i, id] of asked.entries()) expect(lists[i]).toEqual(await store.listSeats(id));
  });

  contract(['removeSeat', 'findSeatByTokenHash', 'listSeats'], 'removes a seat (its token finds nothing, its combatant is free), then returns false for it', async ({ store }) => {
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

  contract(['removeSeat'], "returns false for another encounter's seat, and leaves it", async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    const seat = seatFor(a.id, 'c1');
    await store.takeSeat(seat);
    expect(await store.removeSeat(b.id, seat.id)).toBe(false);
    expect(await store.findSeatByTokenHash(a.id, seat.tokenHash)).toMatchObject(seat);
  });
});
