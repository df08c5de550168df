import { afterAll, describe, expect, it } from 'vitest';
import { presenceSchema, type Presence } from '@roundkeeper/protocol';
import { buildApp } from '../src/app.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver, setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { postJson, startServer, type TestServer } from './helpers/test-server.js';

const WAIT_TIMEOUT_MS = 10_000;

async function presenceWhere(seen: Presence[], test: (p: Presence) => boolean, from = 0): Promise<Presence> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  for (;;) {
    const found = seen.slice(from).find((p) => test(presenceSchema.parse(p)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching presence within ${WAIT_TIMEOUT_MS} ms: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const gmFetch = (url: string, gmToken: string, method = 'GET') => fetch(url, { method, headers: { authorization: `Bearer ${gmToken}` } });

describe('seats fixed at the table: a seat request reaches the GM, freeing the seat answers it (pglite)', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Shade', side: 'pc', hidden: true },
      { name: 'Orc', side: 'enemy' },
    ]);
  });

  afterAll(async () => {
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('accepts a join code typed with lower case and a dash', async () => {
    const [a, b] = [table.created.joinCode.slice(0, 3), table.created.joinCode.slice(3)];
    const found = await postJson(`${server.url}/api/join/lookup`, { joinCode: `${a.toLowerCase()}-${b.toLowerCase()}` });
    expect(found.status).toBe(200);
  });

  it("shows a player's request for a taken seat on the GM's presence until the GM frees the seat", async () => {
    const aria = table.ids.Aria!;
    const taken = await takeSeat(server.url, table.created.joinCode, aria);
    expect(taken.seatToken).toBeTruthy();

    const asked = await fetch(`${server.url}/api/join/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ joinCode: table.created.joinCode.toLowerCase(), combatantId: aria }),
    });
    expect(asked.status).toBe(204);
    const withRequest = await presenceWhere(table.gm.presences, (p) => (p.requests ?? []).some((r) => r.combatantId === aria));
    expect(withRequest.requests).toEqual([{ requestId: expect.any(String), combatantId: aria, name: 'Aria', at: expect.any(String) }]);
    const seatId = withRequest.seats.find((s) => s.combatantIds.includes(aria))!.seatId;

    // The phone that held the seat is gone (no socket): freeing it still tells the GM, and answers the request.
    const count = table.gm.presences.length;
    const removed = await gmFetch(`${server.url}/api/encounters/${table.created.encounterId}/seats/${seatId}`, table.created.gmToken, 'DELETE');
    expect(removed.status).toBe(204);
    const after = await presenceWhere(table.gm.presences, (p) => p.seats.length === 0, count);
    expect(after.requests).toEqual([]);
  });

  it('can be dismissed without freeing the seat', async () => {
    const aria = table.ids.Aria!;
    const asked = await fetch(`${server.url}/api/join/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ joinCode: table.created.joinCode, combatantId: aria }),
    });
    expect(asked.status).toBe(204);
    await presenceWhere(table.gm.presences, (p) => (p.requests ?? []).length === 1);
    const count = table.gm.presences.length;
    const dismissed = await gmFetch(`${server.url}/api/encounters/${table.created.encounterId}/seat-requests/${aria}`, table.created.gmToken, 'DELETE');
    expect(dismissed.status).toBe(204);
    await presenceWhere(table.gm.presences, (p) => (p.requests ?? []).length === 0, count);
  });

  it('answers a hidden PC or a monster like a missing character', async () => {
    for (const combatantId of [table.ids.Shade!, table.ids.Orc!, 'nobody']) {
      const refused = await postJson(`${server.url}/api/join/request`, { joinCode: table.created.joinCode, combatantId });
      expect(refused).toEqual({ status: 404, body: { code: 'not-found', message: 'There is no such character in this encounter.' } });
    }
  });
});

describe('join addresses', () => {
  it("give PUBLIC_URL and the machine's LAN origins with the port the console used, to the GM only", async () => {
    const app = await buildApp({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'https://rk.example.org',
      database: { driver: 'pglite', dataDir: null },
      webDist: '/nonexistent/roundkeeper-web-dist',
      logLevel: 'silent',
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no address');
      const url = `http://127.0.0.1:${address.port}`;
      const created = await createEncounterOver(url);
      const path = `${url}/api/encounters/${created.encounterId}/join-addresses`;
      expect((await fetch(path)).status).toBe(401);
      const answer = (await (await gmFetch(path, created.gmToken)).json()) as { joinCode: string; joinLocked: boolean; publicUrl: string; lanOrigins: string[] };
      expect(answer).toMatchObject({ joinCode: created.joinCode, joinLocked: false, publicUrl: 'https://rk.example.org' });
      for (const origin of answer.lanOrigins) expect(origin).toMatch(new RegExp(`^http://\\d+\\.\\d+\\.\\d+\\.\\d+:${address.port}$`));
    } finally {
      await app.close();
    }
  });
});
