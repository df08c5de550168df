import { afterAll, describe, expect, it } from 'vitest';
import {
  encounterExportSchema,
  type CreateEncounterResponse,
  type EncounterExport,
  type ErrorBody,
  type JoinSettingsResponse,
  type ListEncountersResponse,
  type ListSeatsResponse,
  type StatBlock,
  MAX_STAT_BLOCK_BYTES,
  statBlockBytes,
} from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver, lookup, setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient, expectConnectError } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const SECRET_NOTE = 'GM-NOTE-the-goblin-is-a-spy';
/** A stat block larger than the old 16 KiB message limit: 30 actions of 800 characters. */
const BIG_STAT_BLOCK: StatBlock = {
  ac: 15,
  acNote: 'leather armor, shield',
  hpFormula: '2d6',
  actions: Array.from({ length: 30 }, (_, i) => ({ name: `Trick ${i + 1}`, text: `Melee Weapon Attack: +4 to hit. ${'It dodges and weaves. '.repeat(36)}` })),
};

describe.each(BACKENDS)('GM controls, export and import, metrics and OpenAPI over HTTP (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  let api: string;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Borin', side: 'pc' },
      { name: 'Goblin', side: 'enemy', note: SECRET_NOTE, statBlock: BIG_STAT_BLOCK },
    ]);
    api = `${server.url}/api/encounters/${table.created.encounterId}`;
  });

  afterAll(async () => {
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('authorises GM routes by the GM token as a bearer: 401 without or with a wrong one, 403 for another role', async () => {
    expect(await callApi(`${api}/seats`, 'GET')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await callApi(`${api}/seats`, 'GET', { bearer: 'nope' })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const spectator = await callApi(`${api}/seats`, 'GET', { bearer: table.created.spectatorToken });
    expect(spectator).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const other = await createEncounterOver(server.url);
    expect(await callApi(`${api}/export`, 'GET', { bearer: other.gmToken })).toMatchObject({ status: 401 });
    expect(await callApi(`${server.url}/api/encounters/nope/seats`, 'GET', { bearer: table.created.gmToken })).toMatchObject({ status: 401 });
  });

  it('locks joining: lookup says so, taking a seat is refused 403 join-locked; unlocking opens it again', async () => {
    const locked = await callApi(`${api}/join-lock`, 'PUT', { bearer: table.created.gmToken, body: { locked: true } });
    expect(locked).toMatchObject({ status: 200, body: { joinCode: table.created.joinCode, joinLocked: true } });
    expect((await lookup(server.url, table.created.joinCode)).joinLocked).toBe(true);
    const refused = await callApi(`${server.url}/api/join/seat`, 'POST', { body: { joinCode: table.created.joinCode, combatantId: table.ids.Aria } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'join-locked' } });
    expect(await callApi(`${api}/join-lock`, 'PUT', { bearer: table.created.gmToken, body: { locked: 'yes' } })).toMatchObject({ status: 400 });
    await callApi(`${api}/join-lock`, 'PUT', { bearer: table.created.gmToken, body: { locked: false } });
    expect((await lookup(server.url, table.created.joinCode)).joinLocked).toBe(false);
  });

  it('rotates the join code: the old one stops working, seats keep working', async () => {
    const seat = await takeSeat(server.url, table.created.joinCode, table.ids.Borin ?? '');
    const rotated = await callApi(`${api}/join-code`, 'POST', { bearer: table.created.gmToken });
    const { joinCode } = rotated.body as JoinSettingsResponse;
    expect(rotated.status).toBe(200);
    expect(joinCode).not.toBe(table.created.joinCode);
    expect(await callApi(`${server.url}/api/join/lookup`, 'POST', { body: { joinCode: table.created.joinCode } })).toMatchObject({ status: 404 });
    expect((await lookup(server.url, joinCode)).encounterId).toBe(table.created.encounterId);
    const borin = await connectClient(server.url, authFor(table.created.encounterId, seat.seatToken));
    expect(borin.latest().view.audience).toBe('player');
    borin.close();
    table = { ...table, created: { ...table.created, joinCode } };
  });

  it("removes a seat: its phones are told and disconnected, its token no longer connects, the PC is free again", async () => {
    const seat = await takeSeat(server.url, table.created.joinCode, table.ids.Aria ?? '');
    const phone = await connectClient(server.url, authFor(table.created.encounterId, seat.seatToken));
    const listed = await callApi(`${api}/seats`, 'GET', { bearer: table.created.gmToken });
    const seatId = (listed.body as ListSeatsResponse).seats.find((s) => s.combatantIds.includes(table.ids.Aria ?? ''))?.seatId;
    expect(seatId).toBeTruthy();
    const told = new Promise<ErrorBody>((resolve) => phone.socket.once('removed', resolve));
    const gone = new Promise<string>((resolve) => phone.socket.once('disconnect', resolve));
    expect(await callApi(`${api}/seats/${seatId}`, 'DELETE', { bearer: table.created.gmToken })).toMatchObject({ status: 204 });
    expect(await told).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('removed') });
    expect(await gone).toBe('io server disconnect');
    expect(await expectConnectError(server.url, authFor(table.created.encounterId, seat.seatToken))).toMatchObject({ code: 'unauthorized' });
    expect((await lookup(server.url, table.created.joinCode)).seats.find((s) => s.combatantId === table.ids.Aria)?.taken).toBe(false);
    expect(await callApi(`${api}/seats/${seatId}`, 'DELETE', { bearer: table.created.gmToken })).toMatchObject({ status: 404 });
  });

  it('lists the encounters of the GM tokens sent, newest first, skipping unknown tokens', async () => {
    const second = await createEncounterOver(server.url, 'Second fight');
    const listed = await callApi(`${server.url}/api/gm/encounters`, 'POST', {
      body: { gmTokens: [table.created.gmToken, second.gmToken, 'unknown-token', table.created.spectatorToken] },
    });
    expect(listed.status).toBe(200);
    const { encounters } = listed.body as ListEncountersResponse;
    expect(encounters.map((e) => e.encounterId)).toEqual([second.encounterId, table.created.encounterId]);
    expect(encounters[1]).toMatchObject({ name: 'Goblin ambush', system: 'dnd5e', phase: 'setup', joinCode: table.created.joinCode, seats: 1 });
    expect(JSON.stringify(listed.body)).not.toContain(table.created.gmToken);
    const tooMany = await callApi(`${server.url}/api/gm/encounters`, 'POST', { body: { gmTokens: Array.from({ length: 101 }, () => 'x') } });
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'bad-request' } });
  });

  it('exports to the GM only, with every event and the final view, and never the seed before the end', async () => {
    const exported = await callApi(`${api}/export`, 'GET', { bearer: table.created.gmToken });
    expect(exported.status).toBe(200);
    const file = encounterExportSchema.parse(exported.body);
    expect(file).toMatchObject({ format: 'roundkeeper-encounter', ended: false, encounter: { id: table.created.encounterId } });
    expect(file.events.map((e) => e.seq)).toEqual(Array.from({ length: file.version }, (_, i) => i + 1));
    expect(file.events[0]?.event).toMatchObject({ type: 'encounter-created', seed: null });
    expect(JSON.stringify(file)).toContain(SECRET_NOTE);
    const loaded = await server.app.store.load(table.created.encounterId);
    const created = loaded?.events[0]?.event;
    const seed = created?.type === 'encounter-created' ? created.seed : undefined;
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(file)).not.toContain(seed);
  });

  it('imports an export as a new encounter with new tokens that replays to the same view', async () => {
    const file = (await callApi(`${api}/export`, 'GET', { bearer: table.created.gmToken })).body as EncounterExport;
    const imported = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: file });
    expect(imported.status).toBe(201);
    const copy = imported.body as CreateEncounterResponse;
    expect(copy.encounterId).not.toBe(table.created.encounterId);
    expect(copy.gmToken).not.toBe(table.created.gmToken);
    const gm = await connectClient(server.url, authFor(copy.encounterId, copy.gmToken));
    const original = table.gm.latest().view;
    expect(gm.latest().version).toBe(file.version);
    expect({ ...gm.latest().view, id: original.id, seedCommitment: original.seedCommitment }).toEqual(original);
    // [ENG-45] The stat block went into the log with its combatant, and came back with the import.
    expect(statBlockBytes(BIG_STAT_BLOCK)).toBeGreaterThan(16 * 1024);
    expect(statBlockBytes(BIG_STAT_BLOCK)).toBeLessThan(MAX_STAT_BLOCK_BYTES);
    expect(gm.latest().view.combatants.find((c) => c.name === 'Goblin')?.statBlock).toEqual(BIG_STAT_BLOCK);
    // The copy is live: the GM can go on playing.
    expect((await gm.command({ type: 'begin-initiative' })).ok).toBe(true);
    gm.close();
  });

  it('exports no generator state before the end, and an import rolls on from its own new seed', async () => {
    const rolled = await setUpTable(server.url, [{ name: 'Orc', side: 'enemy' }]);
    expect((await rolled.gm.command({ type: 'begin-initiative' })).ok).toBe(true);
    expect((await rolled.gm.command({ type: 'roll-npc-initiative' })).ok).toBe(true);
    const url = `${server.url}/api/encounters/${rolled.created.encounterId}/export`;
    const file = (await callApi(url, 'GET', { bearer: rolled.created.gmToken })).body as EncounterExport;
    const rolls = file.events.filter((e) => e.event.type === 'initiative-rolled');
    expect(rolls).toHaveLength(1);
    // With the generator state after a roll, the holder of the file could foresee every later roll.
    expect(rolls[0]?.event).toMatchObject({ rng: null });
    const imported = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: file });
    expect(imported.status).toBe(201);
    const copy = imported.body as CreateEncounterResponse;
    const gm = await connectClient(server.url, authFor(copy.encounterId, copy.gmToken));
    const orc = gm.latest().view.combatants[0];
    expect(orc?.initiative).toEqual(rolled.gm.latest().view.combatants[0]?.initiative);
    expect((await gm.command({ type: 'add-combatant', combatant: { name: 'Troll', side: 'enemy', stats: {} } })).ok).toBe(true);
    expect((await gm.command({ type: 'roll-npc-initiative' })).ok).toBe(true);
    gm.close();
    rolled.gm.close();
  });

  it('refuses an import that does not replay or is malformed, writing nothing', async () => {
    const file = (await callApi(`${api}/export`, 'GET', { bearer: table.created.gmToken })).body as EncounterExport;
    const gap = { ...file, events: file.events.filter((e) => e.seq !== 2) };
    expect(await callApi(`${server.url}/api/encounters/import`, 'POST', { body: gap })).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    const broken = { ...file, events: [...file.events, { seq: file.version + 1, commandId: null, event: { type: 'no-such-event' } }] };
    const replayed = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: broken });
    expect(replayed.status).toBe(400);
    const wrong = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: { ...file, format: 'other' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('format') } });
  });

  it('serves Prometheus metrics: commands by outcome and code, latency, sockets by role, open rooms', async () => {
    await table.gm.command({ type: 'end-turn' });
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/roundkeeper_commands_total\{outcome="accepted",code="ok"\} [1-9]/);
    expect(text).toMatch(/roundkeeper_commands_total\{outcome="refused",code="wrong-phase"\} [1-9]/);
    expect(text).toMatch(/roundkeeper_command_duration_seconds_count [1-9]/);
    expect(text).toMatch(/roundkeeper_connected_sockets\{role="gm"\} [1-9]/);
    expect(text).toMatch(/roundkeeper_open_rooms [1-9]/);
  });

  it('describes every registered /api route in the OpenAPI document generated from the schemas', async () => {
    const response = await callApi(`${server.url}/api/openapi.json`, 'GET');
    expect(response.status).toBe(200);
    const doc = response.body as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const routes = server.app.apiDocs.registered.filter((r) => r.split(' ')[1]?.startsWith('/api/') && !r.startsWith('HEAD '));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const route of routes) {
      const [method = '', url = ''] = route.split(' ');
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[method.toLowerCase()], route).toBeDefined();
    }
    expect(doc.paths['/api/join/seat']?.post?.responses).toHaveProperty('429');
    expect(JSON.stringify(doc.paths['/api/encounters']?.post)).toContain('dnd5e');
  });
});

describe('join rate limit', () => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config, { joinRateLimit: { max: 3, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('answers 429 rate-limited with Retry-After once an IP has used its join attempts, on either join route', async () => {
    const created = await createEncounterOver(server.url);
    for (let i = 0; i < 3; i++) expect((await callApi(`${server.url}/api/join/lookup`, 'POST', { body: { joinCode: created.joinCode } })).status).toBe(200);
    const limited = await callApi(`${server.url}/api/join/seat`, 'POST', { body: { joinCode: created.joinCode, combatantId: 'c1' } });
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other routes are not counted.
    expect((await callApi(`${server.url}/api/health`, 'GET')).status).toBe(200);
  });
});
