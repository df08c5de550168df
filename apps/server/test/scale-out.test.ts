import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAck, CreateEncounterResponse, ErrorBody, VersionedView } from '@roundkeeper/protocol';
import type { Command, UnitRef } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver, takeSeat } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { createTestRedis, type TestRedis } from './helpers/redis.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { openConnection, untilVersion } from './helpers/encounter-connection.js';
import type { EncounterConnection } from '../../../packages/client/src/index.js';

/** Commands each GM screen fires at once, one screen per node: the two nodes race for the same seqs. */
const BURST_PER_NODE = 12;
/** Turns played before the failover; enough for a full round of four units. */
const TURNS_TO_PLAY = 6;
const SUITE_TIMEOUT_MS = 90_000;
const REMOVED_TIMEOUT_MS = 10_000;

const versionOf = (ack: CommandAck): number => {
  if (!ack.ok) throw new Error(`refused: ${ack.code}: ${ack.message}`);
  return ack.version;
};

/** What every client must end with: versions strictly increasing (in order, never twice). */
function expectStrictlyIncreasing(client: TestClient, name: string): void {
  const versions = client.views.map((v) => v.version);
  for (let i = 1; i < versions.length; i++) {
    expect(versions[i], `${name} got ${versions[i - 1]} then ${versions[i]}`).toBeGreaterThan(versions[i - 1] ?? Infinity);
  }
}

// Two real server processes (tsx src/main.ts), one PostgreSQL database, one Redis under a key prefix of
// their own. The GM sits on node A, the players and the spectator on node B.
describe('scale-out: two server processes sharing broadcasts through Redis', () => {
  let testDb: TestDatabase;
  let redis: TestRedis;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;
  let created: CreateEncounterResponse;
  let gm: TestClient;
  let gmOnB: TestClient;
  let aria: TestClient;
  let borin: TestClient;
  let spectator: TestClient;
  const ids = { aria: '', borin: '', goblins: '', shadow: '' };
  const seatTokens = { aria: '', borin: '' };
  /**
   * The version each client was at after each command of the scripted (one-at-a-time) part of the
   * session: the GM's are the log's seqs, the others' their own views'.
   */
  const scripted = new Map<TestClient, number[]>();
  const opened: TestClient[] = [];
  /**
   * The real client (view patches) on node B beside a whole-view client of the same audience: after
   * commits from both nodes its patched view must equal the whole one.
   */
  const patched: { name: string; connection: EncounterConnection; twin: () => TestClient }[] = [];

  /** Every patched client holds exactly what its whole-view twin (same audience, same node) holds now. */
  async function patchedAgree(): Promise<void> {
    for (const { name, connection, twin } of patched) {
      const whole = await twin().caughtUp();
      const view = await untilVersion(connection, whole.version);
      expect(view, `${name} (patches) at ${whole.version}`).toEqual(whole);
    }
  }

  const everyone = () => [gm, gmOnB, aria, borin, spectator];

  async function connect(url: string, token: string): Promise<TestClient> {
    const client = await connectClient(url, authFor(created.encounterId, token));
    opened.push(client);
    return client;
  }

  /**
   * Sends one command and waits until every client, on either node, has seen its result: the sender
   * by its ack's version (its own view's), the others by theirs.
   */
  async function accepted(client: TestClient, command: Command, clients = everyone()): Promise<number> {
    const version = versionOf(await client.command(command));
    const reached = await Promise.all(clients.map((c) => (c === client ? c.waitForVersion(version) : c.caughtUp())));
    clients.forEach((c, i) => scripted.set(c, [...(scripted.get(c) ?? []), reached[i]?.version ?? NaN]));
    return version;
  }

  beforeAllOrFail(async () => {
    [testDb, redis] = await Promise.all([createTestDatabase('postgres'), createTestRedis()]);
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix };
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    [nodeA, nodeB] = await Promise.all([startServerProcess(testDb.config, portA, env), startServerProcess(testDb.config, portB, env)]);
  });

  afterAll(async () => {
    for (const c of opened) c.close();
    for (const { connection } of patched) connection.close();
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    await testDb?.drop();
    await redis?.drop();
  });

  it('sets up across nodes: encounter and GM on A, seats taken over HTTP on B, players and spectator on B', { timeout: SUITE_TIMEOUT_MS }, async () => {
    created = await createEncounterOver(nodeA.url, 'Two-node ambush');
    gm = await connect(nodeA.url, created.gmToken);
    const add = async (name: string, side: 'pc' | 'enemy', extra: { count?: number; hidden?: boolean } = {}) => {
      const version = versionOf(await gm.command({ type: 'add-combatant', combatant: { name, side, stats: { dex: 12 }, ...extra } }));
      return (await gm.waitForVersion(version)).view;
    };
    ids.aria = (await add('Aria', 'pc')).combatants.find((c) => c.name === 'Aria')?.id ?? '';
    ids.borin = (await add('Borin', 'pc')).combatants.find((c) => c.name === 'Borin')?.id ?? '';
    ids.goblins = (await add('Goblin', 'enemy', { count: 2 })).groups.find((g) => g.name === 'Goblin')?.id ?? '';
    ids.shadow = (await add('Shadow', 'enemy', { hidden: true })).combatants.find((c) => c.name === 'Shadow')?.id ?? '';
    expect(Object.values(ids).every((id) => id !== '')).toBe(true);

    seatTokens.aria = (await takeSeat(nodeB.url, created.joinCode, ids.aria)).seatToken;
    seatTokens.borin = (await takeSeat(nodeB.url, created.joinCode, ids.borin)).seatToken;
    [gmOnB, aria, borin, spectator] = await Promise.all([
      connect(nodeB.url, created.gmToken),
      connect(nodeB.url, seatTokens.aria),
      connect(nodeB.url, seatTokens.borin),
      connect(nodeB.url, created.spectatorToken),
    ]);
    expect(gmOnB.latest().version).toBe(gm.latest().version);
    // Players and the spectator count their own views' versions: node B counted what node A would.
    expect(aria.latest().version).not.toBe(gm.latest().version);
    patched.push(
      { name: 'spectator', connection: openConnection(nodeB.url, created.encounterId, created.spectatorToken), twin: () => spectator },
      { name: 'aria', connection: openConnection(nodeB.url, created.encounterId, seatTokens.aria), twin: () => aria },
    );
    await patchedAgree();
  });

  it('plays a scripted session: each command, from whichever node, reaches every client on both nodes', { timeout: SUITE_TIMEOUT_MS }, async () => {
    await accepted(gm, { type: 'begin-initiative' });
    await accepted(aria, { type: 'roll-initiative', unit: { kind: 'combatant', id: ids.aria } });
    await accepted(borin, { type: 'roll-initiative', unit: { kind: 'combatant', id: ids.borin } });
    await accepted(gmOnB, { type: 'roll-npc-initiative' });
    for (let tie = gm.latest().view.pendingTies[0]; tie; tie = gm.latest().view.pendingTies[0]) {
      await accepted(gm, { type: 'resolve-tie', order: [...tie].reverse() satisfies UnitRef[] });
    }
    await accepted(gm, { type: 'start-combat' });
    for (let turn = 0; turn < TURNS_TO_PLAY; turn++) {
      const actorIds = gm.latest().view.turn?.actorIds ?? [];
      const mover = actorIds.includes(ids.aria) ? aria : actorIds.includes(ids.borin) ? borin : turn % 2 ? gmOnB : gm;
      await accepted(mover, { type: 'end-turn' });
    }
    expect(gm.latest().view.round).toBeGreaterThanOrEqual(2);
    for (const [name, c] of Object.entries({ gm, gmOnB, aria, borin, spectator })) {
      const seen = new Set(c.views.map((v) => v.version));
      // None lost: every scripted command's view reached every client, wherever it was committed.
      for (const version of scripted.get(c) ?? []) expect(seen.has(version), `${name} saw version ${version}`).toBe(true);
      expectStrictlyIncreasing(c, name);
    }
    // The hidden enemy stayed on the GM's screens only, on both nodes.
    for (const c of [aria, borin, spectator]) expect(JSON.stringify(c.received)).not.toContain('Shadow');
    expect(JSON.stringify(gmOnB.received)).toContain('Shadow');
    await patchedAgree();
  });

  it('keeps every client in order, once, when both nodes commit at the same time', { timeout: SUITE_TIMEOUT_MS }, async () => {
    const burst = (client: TestClient, node: string) =>
      Array.from({ length: BURST_PER_NODE }, (_, i) =>
        client.command({ type: 'add-combatant', combatant: { name: `${node}-${i}`, side: 'enemy', stats: {} } }),
      );
    const acks = await Promise.all([...burst(gm, 'A'), ...burst(gmOnB, 'B')]);
    // A node that keeps losing the race may answer 'busy' (the client resends); nothing else is refused.
    for (const ack of acks) if (!ack.ok) expect(ack.code).toBe('busy');
    const latest = Math.max(...acks.map((a) => (a.ok ? a.version : 0)));
    await Promise.all([gm, gmOnB].map((c) => c.waitForVersion(latest)));
    for (const [name, c] of Object.entries({ gm, gmOnB, aria, borin, spectator })) {
      await c.caughtUp();
      expectStrictlyIncreasing(c, name);
      // Nothing missing in what each ends with: the last view pushed is what a fresh sync returns.
      const synced = await c.sync();
      if (!synced.ok) throw new Error(`${name}: sync refused`);
      expect(c.latest(), name).toEqual(synced.view);
      if (c === gm || c === gmOnB) expect(synced.view.version).toBe(latest);
    }
    // Commits racing on two nodes: the patched clients on B end on the very same views.
    await patchedAgree();
  });

  it("removing a seat through node A disconnects that seat's phone on node B", { timeout: SUITE_TIMEOUT_MS }, async () => {
    const listed = await callApi(`${nodeA.url}/api/encounters/${created.encounterId}/seats`, 'GET', { bearer: created.gmToken });
    const seats = (listed.body as { seats: { seatId: string; combatantIds: string[] }[] }).seats;
    const borinSeat = seats.find((s) => s.combatantIds.includes(ids.borin));
    if (!borinSeat) throw new Error('no seat for Borin');
    const removed = new Promise<ErrorBody>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no removed message')), REMOVED_TIMEOUT_MS);
      borin.socket.once('removed', (reason: ErrorBody) => (clearTimeout(timer), resolve(reason)));
    });
    const disconnected = new Promise<string>((resolve) => borin.socket.once('disconnect', resolve));
    const response = await callApi(`${nodeA.url}/api/encounters/${created.encounterId}/seats/${borinSeat.seatId}`, 'DELETE', { bearer: created.gmToken });
    expect(response.status).toBe(204);
    expect(await removed).toMatchObject({ code: 'unauthorized' });
    expect(await disconnected).toBe('io server disconnect');
    expect(aria.socket.connected).toBe(true);
  });

  it("after node B is SIGKILLed its clients carry on through node A, and everyone sees their next command", { timeout: SUITE_TIMEOUT_MS }, async () => {
    // Give Aria the turn first (the GM may end anyone's), so her command after the failover is hers to make.
    for (let i = 0; i < TURNS_TO_PLAY && !(gm.latest().view.turn?.actorIds ?? []).includes(ids.aria); i++) {
      await accepted(gm, { type: 'end-turn' }, [gm, gmOnB, aria, spectator]);
    }
    expect(gm.latest().view.turn?.actorIds).toContain(ids.aria);
    const before = { aria: await aria.caughtUp(), spectator: await spectator.caughtUp() };

    const lost = Promise.all([aria, spectator, gmOnB].map((c) => new Promise((resolve) => c.socket.once('disconnect', resolve))));
    await nodeB.kill();
    await lost;
    // A load balancer sends them to a surviving node; here they open it themselves with the same tokens.
    const ariaOnA = await connect(nodeA.url, seatTokens.aria);
    const spectatorOnA = await connect(nodeA.url, created.spectatorToken);
    // Node A counts their versions as node B did: the very views and versions they held there.
    expect(ariaOnA.latest()).toEqual(before.aria);
    expect(spectatorOnA.latest()).toEqual(before.spectator);

    const viewsBefore = gm.views.length;
    const version = versionOf(await ariaOnA.command({ type: 'end-turn' }));
    expect(version).toBe(before.aria.version + 1);
    const seen: VersionedView[] = await Promise.all([ariaOnA.waitForVersion(version), gm.caughtUp(), spectatorOnA.caughtUp()]);
    expect(seen.map((v) => v.version)).toEqual([version, gm.latest().version, before.spectator.version + 1]);
    expect(gm.views.length).toBe(viewsBefore + 1);
    expect(gm.socket.connected).toBe(true);
    expectStrictlyIncreasing(gm, 'gm');
    expect(await redis.countKeys()).toBeGreaterThan(0);
  });
});
