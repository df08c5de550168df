// Issue 30: deep nesting is a 400 naming the limit (never a 500); a missing token is 401 before the
// body is read; bodiless POSTs refuse unknown fields; a token put in a query string never reaches the log.
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, type EncounterExport, type ErrorBody } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, type Table } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { storedCounts } from './helpers/stored-counts.js';
import { startServer, type TestServer } from './helpers/test-server.js';

async function raw(url: string, method: string, body: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as ErrorBody | null };
}

const nested = (depth: number, inner = '1'): string => '['.repeat(depth) + inner + ']'.repeat(depth);

describe.each(BACKENDS)('HTTP input bounds and refusal order (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  const logLines: string[] = [];

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config, { logLines, logLevel: 'info', encounterRateLimit: { max: 10_000, windowMs: 60_000 } });
    table = await setUpTable(server.url, [{ name: 'Orc', side: 'enemy' }]);
  });

  afterAll(async () => {
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it(`an encounter import nesting 8,000 arrays inside one event is a 400 naming the limit (${MAX_JSON_DEPTH}), nothing stored`, async () => {
    const exported = await callApi(`${server.url}/api/encounters/${table.created.encounterId}/export`, 'GET', { bearer: table.created.gmToken });
    const file = exported.body as EncounterExport;
    const body = JSON.stringify(file).replace('"type":"combatant-added"', `"type":"combatant-added","deep":${nested(8_000)}`);
    const before = await storedCounts(server.app);
    for (const text of [body, nested(100_000)]) {
      const answer = await raw(`${server.url}/api/encounters/import`, 'POST', text);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'bad-request', message: `Lists and objects may nest at most ${MAX_JSON_DEPTH} levels deep.` });
    }
    expect(await storedCounts(server.app)).toEqual(before);
    // Right at the limit the body is read as usual (and refused for what it holds, not for its depth).
    const atLimit = await raw(`${server.url}/api/encounters`, 'POST', `{"name":"x","system":"dnd5e","deep":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('deep') } });
    expect(atLimit.body?.message).not.toMatch(/nest at most/);
  });

  it('a creature file of 5,000 or 200,000 "[" is a 400 naming the line and the limit', async () => {
    for (const depth of [5_000, 200_000]) {
      const answer = await raw(`${server.url}/api/creature-files/parse`, 'POST', JSON.stringify({ format: '5etools', system: 'dnd5e', files: [{ name: 'deep.json', text: `\n${'['.repeat(depth)}` }] }));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'bad-request', line: 2, message: `The file nests too deep on line 2: Lists and objects may nest at most ${MAX_JSON_DEPTH} levels deep.` });
    }
  });

  it('a library or GM route without a token is 401 before its body is read, even when the body is not JSON', async () => {
    for (const [method, path] of [
      ['POST', '/api/library/parties'],
      ['POST', '/api/library/bestiary'],
      ['PUT', `/api/encounters/${table.created.encounterId}/join-lock`],
    ] as const) {
      const answer = await raw(`${server.url}${path}`, method, 'this is not JSON {');
      expect(answer.status, path).toBe(401);
      expect(answer.body?.code, path).toBe('unauthorized');
    }
    // With the token, the same body is the 400 it always was.
    const withToken = await raw(`${server.url}/api/encounters/${table.created.encounterId}/join-lock`, 'PUT', 'this is not JSON {', { authorization: `Bearer ${table.created.gmToken}` });
    expect(withToken.status).toBe(400);
  });

  it('POST /api/library, …/join-code and …/spectator-token refuse unknown fields; no body or {} is fine', async () => {
    const gm = { authorization: `Bearer ${table.created.gmToken}` };
    const api = `${server.url}/api/encounters/${table.created.encounterId}`;
    for (const [url, headers] of [
      [`${server.url}/api/library`, {}],
      [`${api}/join-code`, gm],
      [`${api}/spectator-token`, gm],
    ] as const) {
      const refused = await raw(url, 'POST', JSON.stringify({ name: 'extra' }), headers);
      expect(refused.status, url).toBe(400);
      expect(refused.body?.message, url).toMatch(/name/);
      expect((await raw(url, 'POST', '{}', headers)).status, url).toBeLessThan(300);
      const bare = await raw(url, 'POST', undefined, headers);
      expect(bare.status, `${url} ${JSON.stringify(bare.body)}`).toBeLessThan(300);
    }
  });

  it('a token put in a query string is written to the log as [redacted]', async () => {
    const secret = 'QUERY-SECRET-abc123';
    await raw(`${server.url}/api/health?token=${secret}&gmToken=${secret}2&spectator_token=${secret}3&page=2`, 'GET', undefined);
    const lines = logLines.filter((l) => l.includes('/api/health?'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).toContain('token=[redacted]&gmToken=[redacted]&spectator_token=[redacted]&page=2');
  });
});
