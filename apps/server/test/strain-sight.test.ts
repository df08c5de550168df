import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAck, CreateEncounterResponse } from '@roundkeeper/protocol';
import { io, type Socket } from 'socket.io-client';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { takeSeat } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { postJson, startServer, type TestServer } from './helpers/test-server.js';

/** A socket as the web client connects it (patches over shared views): every frame it receives. */
async function sharedWatcher(url: string, encounterId: string, token: string): Promise<{ socket: Socket; frames: unknown[] }> {
  const socket = io(url, { auth: { ...authFor(encounterId, token), viewPatches: true, sharedViews: true }, transports: ['websocket'], reconnection: false, forceNew: true });
  const frames: unknown[] = [];
  socket.onAny((event: string, message: unknown) => frames.push({ event, message }));
  await new Promise<void>((resolve, reject) => {
    socket.once('public-view', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, frames };
}

const accepted = (ack: CommandAck): number => {
  if (!ack.ok) throw new Error(`refused: ${ack.code} ${ack.message}`);
  return ack.version;
};

/** Every `mayRecoverStrain` list anywhere in what a client received (views, patches, acks). */
function strainLists(payloads: readonly unknown[]): string[][] {
  const found: string[][] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x !== null && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (k === 'mayRecoverStrain' && Array.isArray(v)) found.push(v.map(String));
        walk(v);
      }
    }
  };
  walk(payloads);
  return found;
}

// [ENG-32] [GEN-40] Issue 30, finding 5: who may still recover strain says who has strain, so under
// partyHealthView 'none' (or 'states') the table must not learn it, over a real socket.
describe('Genesys strain after the encounter, as the table receives it', () => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  async function table(partyHealthView: 'numbers' | 'states' | 'none') {
    const { status, body } = await postJson(`${server.url}/api/encounters`, { name: 'Spaceport', system: 'genesys' });
    expect(status).toBe(201);
    const created = body as CreateEncounterResponse;
    const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    accepted(await gm.command({ type: 'set-options', options: { partyHealthView } }));
    const ids: Record<string, string> = {};
    for (const name of ['Aria', 'Bob']) {
      const version = accepted(await gm.command({ type: 'add-combatant', combatant: { name, side: 'pc', stats: {}, health: { max: 12, strain: 10 } } }));
      ids[name] = (await gm.waitForVersion(version)).view.combatants.find((c) => c.name === name)?.id ?? '';
    }
    const aria = await takeSeat(server.url, created.joinCode, ids.Aria ?? '');
    const watchers: TestClient[] = [
      await connectClient(server.url, authFor(created.encounterId, aria.seatToken)),
      await connectClient(server.url, authFor(created.encounterId, created.spectatorToken)),
    ];
    const shared = [
      await sharedWatcher(server.url, created.encounterId, aria.seatToken),
      await sharedWatcher(server.url, created.encounterId, created.spectatorToken),
    ];
    const bob = ids.Bob ?? '';
    accepted(await gm.command({ type: 'apply-damage', track: 'strain', targets: [{ combatantId: bob, amount: 4 }] }));
    const ended = accepted(await gm.command({ type: 'end-encounter' }));
    const gmView = await gm.waitForVersion(ended);
    for (const w of watchers) await w.caughtUp();
    const received = [...watchers.flatMap((w) => w.received), ...shared.flatMap((s) => s.frames)];
    for (const w of watchers) w.close();
    for (const s of shared) s.socket.close();
    gm.close();
    return { bob, gmView, received };
  }

  it("[ENG-32] [GEN-40] under partyHealthView 'none' and 'states', no phone or overlay learns that Bob has strain", async () => {
    for (const view of ['none', 'states'] as const) {
      const { bob, gmView, received } = await table(view);
      // The GM still sees who may catch their breath.
      expect(gmView.view.ext).toMatchObject({ system: 'genesys', mayRecoverStrain: [bob] });
      const lists = strainLists(received);
      expect(lists.length).toBeGreaterThan(0);
      expect(lists.flat()).not.toContain(bob);
    }
  });

  it("[ENG-32] [GEN-40] under partyHealthView 'numbers' the table does see it", async () => {
    const { bob, received } = await table('numbers');
    expect(strainLists(received).flat()).toContain(bob);
  });
});
