// Per-client limits (@fastify/rate-limit keyed on request.ip): the join routes' budget and the new
// encounters' budget, their 429 `{ code, message }` + Retry-After contract, and on a cluster one
// budget across nodes through the real Redis (a key prefix of this run's own).
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@roundkeeper/protocol';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { createTestRedis, type TestRedis } from './helpers/redis.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { beforeAllOrFail } from './helpers/suite.js';

const HOUR_MS = 60 * 60_000;

async function redisKeys(url: string, pattern: string): Promise<string[]> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.keys(pattern);
  } finally {
    await client.close();
  }
}

/** A POST as the client at `ip` (the servers below trust X-Forwarded-For from loopback, as behind nginx). */
async function postAs(url: string, ip: string, body: unknown, bearer?: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
}

const NEW_ENCOUNTER = { name: 'Limited', system: 'dnd5e' } as const;

function expectRateLimited(answer: { status: number; body: unknown; headers: Headers }, maxWaitSeconds: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ code: 'rate-limited', message: expect.stringMatching(/^Too many .* try again in \d+ (s|min)\.$/) });
  expect((answer.body as { message: string }).message).not.toBe(ERROR_MESSAGES['rate-limited']);
  // The phone counts this down: whole seconds, never more than the window.
  const retryAfter = answer.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxWaitSeconds);
}

describe('new encounters per client', () => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config, { encounterRateLimit: { max: 3, windowMs: HOUR_MS }, trustProxy: ['loopback'] });
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('creating and importing share one budget per client; past it 429 rate-limited with Retry-After, and nothing is made', async () => {
    const first = await postAs(`${server.url}/api/encounters`, '203.0.113.7', NEW_ENCOUNTER);
    expect(first.status).toBe(201);
    const { encounterId, gmToken } = first.body as { encounterId: string; gmToken: string };
    expect((await postAs(`${server.url}/api/encounters`, '203.0.113.7', NEW_ENCOUNTER)).status).toBe(201);
    const file = await callApi(`${server.url}/api/encounters/${encounterId}/export`, 'GET', { bearer: gmToken });
    expect(file.status).toBe(200);
    // The third is an import: the same budget.
    expect((await postAs(`${server.url}/api/encounters/import`, '203.0.113.7', file.body)).status).toBe(201);

    const created = await postAs(`${server.url}/api/encounters`, '203.0.113.7', NEW_ENCOUNTER);
    expectRateLimited(created, HOUR_MS / 1000);
    expect((created.body as { message: string }).message).toMatch(/new encounters/);
    expectRateLimited(await postAs(`${server.url}/api/encounters/import`, '203.0.113.7', file.body), HOUR_MS / 1000);

    // Another client has its own budget; the limited one made nothing more (the GM lists three).
    expect((await postAs(`${server.url}/api/encounters`, '198.51.100.20', NEW_ENCOUNTER)).status).toBe(201);
    const tokens = await Promise.all(
      [0, 1, 2].map(async () => ((await postAs(`${server.url}/api/encounters`, '198.51.100.21', NEW_ENCOUNTER)).body as { gmToken?: string }).gmToken),
    );
    expect(tokens.every((t) => typeof t === 'string')).toBe(true);
    // Other routes are not counted against the limited client.
    expect((await postAs(`${server.url}/api/join/lookup`, '203.0.113.7', { joinCode: 'ABCD-EFGH' })).status).not.toBe(429);
  });
  it('on one node too, a library and a party\'s encounter count against the same budget as creating and importing', async () => {
    // Before: the library routes' limit had a count of its own on a node without Redis (two budgets).
    const ip = '203.0.113.9';
    expect((await postAs(`${server.url}/api/encounters`, ip, NEW_ENCOUNTER)).status).toBe(201);
    const library = await postAs(`${server.url}/api/library`, ip, {});
    expect(library.status).toBe(201);
    const { libraryToken } = library.body as { libraryToken: string };
    const party = await postAs(`${server.url}/api/library/parties`, ip, { name: 'Heroes', system: 'dnd5e', members: [] }, libraryToken);
    expect(party.status).toBe(201);
    const { partyId } = party.body as { partyId: string };
    const start = `${server.url}/api/library/parties/${partyId}/encounters`;
    expect((await postAs(start, ip, { name: 'Night one', monsters: [] }, libraryToken)).status).toBe(201);
    // Three made (the limit): every way of making one more is refused.
    expectRateLimited(await postAs(`${server.url}/api/encounters`, ip, NEW_ENCOUNTER), HOUR_MS / 1000);
    expectRateLimited(await postAs(`${server.url}/api/library`, ip, {}), HOUR_MS / 1000);
    expectRateLimited(await postAs(start, ip, { name: 'Night two', monsters: [] }, libraryToken), HOUR_MS / 1000);
  });
});

describe('one budget across nodes sharing Redis', () => {
  let testDb: TestDatabase;
  let redis: TestRedis;
  const nodes: TestServer[] = [];

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('postgres');
    redis = await createTestRedis();
    const cluster = { redisUrl: redis.url, keyPrefix: redis.keyPrefix };
    for (let n = 0; n < 2; n++) {
      nodes.push(
        await startServer(testDb.config, {
          cluster,
          trustProxy: ['loopback'],
          joinRateLimit: { max: 4, windowMs: 60_000 },
          encounterRateLimit: { max: 2, windowMs: HOUR_MS },
        }),
      );
    }
  });

  afterAll(async () => {
    for (const node of nodes.splice(0)) await node.close();
    await redis?.drop();
    await testDb?.drop();
  });

  it('join attempts counted on one node count on the other: the fifth is refused wherever it lands', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const { joinCode } = await createEncounterOver(a.url);
    const ip = '192.0.2.44';
    for (const node of [a, b, a, b]) expect((await postAs(`${node.url}/api/join/lookup`, ip, { joinCode })).status).toBe(200);
    expectRateLimited(await postAs(`${b.url}/api/join/lookup`, ip, { joinCode }), 60);
    expectRateLimited(await postAs(`${a.url}/api/join/seat`, ip, { joinCode, combatantId: 'c1' }), 60);
    // Another address on the same nodes is untouched.
    expect((await postAs(`${b.url}/api/join/lookup`, '192.0.2.45', { joinCode })).status).toBe(200);
    // The counts are in Redis, under this cluster's prefix and the limit's name, one key per client.
    const keys = await redisKeys(redis.url, `${redis.keyPrefix}:rate:join:*`);
    expect(keys.sort()).toEqual([`${redis.keyPrefix}:rate:join:192.0.2.44`, `${redis.keyPrefix}:rate:join:192.0.2.45`]);
  });

  it('new encounters counted on one node count on the other', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const ip = '192.0.2.60';
    expect((await postAs(`${a.url}/api/encounters`, ip, NEW_ENCOUNTER)).status).toBe(201);
    expect((await postAs(`${b.url}/api/encounters`, ip, NEW_ENCOUNTER)).status).toBe(201);
    expectRateLimited(await postAs(`${a.url}/api/encounters`, ip, NEW_ENCOUNTER), HOUR_MS / 1000);
    expectRateLimited(await postAs(`${b.url}/api/encounters`, ip, NEW_ENCOUNTER), HOUR_MS / 1000);
  });
});
