import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandAck, CommandEnvelope, VersionedView } from '@roundkeeper/protocol';
import { openDatabase, type Database } from '../db/client.js';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import { silentBroadcaster, type AudienceChannel, type Broadcaster } from './broadcaster.js';
import { createEncounterWithSecrets } from './create-encounter.js';
import { EncounterRoom } from './room.js';
import { AUDIENCE_VERSION_BASE } from './audience-versions.js';

const GM = { role: 'gm' } as const;

async function send(room: EncounterRoom, envelope: CommandEnvelope): Promise<CommandAck> {
  let answer: CommandAck | undefined;
  await room.command(envelope, GM, GM, (ack) => (answer = ack));
  if (!answer) throw new Error('no answer');
  return answer;
}

const addGoblin = (commandId: string, expectedVersion?: number): CommandEnvelope => ({
  commandId,
  ...(expectedVersion === undefined ? {} : { expectedVersion }),
  command: { type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: {} } },
});

describe('EncounterRoom', () => {
  let database: Database;
  let store: DrizzleEventStore;

  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite', dataDir: null });
    store = new DrizzleEventStore(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers a retried id with its first answer, from memory or (a new room: a restart, another node) from the store', async () => {
    const { encounterId } = await createEncounterWithSecrets(store, { name: 'Retries', system: 'dnd5e' });
    const first = await send(new EncounterRoom(encounterId, { store, broadcaster: silentBroadcaster }), addGoblin('once', 1));
    expect(first).toMatchObject({ ok: true });
    const room = new EncounterRoom(encounterId, { store, broadcaster: silentBroadcaster });
    // Made against version 1, now stale: still the first answer, not 'stale-version'.
    expect(await send(room, addGoblin('once', 1))).toEqual(first);
    // Without expectedVersion it would be accepted again; the store's unique command id says it was not new.
    expect(await send(new EncounterRoom(encounterId, { store, broadcaster: silentBroadcaster }), addGoblin('once'))).toEqual(first);
    expect(await send(room, addGoblin('once'))).toEqual(first);
    expect(await store.latestSeq(encounterId)).toBe(first.ok ? first.version : NaN);
  });

  it('projects and publishes only for the audiences that have a socket on this node, and only when their view changed', async () => {
    const { encounterId } = await createEncounterWithSecrets(store, { name: 'Listeners', system: 'dnd5e' });
    const published: { channel: AudienceChannel; message: VersionedView }[] = [];
    const broadcaster: Broadcaster = {
      ...silentBroadcaster,
      audiences: () => [{ kind: 'public' }],
      publish: (_id, channel, message) => void published.push({ channel, message }),
    };
    const room = new EncounterRoom(encounterId, { store, broadcaster });
    const ack = await send(room, addGoblin('a', 1));
    expect(ack.ok).toBe(true);
    // The spectator's version counts its view's changes: the creation's view, then this one.
    expect(published.map((p) => [p.channel.kind, p.message.version])).toEqual([['public', AUDIENCE_VERSION_BASE + 2]]);
    // A hidden goblin changes nothing the spectator sees: nothing is published, though the log grew.
    const hidden = await send(room, { commandId: 'hidden-one', command: { type: 'add-combatant', combatant: { name: 'Shade', side: 'enemy', stats: {}, hidden: true } } });
    expect(hidden.ok && ack.ok && hidden.version > ack.version).toBe(true);
    expect(published).toHaveLength(1);
  });

  it("gives each first view at least the seq its handshake read: from the cache when that new, caught up once when not", async () => {
    const { encounterId } = await createEncounterWithSecrets(store, { name: 'Storm', system: 'dnd5e' });
    // The real store, counting the room's looks at it once loaded.
    let looks = 0;
    const counting = Object.create(store) as DrizzleEventStore;
    counting.latestSeq = (id: string) => ((looks += 1), store.latestSeq(id));
    counting.loadSince = (id: string, after: number) => ((looks += 1), store.loadSince(id, after));
    const room = new EncounterRoom(encounterId, { store: counting, broadcaster: silentBroadcaster });
    const loaded = await room.view(GM);
    looks = 0;
    const firstViews = (count: number, storeSeq: number) =>
      Array.from({ length: count }, () => {
        let got: VersionedView | undefined;
        return { done: room.deliverView(GM, storeSeq, (view) => (got = view)), got: () => got };
      });
    // A table's sockets back after a restart, their handshakes having read the seq the cache holds: no look.
    const table = firstViews(8, loaded.version);
    await Promise.all(table.map((t) => t.done));
    expect(looks).toBe(0);
    expect(new Set(table.map((t) => t.got()?.version))).toEqual(new Set([loaded.version]));
    // Another node commits; this room is not told. A socket whose handshake read that seq gets it,
    // with the sockets asking alongside (one catch-up for all)...
    const other = await send(new EncounterRoom(encounterId, { store, broadcaster: silentBroadcaster }), addGoblin('elsewhere'));
    const newer = other.ok ? other.version : NaN;
    const late = [...firstViews(3, loaded.version), ...firstViews(1, newer)];
    await Promise.all(late.map((t) => t.done));
    expect(looks).toBe(1);
    expect(late.map((t) => t.got()?.version)).toEqual([newer, newer, newer, newer]);
    // ...and one whose handshake read an older seq than the cache holds is not taken back.
    const older = firstViews(1, loaded.version);
    await Promise.all(older.map((t) => t.done));
    expect(older[0]?.got()?.version).toBe(newer);
    expect(looks).toBe(1);
  });
});
