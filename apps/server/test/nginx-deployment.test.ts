import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_MESSAGE_BYTES, type CommandAck, type CreateEncounterResponse, type EncounterExport, type TakeSeatResponse } from '@roundkeeper/protocol';
import { buildApp } from '../src/app.js';
import { drainAndClose, SHUTDOWN_TIMEOUT_MS } from '../src/shutdown.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { openConnection, untilVersion } from './helpers/encounter-connection.js';
import { findNginx, startNginx, type Nginx } from './helpers/nginx.js';
import { createTestRedis, type TestRedis } from './helpers/redis.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import type { EncounterConnection } from '../../../packages/client/src/index.js';

// deploy/nginx.conf run for real (only the upstream addresses and the listen port rewritten, see
// helpers/nginx.ts) in front of two server processes on one PostgreSQL and one Redis, as
// docker-compose.yml runs them. CI installs nginx (.ci/run); without it this suite is skipped, saying so.
const NGINX = findNginx();
if (!NGINX) console.warn('nginx-deployment.test.ts SKIPPED: nginx is not installed (apt-get install nginx-light); CI installs it.');

const SUITE_TIMEOUT_MS = 60_000;
/** Per node and per address: small, so the test sees the per-IP budget at work. */
const JOIN_LIMIT = 2;
/** Commands the GM's real client sends one after another while its node drains. */
const DRAIN_COMMANDS = 16;
/** The node is sent SIGTERM after this many of them were acknowledged. */
const DRAIN_AFTER = 4;
const ENCOUNTERS = 4;

/** An HTTP request from a given loopback address (Linux routes all of 127/8 to lo): a "player" nginx sees by address. */
function requestFrom(localAddress: string, url: string, method: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, localAddress, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sockets connected to one node, from its own /metrics. */
async function socketsOn(node: ServerProcess): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  return [...text.matchAll(/^roundkeeper_connected_sockets\{role="[a-z]+"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

interface TableOnNginx {
  readonly created: CreateEncounterResponse;
  readonly gm: TestClient;
  readonly player: TestClient;
  readonly spectator: TestClient;
  /** Index of the node its clients landed on. */
  node: number;
}

describe.skipIf(!NGINX)('the shipped nginx.conf in front of two nodes', () => {
  let testDb: TestDatabase;
  let redis: TestRedis;
  let nginx: Nginx;
  const nodes: ServerProcess[] = [];
  const ports: number[] = [];
  let env: NodeJS.ProcessEnv;
  const tables: TableOnNginx[] = [];
  const opened: TestClient[] = [];
  const connections: EncounterConnection[] = [];
  let seatAddress = 100;

  beforeAllOrFail(async () => {
    [testDb, redis] = await Promise.all([createTestDatabase('postgres'), createTestRedis()]);
    while (ports.length < 3) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    // nginx reaches the nodes from 127.0.0.1; the players come from other loopback addresses.
    env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix, TRUST_PROXY: '127.0.0.1', JOIN_RATE_LIMIT_PER_MINUTE: String(JOIN_LIMIT) };
    nodes.push(...(await Promise.all([0, 1].map((i) => startServerProcess(testDb.config, ports[i] ?? 0, env)))));
    nginx = await startNginx(NGINX ?? 'nginx', [ports[0] ?? 0, ports[1] ?? 0], ports[2] ?? 0);
  });

  afterAll(async () => {
    for (const c of opened) c.close();
    for (const c of connections) c.close();
    await nginx?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    await testDb?.drop();
    await redis?.drop();
  });

  /** Each seat is taken from an address of its own: the join budget is per player, as in a real venue. */
  async function takeSeat(joinCode: string, combatantId: string): Promise<TakeSeatResponse> {
    const answer = await requestFrom(`127.0.0.${seatAddress++}`, `${nginx.url}/api/join/seat`, 'POST', JSON.stringify({ joinCode, combatantId }));
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body) as TakeSeatResponse;
  }

  /** As browsers connect through the shipped client: `?e=`, long-polling first, then the upgrade; reconnecting by itself. */
  const connect = async (encounterId: string, token: string) => {
    const client = await connectClient(nginx.url, authFor(encounterId, token), { query: { e: encounterId }, reconnection: true, transports: ['polling', 'websocket'] });
    opened.push(client);
    return client;
  };

  it('passes nginx -t (the shipped file, included as compose mounts it)', () => {
    const checked = nginx.test();
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toMatch(/syntax is ok/);
  });

  it('keeps the documented body limits: an import of MAX_IMPORT_BYTES passes, one byte more does not; creature files and a book for the bestiary pass; other bodies stop at the server', { timeout: SUITE_TIMEOUT_MS }, async () => {
    const created = (await (await fetch(`${nginx.url}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Big import', system: 'dnd5e' }) })).json()) as CreateEncounterResponse;
    const exported = (await (await fetch(`${nginx.url}/api/encounters/${created.encounterId}/export`, { headers: { authorization: `Bearer ${created.gmToken}` } })).json()) as EncounterExport;
    const json = JSON.stringify(exported);
    const post = (body: string) => fetch(`${nginx.url}/api/encounters/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // Whitespace after the JSON value: valid JSON of exactly the documented maximum size.
    const atLimit = await post(json + ' '.repeat(MAX_IMPORT_BYTES - Buffer.byteLength(json)));
    expect(atLimit.status, await atLimit.clone().text()).toBe(201);
    expect(((await atLimit.json()) as CreateEncounterResponse).encounterId).not.toBe(created.encounterId);
    expect((await post(json + ' '.repeat(MAX_IMPORT_BYTES + 1 - Buffer.byteLength(json)))).status).toBe(413);
    // Everything else: nginx lets a body over MAX_MESSAGE_BYTES through and the server answers with its own 413.
    const big = await fetch(`${nginx.url}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(MAX_MESSAGE_BYTES), system: 'dnd5e' }) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'bad-request' });
    // A GM's creature files (a book is 1.6 MB) reach the server through nginx, and so does a whole book for the bestiary.
    const book = `name,hp,note\n${`Goblin,7,${'a long note '.repeat(25)}\n`.repeat(5_000)}`;
    expect(book.length).toBeGreaterThan(1_500_000);
    const parsed = await fetch(`${nginx.url}/api/creature-files/parse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format: 'csv', system: 'dnd5e', files: [{ name: 'book.csv', text: book }] }) });
    expect(parsed.status, await parsed.clone().text().then((t) => t.slice(0, 200))).toBe(200);
    const library = (await (await fetch(`${nginx.url}/api/library`, { method: 'POST' })).json()) as { libraryToken: string };
    const monsters = Array.from({ length: 500 }, (_, i) => ({ name: `Goblin ${i}`, side: 'enemy', stats: {}, statBlock: { ac: 15, traits: [{ name: 'Nimble', text: 'x'.repeat(400) }] } }));
    const kept = await fetch(`${nginx.url}/api/library/bestiary`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${library.libraryToken}` }, body: JSON.stringify({ system: 'dnd5e', creatures: monsters }) });
    expect(kept.status).toBe(201);
  });

  it("counts join attempts per player address (X-Forwarded-For from nginx), not per nginx, and a player cannot pick their own", { timeout: SUITE_TIMEOUT_MS }, async () => {
    const lookup = (from: string, headers: Record<string, string> = {}) =>
      requestFrom(from, `${nginx.url}/api/join/lookup`, 'POST', JSON.stringify({ joinCode: 'ZZZZZZ' }), headers).then((r) => r.status);
    // One player spends their budget (on whichever node their address hashes to)...
    expect(await lookup('127.0.0.2')).toBe(404);
    expect(await lookup('127.0.0.2')).toBe(404);
    expect(await lookup('127.0.0.2')).toBe(429);
    // ...and cannot escape it by sending an X-Forwarded-For of their own: only nginx (127.0.0.1) is believed.
    expect(await lookup('127.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
    // Six other players keep their whole budget. Had the nodes counted nginx's address, two nodes with
    // two attempts each could not have answered these twelve.
    const others = await Promise.all(['3', '4', '5', '6', '7', '8'].map(async (n) => [await lookup(`127.0.0.${n}`), await lookup(`127.0.0.${n}`)]));
    expect(others.flat()).toEqual(Array(12).fill(404));
  });

  it("puts every client of one encounter on one node, polling first then upgraded to WebSocket through nginx", { timeout: SUITE_TIMEOUT_MS }, async () => {
    for (let i = 0; i < ENCOUNTERS; i++) {
      const before = await Promise.all(nodes.map(socketsOn));
      const created = (await (await fetch(`${nginx.url}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Table ${i}`, system: 'dnd5e' }) })).json()) as CreateEncounterResponse;
      // The GM's screen as browsers connect: long-polling first, then the upgrade.
      const gm = await connect(created.encounterId, created.gmToken);
      const ack = await gm.command({ type: 'add-combatant', combatant: { name: 'Aria', side: 'pc', stats: { dex: 14 } } });
      const version = ack.ok ? ack.version : 0;
      const aria = (await gm.waitForVersion(version)).view.combatants.find((c) => c.name === 'Aria')?.id ?? '';
      const seat = await takeSeat(created.joinCode, aria);
      const player = await connect(created.encounterId, seat.seatToken);
      const spectator = await connect(created.encounterId, created.spectatorToken);
      if (gm.socket.io.engine.transport.name !== 'websocket') await new Promise((resolve) => gm.socket.io.engine.once('upgrade', resolve));
      expect(gm.socket.io.engine.transport.name).toBe('websocket');
      const added = (await Promise.all(nodes.map(socketsOn))).map((n, k) => n - (before[k] ?? 0));
      expect(added.sort()).toEqual([0, 3]);
      tables.push({ created, gm, player, spectator, node: (await Promise.all(nodes.map(socketsOn))).findIndex((n, k) => n - (before[k] ?? 0) === 3) });
    }
  });

  it('answers /api/ready with 503 "draining" once a node starts shutting down', { timeout: SUITE_TIMEOUT_MS }, async () => {
    // In-process, on the same database, so the moment is observable (a drained child stops listening at once).
    const app = await buildApp({ port: 0, host: '127.0.0.1', database: testDb.config, webDist: '/nonexistent', logLevel: 'silent' });
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const drained = drainAndClose(app);
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'busy', message: expect.stringMatching(/draining/) });
    await drained;
  });

  it('SIGTERM drains a node: every acknowledged command is stored, every client reconnects through nginx to the other node', { timeout: SUITE_TIMEOUT_MS }, async () => {
    const drainedIndex = tables[0]?.node ?? 0;
    const drained = nodes[drainedIndex];
    const survivor = nodes[1 - drainedIndex];
    const table = tables[0];
    if (!drained || !survivor || !table) throw new Error('no table');
    const onDrained = tables.filter((t) => t.node === drainedIndex);
    // The GM's real client (outbox, resend under the same id, view patches) sends commands one after another.
    const gm = openConnection(nginx.url, table.created.encounterId, table.created.gmToken);
    connections.push(gm);
    await untilVersion(gm, 1);
    const acks: CommandAck[] = [];
    let stopped: Promise<number> | undefined;
    for (let i = 0; i < DRAIN_COMMANDS; i++) {
      if (i === DRAIN_AFTER) {
        const started = Date.now();
        stopped = drained.stop().then(() => Date.now() - started);
      }
      acks.push(await gm.send({ type: 'add-combatant', combatant: { name: `Drain ${i}`, side: 'enemy', stats: {} } }));
    }
    const tookMs = await stopped;
    expect(drained.child.exitCode, 'a drained node exits cleanly').toBe(0);
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(acks.every((a) => a.ok)).toBe(true);
    const last = Math.max(...acks.map((a) => (a.ok ? a.version : 0)));
    // Every acknowledged command is in the store, once: the survivor replays them all.
    const view = await untilVersion(gm, last);
    expect(view.view.combatants.map((c) => c.name).filter((n) => n.startsWith('Drain')).sort()).toEqual(Array.from({ length: DRAIN_COMMANDS }, (_, i) => `Drain ${i}`).sort());
    // No client is stuck: every one of the drained node's clients is back, on the survivor, and current.
    for (const t of onDrained) {
      const version = t === table ? last : t.gm.latest().version;
      // The player's and spectator's versions are their own views' (the GM's are the log's seqs).
      await Promise.all([t.gm.waitForVersion(version), t.player.caughtUp(), t.spectator.caughtUp()]);
      const ack = await t.gm.command({ type: 'add-combatant', combatant: { name: 'After the drain', side: 'npc', stats: {} } });
      expect(ack.ok).toBe(true);
      for (const c of [t.player, t.spectator]) expect((await c.caughtUp()).view.combatants.map((x) => x.name)).toContain('After the drain');
      t.node = 1 - drainedIndex;
    }
    expect(await socketsOn(survivor)).toBeGreaterThanOrEqual(onDrained.length * 3);
    // Back up for the next test, on the same port.
    nodes[drainedIndex] = await startServerProcess(testDb.config, ports[drainedIndex] ?? 0, env);
  });

  it('a node killed behind nginx hands its tables to the other: clients reconnect, get their views, commands carry on', { timeout: SUITE_TIMEOUT_MS }, async () => {
    const killedIndex = tables[0]?.node ?? 0;
    const killed = nodes[killedIndex];
    if (!killed) throw new Error('no node');
    const onKilled = tables.filter((t) => t.node === killedIndex);
    expect(onKilled.length).toBeGreaterThan(0);
    // Each client drops with the node and comes back by itself, through nginx, on the other one.
    const back = (c: TestClient) =>
      new Promise<void>((resolve) => c.socket.once('disconnect', () => c.socket.once('connect', () => resolve())));
    const reconnected = Promise.all(onKilled.flatMap((t) => [t.gm, t.player, t.spectator].map(back)));
    await killed.kill();
    await reconnected;
    await Promise.all(
      onKilled.map(async (t) => {
        const next = await t.gm.command({ type: 'add-combatant', combatant: { name: 'After the crash', side: 'npc', stats: {} } });
        expect(next.ok).toBe(true);
        if (next.ok) await t.gm.waitForVersion(next.version);
        for (const c of [t.player, t.spectator]) expect((await c.caughtUp()).view.combatants.map((x) => x.name)).toContain('After the crash');
      }),
    );
    expect(await socketsOn(nodes[1 - killedIndex] as ServerProcess)).toBeGreaterThanOrEqual(onKilled.length * 3);
  });
});
