// Shared views (`sharedViews: true`): the public part of a turn goes once to the whole table, the same
// frame for players and spectators, and each seat gets only its own part when that changed. The real
// client (packages/client's EncounterConnection, which asks for shared views) must hold, version by
// version, exactly the view a whole-view client of the same audience receives; the frames must carry
// nothing hidden, and a turn must cost the table one public frame instead of one per audience.
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { Command } from '@roundkeeper/rules';
import type { EncounterConnection } from '../../../packages/client/src/index.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { openConnection, untilVersion } from './helpers/encounter-connection.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

interface Frame {
  readonly event: string;
  readonly message: unknown;
}

/** A raw shared-view socket recording every frame it receives. */
function recordShared(url: string, encounterId: string, token: string): Promise<{ socket: Socket; frames: Frame[] }> {
  const socket = io(url, { auth: { ...authFor(encounterId, token), viewPatches: true, sharedViews: true }, transports: ['websocket'], reconnection: false, forceNew: true });
  const frames: Frame[] = [];
  for (const event of ['view', 'view-patch', 'public-view', 'public-patch', 'own']) socket.on(event, (message: unknown) => frames.push({ event, message }));
  return new Promise((resolve, reject) => {
    socket.once('public-view', () => resolve({ socket, frames }));
    socket.once('connect_error', reject);
  });
}

describe.each(BACKENDS)('shared views (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  const clients: TestClient[] = [];
  const connections: EncounterConnection[] = [];
  const sockets: Socket[] = [];
  let playerFrames: Frame[] = [];
  let spectatorFrames: Frame[] = [];
  let whole: { player: TestClient; spectator: TestClient };
  let shared: { player: EncounterConnection; spectator: EncounterConnection };
  let aria: TestClient;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Borin', side: 'pc' },
      { name: 'Goblin', side: 'enemy' },
      { name: 'Lurking Assassin', side: 'enemy', hidden: true, note: 'waits behind the door' },
    ]);
    const { encounterId, spectatorToken, joinCode } = table.created;
    const seat = await takeSeat(server.url, joinCode, table.ids.Aria!);
    whole = {
      player: await connectClient(server.url, authFor(encounterId, seat.seatToken)),
      spectator: await connectClient(server.url, authFor(encounterId, spectatorToken)),
    };
    aria = await connectClient(server.url, authFor(encounterId, seat.seatToken));
    clients.push(whole.player, whole.spectator, aria);
    shared = { player: openConnection(server.url, encounterId, seat.seatToken), spectator: openConnection(server.url, encounterId, spectatorToken) };
    connections.push(shared.player, shared.spectator);
    const [p, s] = await Promise.all([recordShared(server.url, encounterId, seat.seatToken), recordShared(server.url, encounterId, spectatorToken)]);
    sockets.push(p.socket, s.socket);
    playerFrames = p.frames;
    spectatorFrames = s.frames;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const c of connections) c.close();
    for (const s of sockets) s.close();
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('gives a shared-view player and spectator, version by version, the view whole views give', async () => {
    const { gm, ids } = table;
    const check = async (): Promise<void> => {
      for (const [role, client] of Object.entries(whole)) {
        const truth = await client.caughtUp();
        const held = await untilVersion(shared[role as keyof typeof shared], truth.version);
        expect(held, `${role} at ${truth.version}`).toEqual(truth);
      }
    };
    await check();
    const script: [TestClient, Command][] = [
      [gm, { type: 'set-max-health', combatantIds: [ids.Aria!, ids.Borin!, ids.Goblin!, ids['Lurking Assassin']!], max: 20 }],
      [gm, { type: 'set-resource', combatantId: ids.Aria!, resource: 'Ki', current: 3, max: 3 }],
      [gm, { type: 'begin-initiative' }],
      [aria, { type: 'enter-initiative', unit: { kind: 'combatant', id: ids.Aria! }, faces: [18] }],
      [gm, { type: 'enter-initiative', unit: { kind: 'combatant', id: ids.Borin! }, faces: [11] }],
      [gm, { type: 'enter-initiative', unit: { kind: 'combatant', id: ids.Goblin! }, faces: [5] }],
      [gm, { type: 'enter-initiative', unit: { kind: 'combatant', id: ids['Lurking Assassin']! }, faces: [2] }],
      [gm, { type: 'start-combat' }],
      [aria, { type: 'spend-resource', combatantId: ids.Aria!, resource: 'Ki', amount: 1 }],
      [gm, { type: 'apply-damage', targets: [{ combatantId: ids.Aria!, amount: 7 }, { combatantId: ids.Goblin!, amount: 4 }] }],
      [aria, { type: 'end-turn' }],
      [gm, { type: 'add-condition', combatantId: ids.Borin!, name: 'Prone', rounds: 1 }],
      [gm, { type: 'add-condition', combatantId: ids['Lurking Assassin']!, name: 'Invisible' }],
      [gm, { type: 'end-turn' }],
      [gm, { type: 'apply-damage', targets: [{ combatantId: ids['Lurking Assassin']!, amount: 3 }] }],
      [gm, { type: 'end-turn' }],
      [gm, { type: 'end-turn' }],
      [gm, { type: 'undo' }],
      [gm, { type: 'redo' }],
    ];
    for (const [client, command] of script) {
      const ack = await client.command(command);
      expect(ack, `${command.type}: ${JSON.stringify(ack)}`).toMatchObject({ ok: true });
      await check();
    }
  });

  it('sends players and spectators the very same public frames, and each seat its own part only when it changed', async () => {
    // Both connected together: from then on, every public frame is one emit to the table's room.
    const publicOf = (frames: Frame[]) => frames.filter((f) => f.event.startsWith('public-'));
    await expect.poll(() => publicOf(playerFrames).length, { timeout: 10_000 }).toBe(publicOf(spectatorFrames).length);
    expect(publicOf(playerFrames)).toEqual(publicOf(spectatorFrames));
    expect(publicOf(playerFrames).length).toBeGreaterThan(10);
    // Whole-view or patch frames never go to a shared socket; own parts only to the player's.
    for (const frames of [playerFrames, spectatorFrames]) expect(frames.some((f) => f.event === 'view' || f.event === 'view-patch')).toBe(false);
    expect(spectatorFrames.some((f) => f.event === 'own')).toBe(false);
    const own = playerFrames.filter((f) => f.event === 'own');
    // Aria's own part changed with her health, Ki and initiative, not with every turn.
    expect(own.length).toBeGreaterThan(1);
    expect(own.length).toBeLessThan(publicOf(playerFrames).length);
    // The own part is Aria's: her stats, resources, health numbers, never Borin's stats.
    const ownText = JSON.stringify(own);
    expect(ownText).toContain('"Ki"');
    expect(ownText).toContain('/mine","value":true');
    expect(JSON.stringify(publicOf(playerFrames))).not.toContain('"mine":true');
    expect(JSON.stringify(publicOf(playerFrames))).not.toContain('"Ki"');
  });

  it('keeps the hidden assassin, its note and its id out of every shared frame', () => {
    const everything = JSON.stringify([playerFrames, spectatorFrames]);
    expect(everything).not.toContain('Lurking Assassin');
    expect(everything).not.toContain('waits behind the door');
    expect(everything).not.toContain(JSON.stringify(table.ids['Lurking Assassin']));
    expect(everything).not.toMatch(/"hidden":true|\/hidden","value":true/);
  });

  it('answers a shared socket\'s sync with the view and the parts it is made of', async () => {
    const socket = sockets[0]!;
    const answer = (await socket.timeout(10_000).emitWithAck('sync', { knownVersion: 0 })) as {
      ok: boolean;
      view: { version: number };
      parts: { public: { version: number }; own: { version: number; public: number } };
    };
    expect(answer.ok).toBe(true);
    expect(answer.parts.own.public).toBe(answer.parts.public.version);
    // A seat's version is the public version plus its own part's.
    expect(answer.view.version).toBe(answer.parts.public.version + answer.parts.own.version);
    expect(answer.view).toEqual(await whole.player.caughtUp());
  });
});
