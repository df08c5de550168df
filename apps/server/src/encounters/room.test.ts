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

  it('serves the first views asked for together after one look at the store, and a view asked for during a look after another', async () => {
    const { encounterId } = await createEncounterWithSecrets(store, { name: 'Storm', system: 'dnd5e' });
    // The real store, counting its looks; the first look is held open until `release` is called.
    let looks = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const counting = Object.create(store) as DrizzleEventStore;
    counting.latestSeq = async (id: string) => {
      looks += 1;
      const seq = await store.latestSeq(id);
      if (looks === 1) await held;
      return seq;
    };
    const room = new EncounterRoom(encounterId, { store: counting, broadcaster: silentBroadcaster });
    await room.view(GM); // loaded: the next looks are the catch-up checks of first views
    looks = 0;
    const table = Array.from({ length: 8 }, () => {
      let got: VersionedView | undefined;
      return { done: room.deliverView(GM, (view) => (got = view)), got: () => got };
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(looks).toBe(1);
    // Another node commits while the look is under way; a socket that asks after that must see it.
    const other = await send(new EncounterRoom(encounterId, { store, broadcaster: silentBroadcaster }), addGoblin('elsewhere'));
    let late: VersionedView | undefined;
    const lateDone = room.deliverView(GM, (view) => (late = view));
    release();
    await Promise.all([...table.map((t) => t.done), lateDone]);
    expect(looks).toBe(2);
    const versions = new Set(table.map((t) => t.got()?.version));
    expect(versions.size).toBe(1);
    expect(late?.version).toBe(other.ok ? other.version : NaN);
    expect([...versions][0]).toBeLessThan(late?.version ?? 0);
  });
});
