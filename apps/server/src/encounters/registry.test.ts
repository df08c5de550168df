import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import { silentBroadcaster } from './broadcaster.js';
import { createEncounterWithSecrets } from './create-encounter.js';
import { EncounterRegistry } from './registry.js';

describe('EncounterRegistry', () => {
  let database: Database;
  let store: DrizzleEventStore;

  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite', dataDir: null });
    store = new DrizzleEventStore(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const encounters = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => createEncounterWithSecrets(store, { name: `Table ${i}`, system: 'dnd5e' }).then((c) => c.encounterId)));

  it('keeps every room that has clients here, however many, and drops idle ones beyond the limit, oldest first', async () => {
    const [a, b, c, d] = await encounters(4);
    const live = new Set([a!, b!]);
    const registry = new EncounterRegistry({
      store,
      broadcaster: { ...silentBroadcaster, audiences: (id) => (live.has(id) ? [{ kind: 'gm' }] : []) },
      maxIdleRooms: 1,
    });
    const rooms = new Map<string, unknown>();
    for (const id of [a!, b!, c!, d!]) rooms.set(id, await registry.open(id));
    // a and b have clients: kept although the limit is one idle room; c (idle, older) went, d stayed.
    expect(registry.size).toBe(3);
    // Compared by identity as booleans: a room drags the database along, too big for a failure's diff.
    const kept = async (id: string) => (await registry.open(id)) === rooms.get(id);
    expect(await kept(a!)).toBe(true);
    expect(await kept(b!)).toBe(true);
    expect(await kept(d!)).toBe(true);
    // c is rebuilt from the store: a new room, same encounter.
    expect(await kept(c!)).toBe(false);
    expect((await registry.open(c!))?.encounterId).toBe(c);
  });

  it('never drops a room with work in its queue', async () => {
    const [busy, other] = await encounters(2);
    const registry = new EncounterRegistry({ store, broadcaster: silentBroadcaster, maxIdleRooms: 0 });
    const room = await registry.open(busy!);
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const held = room!.read(() => new Promise<void>((resolve) => ((release = resolve), started())));
    await running;
    await registry.open(other!);
    expect((await registry.open(busy!)) === room).toBe(true);
    release();
    await held;
  });
});
