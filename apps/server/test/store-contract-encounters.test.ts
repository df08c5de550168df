import { expect } from 'vitest';
import type { EncounterEvent } from '@roundkeeper/rules';
import { newId, newJoinCode, sha256Hex } from '../src/auth/secrets.js';
import { FIRST_SEQ } from '../src/store/encounter-log.js';
import { begun, describeStoreContract, encounterWithLog, ended, newEncounter } from './helpers/store-contract.js';

// The event store contract (helpers/store-contract.ts), encounters: creating one with its log, finding it
// by id, join code or GM tokens, and changing its record.

describeStoreContract('encounters', (contract) => {
  contract(['findTimedEncounters'], '[ENG-41] lists encounters active since a moment, not ended, whose turn timer was set to auto-end, once each', async ({ store }) => {
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

  contract(['createEncounter', 'load', 'findEncounter', 'findByJoinCode'], 'writes the record and its creation event at seq 1, found by id and by join code', async ({ store }) => {
    const { id, created, record, stored } = await newEncounter(store);
    expect(stored).toBe(true);
    const loaded = await store.load(id);
    expect(loaded?.record).toMatchObject({ ...record, joinLocked: false });
    expect(loaded?.record.createdAt).toBeInstanceOf(Date);
    expect(loaded?.events).toEqual([{ seq: FIRST_SEQ, event: created, commandId: null }]);
    expect((await store.findByJoinCode(record.joinCode))?.id).toBe(id);
    expect(await store.findEncounter(id)).toEqual(loaded?.record);
  });

  contract(['createEncounter', 'load', 'latestSeq'], 'writes an imported log after the creation event as seqs 2…, without command ids', async ({ store }) => {
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

  contract(['createEncounter', 'loadSince'], 'writes an imported log longer than one insert batch whole and in order', async ({ store }) => {
    const length = 2_345;
    const { id } = await encounterWithLog(store, length);
    const events = await store.loadSince(id, 0);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length }, (_, i) => i + 1));
    expect(events.at(-1)?.event).toEqual(length % 2 === 0 ? begun : ended);
  });

  contract(['createEncounter', 'latestSeq'], 'refuses a second encounter with a join code already in use, writing nothing of it or its imported log', async ({ store }) => {
    const first = await newEncounter(store);
    const second = await newEncounter(store, { joinCode: first.record.joinCode, rest: [begun, ended] });
    expect(second.stored).toBe(false);
    expect(await store.load(second.id)).toBeUndefined();
    expect(await store.loadSince(second.id, 0)).toEqual([]);
    expect(await store.latestSeq(second.id)).toBeUndefined();
    expect((await store.findByJoinCode(first.record.joinCode))?.id).toBe(first.id);
  });

  contract(['findEncounter', 'load', 'findByJoinCode', 'latestSeq'], 'returns undefined for unknown encounters and join codes', async ({ store }) => {
    expect(await store.load('nope')).toBeUndefined();
    expect(await store.findEncounter('nope')).toBeUndefined();
    expect(await store.findByJoinCode('ZZZZZZ')).toBeUndefined();
    expect(await store.latestSeq('nope')).toBeUndefined();
  });

  contract(['findEncounter'], 'answers encounters asked together (a reconnect storm) each with its own record, duplicates and unknown ones too', async ({ store }) => {
    const first = await newEncounter(store);
    const second = await newEncounter(store);
    const asked = [second.id, 'nope', first.id, second.id];
    const found = await Promise.all(asked.map((id) => store.findEncounter(id)));
    expect(found.map((record) => record?.id)).toEqual([second.id, undefined, first.id, second.id]);
    for (const [i, id] of asked.entries()) expect(found[i]).toEqual(await store.findEncounter(id));
  });

  contract(['findEncountersByGmTokenHashes'], 'returns the encounters of the hashes given, newest first, skipping unknown hashes', async ({ store }) => {
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

  contract(['findEncountersByGmTokenHashes'], 'returns every encounter of one GM token, and nothing for no hashes or only unknown ones', async ({ store }) => {
    const gmToken = `gm-${newId()}`;
    const older = await newEncounter(store, { gmToken });
    const newer = await newEncounter(store, { gmToken });
    expect((await store.findEncountersByGmTokenHashes([sha256Hex(gmToken)])).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(await store.findEncountersByGmTokenHashes([])).toEqual([]);
    expect(await store.findEncountersByGmTokenHashes([sha256Hex(`unknown-${newId()}`)])).toEqual([]);
  });

  contract(['setJoinLocked', 'findEncounter', 'findByJoinCode'], 'locks and unlocks joining for one encounter only', async ({ store }) => {
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

  contract(['setSpectatorTokenHash'], 'replaces the spectator token hash of one encounter only', async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    await store.setSpectatorTokenHash(a.id, sha256Hex('new overlay'));
    expect((await store.findEncounter(a.id))?.spectatorTokenHash).toBe(sha256Hex('new overlay'));
    expect((await store.findEncounter(b.id))?.spectatorTokenHash).toBe(sha256Hex('sp'));
  });

  contract(['setJoinCode', 'findByJoinCode'], 'gives an encounter a new join code: the new one finds it, the old one nothing', async ({ store }) => {
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

  contract(['setJoinCode'], "returns false for a code another encounter uses, changing neither encounter's code", async ({ store }) => {
    const a = await newEncounter(store);
    const b = await newEncounter(store);
    expect(await store.setJoinCode(b.id, a.record.joinCode)).toBe(false);
    expect((await store.findEncounter(b.id))?.joinCode).toBe(b.record.joinCode);
    expect((await store.findByJoinCode(a.record.joinCode))?.id).toBe(a.id);
  });
});
