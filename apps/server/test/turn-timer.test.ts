import { afterAll, describe, expect, it } from 'vitest';
import type { ClockAck } from '@roundkeeper/protocol';
import type { Command, EncounterEvent } from '@roundkeeper/rules';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { DrizzleEventStore } from '../src/store/drizzle-event-store.js';
import type { StoredEvent } from '../src/store/encounter-log.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type Backend, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { createTestRedis, type TestRedis } from './helpers/redis.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// [ENG-39] [ENG-40] [ENG-41] [ENG-42] The turn timer through real servers and real Socket.IO clients.
// Limits are one or two seconds of real time; every wait is for a condition with a generous bound,
// never a fixed pause that a loaded machine could outrun.

/** How long a condition may take to come true before the test fails: far beyond a 1–2 s limit. */
const CONDITION_TIMEOUT_MS = 15_000;
const POLL_MS = 50;

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + CONDITION_TIMEOUT_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function accepted(client: TestClient, command: Command): Promise<number> {
  const ack = await client.command(command);
  if (!ack.ok) throw new Error(`${command.type} refused: ${ack.code} ${ack.message}`);
  await client.waitForVersion(ack.version);
  return ack.version;
}

/** Aria (PC) and a Goblin, initiative entered from real dice (Aria first), combat started. */
async function fight(url: string): Promise<Table> {
  const table = await setUpTable(url, [
    { name: 'Aria', side: 'pc' },
    { name: 'Goblin', side: 'enemy' },
  ]);
  const { gm, ids } = table;
  await accepted(gm, { type: 'begin-initiative' });
  await accepted(gm, { type: 'enter-initiative', unit: { kind: 'combatant', id: ids.Aria ?? '' }, faces: [18] });
  await accepted(gm, { type: 'enter-initiative', unit: { kind: 'combatant', id: ids.Goblin ?? '' }, faces: [3] });
  return table;
}

const clockOf = async (client: TestClient): Promise<number> => {
  const answer = (await client.socket.timeout(10_000).emitWithAck('clock', {})) as ClockAck;
  expect(answer.ok).toBe(true);
  return answer.serverTime;
};

const timerEnds = (events: readonly StoredEvent[]): StoredEvent[] =>
  events.filter((e) => e.event.type === 'command-applied' && e.event.by === 'timer');
const timedOutTurns = (events: readonly StoredEvent[]): EncounterEvent[] =>
  events.flatMap((e) => (e.event.type === 'turn-ended' && e.event.timedOut ? [e.event] : []));

describe.each(BACKENDS)('turn timer (%s)', (backend: Backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
    await testDb?.drop();
  });

  it('[ENG-39] stamps the turn with the server clock; a reconnecting phone gets the same stamp and the right remaining time', async () => {
    const table = await fight(server.url);
    clients.push(table.gm);
    const { gm, ids, created } = table;
    await accepted(gm, { type: 'set-options', options: { turnSeconds: 30, turnTimeout: 'overtime' } });
    const before = await clockOf(gm);
    const version = await accepted(gm, { type: 'start-combat' });
    const after = await clockOf(gm);
    const gmView = (await gm.waitForVersion(version)).view;
    const startedAt = gmView.turn?.startedAt ?? 0;
    expect(startedAt).toBeGreaterThanOrEqual(before);
    expect(startedAt).toBeLessThanOrEqual(after);
    expect(gmView.turnTimer).toEqual({ seconds: 30, onTimeout: 'overtime' });

    const seat = await takeSeat(server.url, created.joinCode, ids.Aria ?? '');
    const phone = await connectClient(server.url, authFor(created.encounterId, seat.seatToken));
    expect(phone.latest().view.turn).toEqual({ slotId: gmView.turn?.slotId, actorIds: [ids.Aria], startedAt });
    phone.close();
    // Back after a while: the stamp is the same, and the server's clock says how much is left.
    const back = await connectClient(server.url, authFor(created.encounterId, seat.seatToken));
    clients.push(back);
    expect(back.latest().view.turn?.startedAt).toBe(startedAt);
    const serverNow = await clockOf(back);
    const remaining = startedAt + 30_000 - serverNow;
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(30_000 - (serverNow - after));
    // A malformed clock request is refused with a code, and nothing else happens.
    expect(await back.socket.timeout(10_000).emitWithAck('clock', { offset: 1 })).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('[ENG-41] [ENG-42] auto-end ends the turn once per deadline, as the timer, then stops after a round of its own ends', async () => {
    const table = await fight(server.url);
    clients.push(table.gm);
    const { gm, ids, created } = table;
    await accepted(gm, { type: 'start-combat' });
    const version = await accepted(gm, { type: 'set-options', options: { turnSeconds: 1, turnTimeout: 'auto-end' } });
    const first = (await gm.waitForVersion(version)).view.turn;
    // Aria's turn ends by itself, then the Goblin's: two combatants standing, two ends in a row at most.
    const log = await until('two timer ends', async () => {
      const events = (await server.app.store.load(created.encounterId))?.events ?? [];
      return timerEnds(events).length >= 2 ? events : undefined;
    });
    expect(timedOutTurns(log)).toEqual([
      { type: 'turn-ended', slotId: first?.slotId, timedOut: true, actorIds: [ids.Aria] },
      expect.objectContaining({ type: 'turn-ended', timedOut: true, actorIds: [ids.Goblin] }),
    ]);
    // Each end has its own command id, pinned to its turn.
    const commandIds = timerEnds(log).map((e) => e.commandId);
    expect(new Set(commandIds).size).toBe(2);
    expect(commandIds[0]).toBe(`timer:${first?.slotId}:1:${first?.startedAt}`);
    const latest = await until('the view after the second end', () => {
      const v = gm.latest();
      return v.version >= (log.at(-1)?.seq ?? 0) ? v : undefined;
    });
    const stalled = latest.view.turn;
    expect(stalled?.actorIds).toEqual([ids.Aria]);
    // Past a round of its own ends the timer waits for people: Aria's new turn runs into overtime.
    await until('Aria well past her limit', async () => ((await clockOf(gm)) > (stalled?.startedAt ?? 0) + 2_500 ? true : undefined));
    const later = (await server.app.store.load(created.encounterId))?.events ?? [];
    expect(timerEnds(later)).toHaveLength(2);
    // The GM undoes the last end: the Goblin's turn comes back with a fresh clock, and the timer ends it again once.
    const undone = await accepted(gm, { type: 'undo' });
    const back = (await gm.waitForVersion(undone)).view.turn;
    expect(back?.actorIds).toEqual([ids.Goblin]);
    expect(back?.startedAt).toBeGreaterThan(stalled?.startedAt ?? 0);
    const again = await until('the Goblin timed out again', async () => {
      const events = (await server.app.store.load(created.encounterId))?.events ?? [];
      return timerEnds(events).length >= 3 ? events : undefined;
    });
    expect(timedOutTurns(again)[2]).toMatchObject({ actorIds: [ids.Goblin] });
  });
});

/** A node of a cluster: its own app and rooms, one PostgreSQL database and one Redis with the other nodes. */
async function startNode(testDb: TestDatabase, redis: TestRedis): Promise<TestServer> {
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    database: testDb.config,
    webDist: '/nonexistent/roundkeeper-web-dist',
    logLevel: 'silent',
    cluster: { redisUrl: redis.url, keyPrefix: redis.keyPrefix },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

// [ENG-41] Two nodes on one PostgreSQL database, linked by Redis: both hold the encounter (a client on
// each), both arm the deadline, and the turn still ends exactly once.
describe('turn timer on two nodes (postgres + redis)', () => {
  let testDb: TestDatabase;
  let redis: TestRedis;
  let nodeA: TestServer;
  let nodeB: TestServer;
  const clients: TestClient[] = [];

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('postgres');
    redis = await createTestRedis();
    [nodeA, nodeB] = await Promise.all([startNode(testDb, redis), startNode(testDb, redis)]);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await nodeA?.close();
    await nodeB?.close();
    await redis?.drop();
    await testDb?.drop();
  });

  it('[ENG-41] ends each timed-out turn once, whichever node fires first', async () => {
    const table = await fight(nodeA.url);
    clients.push(table.gm);
    const { gm, created, ids } = table;
    const overlayOnB = await connectClient(nodeB.url, authFor(created.encounterId, created.spectatorToken));
    clients.push(overlayOnB);
    await accepted(gm, { type: 'set-options', options: { turnSeconds: 1, turnTimeout: 'auto-end' } });
    await accepted(gm, { type: 'start-combat' });
    const log = await until('two timer ends', async () => {
      const events = (await nodeA.app.store.load(created.encounterId))?.events ?? [];
      return timerEnds(events).length >= 2 ? events : undefined;
    });
    await until('both nodes show the stalled turn', () =>
      gm.latest().version >= (log.at(-1)?.seq ?? 0) && overlayOnB.latest().version >= (log.at(-1)?.seq ?? 0) ? true : undefined,
    );
    const settled = (await nodeB.app.store.load(created.encounterId))?.events ?? [];
    expect(timedOutTurns(settled).map((e) => (e.type === 'turn-ended' ? e.actorIds : []))).toEqual([[ids.Aria], [ids.Goblin]]);
    expect(new Set(timerEnds(settled).map((e) => e.commandId)).size).toBe(2);
  });
});

// [ENG-41] A deadline pending when the server stops fires when it comes back, with no client connected.
describe.each(BACKENDS)('turn timer across a restart (%s)', (backend: Backend) => {
  let testDb: TestDatabase;
  let restarted: TestServer | undefined;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
  });

  afterAll(async () => {
    await restarted?.close();
    await testDb?.drop();
  });

  it('[ENG-41] fires the pending deadline after a restart, once, not before it', async () => {
    const first = await startServer(testDb.config);
    const table = await fight(first.url);
    const { gm, created, ids } = table;
    await accepted(gm, { type: 'set-options', options: { turnSeconds: 2, turnTimeout: 'auto-end' } });
    const version = await accepted(gm, { type: 'start-combat' });
    const turn = (await gm.waitForVersion(version)).view.turn;
    gm.close();
    await first.close();
    // Stopped before the deadline: nothing ended Aria's turn yet.
    expect(timerEnds(await storedEvents(testDb, created.encounterId))).toEqual([]);

    restarted = await startServer(testDb.config);
    const server = restarted;
    const log = await until('the timer end after the restart', async () => {
      const events = (await server.app.store.load(created.encounterId))?.events ?? [];
      return timerEnds(events).length >= 1 ? events : undefined;
    });
    expect(timedOutTurns(log)[0]).toEqual({ type: 'turn-ended', slotId: turn?.slotId, timedOut: true, actorIds: [ids.Aria] });
    // The next turn's stamp is the moment the restarted server ended Aria's: at or after her deadline.
    const next = log.find((e) => e.seq > (timerEnds(log)[0]?.seq ?? 0) && e.event.type === 'turn-started')?.event;
    expect(next?.type === 'turn-started' ? next.at : 0).toBeGreaterThanOrEqual((turn?.startedAt ?? 0) + 2_000);
    const phone = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    expect(phone.latest().view.turn?.actorIds).toEqual([ids.Goblin]);
    phone.close();
  });
});

/** The log as stored, read with a store of its own while no server runs. */
async function storedEvents(testDb: TestDatabase, encounterId: string): Promise<readonly StoredEvent[]> {
  const database = await openDatabase(testDb.config);
  try {
    return (await new DrizzleEventStore(database.db).load(encounterId))?.events ?? [];
  } finally {
    await database.close();
  }
}
