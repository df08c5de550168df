import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@roundkeeper/protocol';
import { sha256Hex } from '../auth/secrets.js';
import { openDatabase, type Database } from '../db/client.js';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import { EncounterAccess } from './access.js';
import { silentBroadcaster, type AudienceChannel, type Disconnector } from './broadcaster.js';
import { createEncounterWithSecrets } from './create-encounter.js';
import { EncounterRegistry } from './registry.js';

const GM = { role: 'gm' } as const;

describe('EncounterAccess', () => {
  let database: Database;
  let store: DrizzleEventStore;
  let registry: EncounterRegistry;
  const closed: { encounterId: string; channel: AudienceChannel; reason: ErrorBody }[] = [];
  const disconnector: Disconnector = { disconnect: (encounterId, channel, reason) => void closed.push({ encounterId, channel, reason }) };
  let access: EncounterAccess;

  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite', dataDir: null });
    store = new DrizzleEventStore(database.db);
    registry = new EncounterRegistry({ store, broadcaster: silentBroadcaster, exclusiveStore: true });
    access = new EncounterAccess(store, registry, disconnector);
  });
  afterAll(async () => {
    await database?.close();
  });

  let c1: string | undefined;
  let c2: string | undefined;
  let c3: string | undefined;

  /** An encounter with a visible PC (c1), a hidden PC (c2) and an enemy (c3). */
  async function table(): Promise<string> {
    const { encounterId } = await createEncounterWithSecrets(store, { name: 'Access', system: 'dnd5e' });
    const room = await registry.open(encounterId);
    const add = (name: string, side: 'pc' | 'enemy', hidden = false) =>
      room?.command({ commandId: `add-${name}`, command: { type: 'add-combatant', combatant: { name, side, stats: {}, hidden } } }, GM, GM, () => {});
    await add('Aria', 'pc');
    await add('Shade', 'pc', true);
    await add('Goblin', 'enemy');
    // [ENG-37] Ids come from the encounter's id secret: read them, in the order added.
    [c1, c2, c3] = (await room?.read((snapshot) => snapshot.state.combatants.map((c) => c.id))) ?? [];
    return encounterId;
  }

  it('binds a seat to a visible PC, storing only its token hash, and refuses a second seat for it', async () => {
    const encounterId = await table();
    const taken = await access.takeSeat(encounterId, c1 ?? '');
    if (!taken.ok) throw new Error(taken.message);
    const [seat] = await access.listSeats(encounterId);
    expect(seat).toMatchObject({ id: taken.seatId, combatantId: c1 ?? '', tokenHash: sha256Hex(taken.seatToken) });
    expect(await access.takeSeat(encounterId, c1 ?? '')).toMatchObject({ ok: false, code: 'seat-taken' });
  });

  it('answers a hidden PC exactly like one that does not exist, and refuses an enemy', async () => {
    const encounterId = await table();
    const hidden = await access.takeSeat(encounterId, c2 ?? '');
    const missing = await access.takeSeat(encounterId, 'c99');
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ ok: false, code: 'not-found' });
    expect(await access.takeSeat(encounterId, c3 ?? '')).toMatchObject({ ok: false, code: 'invalid-command' });
    expect(await access.listSeats(encounterId)).toEqual([]);
  });

  it('removes a seat and disconnects its phones with a reason; an unknown seat changes nothing', async () => {
    const encounterId = await table();
    const taken = await access.takeSeat(encounterId, c1 ?? '');
    if (!taken.ok) throw new Error(taken.message);
    closed.length = 0;
    expect(await access.removeSeat(encounterId, 'no-such-seat')).toBeUndefined();
    expect(closed).toEqual([]);
    expect(await access.removeSeat(encounterId, taken.seatId)).toMatchObject({ id: taken.seatId });
    expect(await access.listSeats(encounterId)).toEqual([]);
    expect(closed).toEqual([
      { encounterId, channel: { kind: 'seat', seatId: taken.seatId, combatantIds: [c1] }, reason: expect.objectContaining({ code: 'unauthorized' }) },
    ]);
    // The PC can be taken again.
    expect(await access.takeSeat(encounterId, c1 ?? '')).toMatchObject({ ok: true });
  });

  it('replaces the overlay link: the old token opens nothing, the overlays are disconnected', async () => {
    const encounterId = await table();
    closed.length = 0;
    const token = await access.replaceSpectatorToken(encounterId);
    expect((await store.findEncounter(encounterId))?.spectatorTokenHash).toBe(sha256Hex(token));
    expect(closed.map((c) => c.channel)).toEqual([{ kind: 'public' }]);
  });
});
