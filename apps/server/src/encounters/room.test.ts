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
});
