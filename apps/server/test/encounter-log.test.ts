import { afterAll, describe, expect, it } from 'vitest';
import { logPageSchema, MAX_LOG_PAGE, type CommandAck, type LogEntry, type LogPage } from '@roundkeeper/protocol';
import type { Command, EncounterEvent, UnitRef } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const SECRET_NOTE = 'GM-NOTE-the-goblin-is-a-spy';
const PAGE = 4;

async function accepted(client: TestClient, command: Command): Promise<number> {
  const ack: CommandAck = await client.command(command);
  if (!ack.ok) throw new Error(`${command.type} refused: ${ack.code} ${ack.message}`);
  await client.waitForVersion(ack.version);
  return ack.version;
}

describe.each(BACKENDS)('the GM log over HTTP (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  let aria: TestClient;
  let seatToken: string;
  let api: string;

  /** GETs a page of the log as the GM and checks it against the protocol schema. */
  async function logPage(query: string, bearer = table.created.gmToken): Promise<LogPage> {
    const response = await callApi(`${api}/log${query}`, 'GET', { bearer });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return logPageSchema.parse(response.body) as LogPage;
  }

  /** Every entry, paging forwards `PAGE` at a time. */
  async function wholeLog(): Promise<LogEntry[]> {
    const entries: LogEntry[] = [];
    for (let more = true; more; ) {
      const page = await logPage(`?after=${entries.at(-1)?.seq ?? 0}&limit=${PAGE}`);
      expect(page.entries.length).toBeLessThanOrEqual(PAGE);
      entries.push(...page.entries);
      more = page.more;
    }
    return entries;
  }

  const storedEvents = async (): Promise<EncounterEvent[]> =>
    (await server.app.store.load(table.created.encounterId))?.events.map((e) => e.event) ?? [];

  async function storedSeed(): Promise<string> {
    const created = (await storedEvents())[0];
    if (created?.type !== 'encounter-created') throw new Error('no creation event');
    return created.seed;
  }

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Goblin', side: 'enemy', hidden: true, note: SECRET_NOTE },
    ]);
    api = `${server.url}/api/encounters/${table.created.encounterId}`;
    const seat = await takeSeat(server.url, table.created.joinCode, table.ids.Aria ?? '');
    seatToken = seat.seatToken;
    aria = await connectClient(server.url, authFor(table.created.encounterId, seatToken));
    const { gm } = table;
    await accepted(gm, { type: 'begin-initiative' });
    await accepted(aria, { type: 'roll-initiative', unit: { kind: 'combatant', id: table.ids.Aria ?? '' } });
    await accepted(gm, { type: 'roll-npc-initiative' });
    // Seeds are random, so a tie may or may not happen: order whatever the GM is shown.
    for (let tie = gm.latest().view.pendingTies[0]; tie; tie = gm.latest().view.pendingTies[0]) {
      await accepted(gm, { type: 'resolve-tie', order: [...tie].reverse() satisfies UnitRef[] });
    }
    await accepted(gm, { type: 'start-combat' });
    for (let turn = 0; turn < 3; turn++) await accepted(gm, { type: 'end-turn' });
  });

  afterAll(async () => {
    aria?.close();
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('pages forwards through every stored event, oldest first, each once, with its command and time', async () => {
    const entries = await wholeLog();
    const version = table.gm.latest().version;
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    expect(entries.map((e) => e.event.type)).toEqual((await storedEvents()).map((e) => e.type));
    expect(entries[0]).toMatchObject({ commandId: null, by: null, event: { type: 'encounter-created' } });
    const times = entries.map((e) => Date.parse(e.at));
    expect(times.every((t) => Number.isFinite(t))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The GM sees everything, hidden combatants and notes included.
    expect(JSON.stringify(entries)).toContain(SECRET_NOTE);
    expect(await logPage(`?after=${version}`)).toEqual({ ended: false, entries: [], more: false });
  });

  it('pages backwards from the latest: the last events before the cursor, still oldest first', async () => {
    const version = table.gm.latest().version;
    const latest = await logPage(`?before=${version + 1}&limit=${PAGE}`);
    expect(latest.entries.map((e) => e.seq)).toEqual([version - 3, version - 2, version - 1, version]);
    expect(latest.more).toBe(true);
    const earlier = await logPage(`?before=${version - 3}&limit=${PAGE}`);
    expect(earlier.entries.at(-1)?.seq).toBe(version - 4);
    const first = await logPage(`?before=3&limit=${PAGE}`);
    expect(first).toMatchObject({ more: false, entries: [{ seq: 1 }, { seq: 2 }] });
    expect((await logPage('?before=1')).entries).toEqual([]);
  });

  it('says who issued each command on every event it wrote, even on a page that starts inside the command', async () => {
    const entries = await wholeLog();
    const rolls = entries.filter((e) => e.event.type === 'initiative-rolled');
    const ariaId = table.ids.Aria;
    // A player is named by their seat's combatants; the GM by nothing more.
    expect(rolls.find((e) => e.event.type === 'initiative-rolled' && e.event.unit.id === ariaId)).toMatchObject({ by: 'player', player: [ariaId] });
    expect(rolls.find((e) => e.event.type === 'initiative-rolled' && e.event.unit.id !== ariaId)).toMatchObject({ by: 'gm', player: null });
    for (const entry of entries.slice(1)) {
      const marker = entries.find((e) => e.commandId === entry.commandId && e.event.type === 'command-applied');
      expect(entry.commandId, `seq ${entry.seq}`).not.toBeNull();
      expect(entry.by, `seq ${entry.seq}`).toBe(marker?.event.type === 'command-applied' ? marker.event.by : null);
    }
    // start-combat writes several events: read from its second one, forwards and backwards.
    const start = entries.find((e) => e.event.type === 'command-applied' && e.event.command === 'start-combat');
    expect(start).toBeDefined();
    const inside = await logPage(`?after=${start?.seq}&limit=1`);
    expect(inside.entries).toEqual([{ ...entries[start?.seq ?? 0], by: 'gm' }]);
    const backwards = await logPage(`?before=${(start?.seq ?? 0) + 2}&limit=1`);
    expect(backwards.entries[0]).toMatchObject({ seq: (start?.seq ?? 0) + 1, commandId: start?.commandId, by: 'gm' });
  });

  it('shows every die face rolled, but never the seed or the generator state before the end', async () => {
    const entries = await wholeLog();
    const stored = await storedEvents();
    const rolls = entries.filter((e) => e.event.type === 'initiative-rolled');
    expect(rolls.length).toBeGreaterThanOrEqual(2);
    for (const entry of rolls) {
      const original = stored[entry.seq - 1];
      if (entry.event.type !== 'initiative-rolled' || original?.type !== 'initiative-rolled') throw new Error('not a roll');
      expect(entry.event.roll.dice.length).toBeGreaterThan(0);
      expect(entry.event.roll).toEqual(original.roll);
      expect(entry.event.rng).toBeNull();
    }
    const created = entries[0]?.event;
    expect(created).toMatchObject({ type: 'encounter-created', seed: null, seedCommitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(await storedSeed());
    for (const event of stored) if ('rng' in event && event.rng) expect(text).not.toContain(JSON.stringify(event.rng));
  });

  it('refuses anyone but the GM, and a refused or accepted read changes nothing', async () => {
    const before = await server.app.store.latestSeq(table.created.encounterId);
    const url = `${api}/log`;
    expect(await callApi(url, 'GET')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await callApi(url, 'GET', { bearer: 'not-a-token' })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await callApi(url, 'GET', { bearer: seatToken })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await callApi(url, 'GET', { bearer: table.created.spectatorToken })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const elsewhere = `${server.url}/api/encounters/no-such-encounter/log`;
    expect(await callApi(elsewhere, 'GET', { bearer: table.created.gmToken })).toMatchObject({ status: 401 });
    // Even a malformed query answers 401 without the token: it says nothing to a stranger.
    expect(await callApi(`${url}?limit=nope`, 'GET')).toMatchObject({ status: 401 });
    await logPage('');
    expect(await server.app.store.latestSeq(table.created.encounterId)).toBe(before);
    expect(table.gm.latest().version).toBe(before);
  });

  it.each([
    ['?after=-1', 'after'],
    ['?after=abc', 'after'],
    ['?after=1.5', 'after'],
    ['?before=99999999999', 'before'],
    ['?limit=0', 'limit'],
    [`?limit=${MAX_LOG_PAGE + 1}`, 'limit'],
    ['?after=1&before=5', 'either after or before'],
    ['?after=1&after=2', 'after'],
    ['?since=3', 'since'],
  ])('answers 400 bad-request naming the problem for %s', async (query, named) => {
    const response = await callApi(`${api}/log${query}`, 'GET', { bearer: table.created.gmToken });
    expect(response).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining(named) } });
  });

  it('documents the route and its query parameters in the OpenAPI document', async () => {
    const doc = (await callApi(`${server.url}/api/openapi.json`, 'GET')).body as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[]; security?: unknown }>>;
    };
    const route = doc.paths['/api/encounters/{encounterId}/log']?.get;
    expect(route?.security).toEqual([{ gmToken: [] }]);
    expect(route?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'encounterId', in: 'path', required: true }),
        expect.objectContaining({ name: 'after', in: 'query', required: false }),
        expect.objectContaining({ name: 'before', in: 'query', required: false }),
        expect.objectContaining({ name: 'limit', in: 'query', required: false }),
      ]),
    );
  });

  it('reveals the seed and every generator state once the encounter has ended', async () => {
    await accepted(table.gm, { type: 'end-encounter' });
    const entries = await wholeLog();
    const seed = await storedSeed();
    expect(entries[0]?.event).toMatchObject({ type: 'encounter-created', seed });
    expect(entries.at(-1)?.event).toMatchObject({ type: 'encounter-ended', seed });
    const roll = entries.find((e) => e.event.type === 'initiative-rolled');
    expect(roll?.event).toMatchObject({ rng: expect.anything() });
    expect((await logPage('?after=0&limit=1')).ended).toBe(true);
  });
});
