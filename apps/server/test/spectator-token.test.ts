import { afterAll, describe, expect, it } from 'vitest';
import { spectatorTokenResponseSchema, type ErrorBody } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient, expectConnectError, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** Long enough for a 'removed' or a disconnect that is coming; a socket still open after it was not closed. */
const SETTLE_MS = 300;

describe.each(BACKENDS)('replacing the spectator token (the overlay link) over HTTP (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  let rotateUrl: string;
  let seatToken: string;
  const clients: TestClient[] = [];

  const connect = async (token: string): Promise<TestClient> => {
    const client = await connectClient(server.url, authFor(table.created.encounterId, token));
    clients.push(client);
    return client;
  };

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [{ name: 'Aria', side: 'pc' }]);
    rotateUrl = `${server.url}/api/encounters/${table.created.encounterId}/spectator-token`;
    seatToken = (await takeSeat(server.url, table.created.joinCode, table.ids.Aria ?? '')).seatToken;
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('refuses anyone but the GM, and then changes nothing: the old token still connects, its overlay stays', async () => {
    const overlay = await connect(table.created.spectatorToken);
    let removed = false;
    overlay.socket.on('removed', () => (removed = true));
    expect(await callApi(rotateUrl, 'POST')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await callApi(rotateUrl, 'POST', { bearer: 'not-a-token' })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await callApi(rotateUrl, 'POST', { bearer: seatToken })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await callApi(rotateUrl, 'POST', { bearer: table.created.spectatorToken })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const unknown = `${server.url}/api/encounters/nope/spectator-token`;
    expect(await callApi(unknown, 'POST', { bearer: table.created.gmToken })).toMatchObject({ status: 401 });

    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(removed).toBe(false);
    expect(overlay.socket.connected).toBe(true);
    const again = await connect(table.created.spectatorToken);
    expect(again.latest().view.audience).toBe('spectator');
    overlay.close();
    again.close();
  });

  it('gives the GM a new token: overlays on the old one are told why and disconnected, the old one is refused, the new one works', async () => {
    const overlay = await connect(table.created.spectatorToken);
    const phone = await connect(seatToken);
    const gmDisconnects: string[] = [];
    table.gm.socket.on('disconnect', (reason) => gmDisconnects.push(reason));
    const told = new Promise<ErrorBody>((resolve) => overlay.socket.once('removed', resolve));
    const gone = new Promise<string>((resolve) => overlay.socket.once('disconnect', resolve));

    const rotated = await callApi(rotateUrl, 'POST', { bearer: table.created.gmToken });
    expect(rotated.status).toBe(200);
    const { spectatorToken } = spectatorTokenResponseSchema.parse(rotated.body);
    expect(spectatorToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(spectatorToken).not.toBe(table.created.spectatorToken);

    expect(await told).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('new overlay link') });
    expect(await gone).toBe('io server disconnect');
    expect(await expectConnectError(server.url, authFor(table.created.encounterId, table.created.spectatorToken))).toMatchObject({
      code: 'unauthorized',
    });

    const renewed = await connect(spectatorToken);
    expect(renewed.latest().view.audience).toBe('spectator');
    expect(renewed.latest().view.combatants.map((c) => c.name)).toEqual(['Aria']);
    // Only spectators were closed: the GM and the phone stay, and still hear of changes.
    expect(phone.socket.connected).toBe(true);
    expect(table.gm.socket.connected).toBe(true);
    expect(gmDisconnects).toEqual([]);
    const held = [phone.latest().version, renewed.latest().version];
    const ack = await table.gm.command({ type: 'begin-initiative' });
    if (!ack.ok) throw new Error(ack.code);
    // Each has its own versions: a pushed view newer than the one held shows the change reached it.
    expect((await phone.caughtUp()).version).toBeGreaterThan(held[0]!);
    expect((await renewed.caughtUp()).version).toBeGreaterThan(held[1]!);

    // Rotating again retires the token just handed out, the same way.
    const renewedGone = new Promise<string>((resolve) => renewed.socket.once('disconnect', resolve));
    const second = spectatorTokenResponseSchema.parse((await callApi(rotateUrl, 'POST', { bearer: table.created.gmToken })).body);
    expect(await renewedGone).toBe('io server disconnect');
    expect(await expectConnectError(server.url, authFor(table.created.encounterId, spectatorToken))).toMatchObject({ code: 'unauthorized' });
    expect((await connect(second.spectatorToken)).latest().view.audience).toBe('spectator');
  });

  it('is listed in the OpenAPI document as a GM route', async () => {
    const doc = (await callApi(`${server.url}/api/openapi.json`, 'GET')).body as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const route = doc.paths['/api/encounters/{encounterId}/spectator-token']?.post;
    expect(route?.security).toEqual([{ gmToken: [] }]);
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
  });
});
