// View patches (`viewPatches: true` in the handshake): after the first whole view, each version comes
// as its changes. The real client (packages/client's EncounterConnection) must end up with exactly the
// view a whole-view client of the same audience receives, version by version; patches to players and
// spectators must carry nothing hidden; and they must really be smaller.
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, type VersionedView } from '@roundkeeper/protocol';
import type { ViewPatch } from '@roundkeeper/protocol/view-patch';
import type { Command } from '@roundkeeper/rules';
import type { EncounterConnection } from '../../../packages/client/src/index.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { openConnection, untilVersion } from './helpers/encounter-connection.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const WAIT_TIMEOUT_MS = 10_000;

/** A raw socket that asked for patches: records every frame as sent, to check the chain and the bytes. */
interface PatchRecorder {
  readonly socket: Socket;
  readonly frames: ({ readonly kind: 'view'; readonly message: VersionedView } | { readonly kind: 'patch'; readonly message: ViewPatch })[];
}

function recordPatches(url: string, encounterId: string, token: string): Promise<PatchRecorder> {
  const socket = io(url, { auth: { ...authFor(encounterId, token), viewPatches: true }, transports: ['websocket'], reconnection: false, forceNew: true });
  const recorder: PatchRecorder = { socket, frames: [] };
  socket.on('view', (message: VersionedView) => recorder.frames.push({ kind: 'view', message }));
  socket.on('view-patch', (message: ViewPatch) => recorder.frames.push({ kind: 'patch', message }));
  return new Promise((resolve, reject) => {
    socket.once('view', () => resolve(recorder));
    socket.once('connect_error', reject);
  });
}

describe.each(BACKENDS)('view patches (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  const wholeClients: TestClient[] = [];
  const connections: EncounterConnection[] = [];
  const recorders: PatchRecorder[] = [];

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Borin', side: 'pc' },
      { name: 'Goblin', side: 'enemy' },
      { name: 'Lurking Assassin', side: 'enemy', hidden: true, note: 'waits behind the door' },
    ]);
  });

  afterAll(async () => {
    for (const c of wholeClients) c.close();
    for (const c of connections) c.close();
    for (const r of recorders) r.socket.close();
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('gives every audience, version by version, the same view as whole views would', async () => {
    const { encounterId, gmToken, spectatorToken, joinCode } = table.created;
    const seat = await takeSeat(server.url, joinCode, table.ids.Aria!);
    const tokens = { gm: gmToken, spectator: spectatorToken, player: seat.seatToken };
    const audiences = Object.entries(tokens);
    for (const [, token] of audiences) {
      wholeClients.push(await connectClient(server.url, authFor(encounterId, token)));
      connections.push(openConnection(server.url, encounterId, token));
      recorders.push(await recordPatches(server.url, encounterId, token));
    }
    // Each audience counts its own versions: the whole-view client of the same audience says which is current.
    await Promise.all(connections.map(async (c, i) => untilVersion(c, (await wholeClients[i]!.caughtUp()).version)));

    const { Aria, Borin, Goblin } = table.ids;
    const script: Command[] = [
      { type: 'begin-initiative' },
      { type: 'roll-initiative', unit: { kind: 'combatant', id: Aria! } },
      { type: 'roll-initiative', unit: { kind: 'combatant', id: Borin! } },
      { type: 'roll-npc-initiative' },
    ];
    const gm = table.gm;
    for (const command of script) expect((await gm.command(command)).ok).toBe(true);
    // Ties depend on the dice: settle any, then play; every accepted command is a new version to compare.
    for (let i = 0; i < 4 && gm.latest().view.pendingTies[0]; i++) {
      expect((await gm.command({ type: 'resolve-tie', order: [...gm.latest().view.pendingTies[0]!] })).ok).toBe(true);
    }
    const more: Command[] = [
      { type: 'start-combat' },
      { type: 'end-turn' },
      { type: 'add-condition', combatantId: Goblin!, name: 'Prone', rounds: 1 },
      { type: 'end-turn' },
      { type: 'set-hidden', combatantId: Goblin!, hidden: true },
      { type: 'undo' },
      { type: 'redo' },
      { type: 'add-combatant', combatant: { name: 'Ogre', side: 'enemy', stats: { dex: 8 } } },
      { type: 'end-turn' },
      { type: 'end-turn' },
    ];
    for (const command of more) {
      const ack = await gm.command(command);
      expect(ack.ok, `${command.type}: ${JSON.stringify(ack)}`).toBe(true);
      if (!ack.ok) continue;
      for (const [i, [role]] of audiences.entries()) {
        const whole = await wholeClients[i]!.caughtUp();
        const patched = await untilVersion(connections[i]!, whole.version);
        expect(patched.version, role).toBe(whole.version);
        expect(patched.view, `${role} at ${whole.version}`).toEqual(whole.view);
      }
    }
  });

  it('sends one whole view, then an unbroken chain of patches', async () => {
    for (const [i, recorder] of recorders.entries()) {
      const latest = (await wholeClients[i]!.caughtUp()).version;
      await expect.poll(() => recorder.frames.at(-1)?.message.version, { timeout: WAIT_TIMEOUT_MS }).toBe(latest);
      const [first, ...rest] = recorder.frames;
      expect(first?.kind).toBe('view');
      expect(rest.length).toBeGreaterThan(10);
      let held = first!.message.version;
      for (const frame of rest) {
        expect(frame.kind).toBe('patch');
        if (frame.kind !== 'patch') continue;
        expect(frame.message.base).toBe(held);
        held = frame.message.version;
      }
    }
  });

  it('keeps hidden combatants out of player and spectator patches, and is several times smaller', () => {
    const [gmFrames, spectatorFrames, playerFrames] = recorders.map((r) => JSON.stringify(r.frames));
    // The GM's frames name the assassin and carry the Goblin's hiding as an op: the checks below can fail.
    expect(gmFrames).toContain('Lurking Assassin');
    expect(gmFrames).toMatch(/"op":"replace","path":"\/combatants\/\d+\/hidden","value":true/);
    for (const frames of [spectatorFrames, playerFrames]) {
      expect(frames).not.toContain('Lurking Assassin');
      // Quoted: an id like "c4" may well occur inside the seed commitment's hex.
      expect(frames).not.toContain(JSON.stringify(table.ids['Lurking Assassin']));
      expect(frames).not.toContain('waits behind the door');
      expect(frames).not.toMatch(/"hidden":true|\/hidden","value":true/);
    }
    const patchBytes = JSON.stringify(recorders[1]!.frames.slice(1).map((f) => f.message)).length;
    const wholeBytes = JSON.stringify(wholeClients[1]!.views.filter((v) => v.version > recorders[1]!.frames[0]!.message.version)).length;
    // A small table in its setup phase (whole views ~1 KB, many fields change per command): still ≥ 3×.
    expect(patchBytes * 3).toBeLessThan(wholeBytes);
  });

  it('answers a client that did not ask with whole views only (protocol 1 as before)', () => {
    for (const client of wholeClients) {
      expect(client.received.some((p) => typeof p === 'object' && p !== null && 'ops' in p)).toBe(false);
      expect(client.views.length).toBeGreaterThan(10);
    }
  });

  it('refuses a handshake whose viewPatches is not a boolean, and still accepts the old one without it', async () => {
    const { encounterId, gmToken } = table.created;
    const bad = io(server.url, { auth: { protocolVersion: PROTOCOL_VERSION, encounterId, token: gmToken, viewPatches: 'yes' }, transports: ['websocket'], reconnection: false, forceNew: true });
    const refusal = await new Promise<{ data?: { code?: string } }>((resolve) => bad.once('connect_error', resolve));
    bad.close();
    expect(refusal.data?.code).toBe('unauthorized');
  });
});
