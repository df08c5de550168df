// No input gives an internal error: text with a NUL or a lone surrogate, malformed URLs, unknown routes,
// bad and oversized bodies, long path params, over HTTP, in commands and in the handshake, all answer in
// the { code, message } contract with a 4xx, never 'internal' or a 5xx.
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, MAX_IMPORT_BYTES } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, type Table } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { seededRandom } from './helpers/payload-mutator.js';
import { authFor, expectConnectError } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const BAD_TEXTS = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'ok\uDBFFz'];
const knownCodes = new Set(Object.keys(ERROR_MESSAGES));

async function raw(url: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** A lone surrogate cannot be percent-encoded as UTF-8: its CESU-8 bytes, which decode to nothing valid. */
const inUrl = (s: string): string => s.split('').map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');

function expectContract(answer: { status: number; body: unknown }, what: string): void {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  const body = answer.body as { code?: unknown; message?: unknown };
  expect(typeof body?.code, what).toBe('string');
  expect(knownCodes.has(body.code as string), `${what}: ${String(body.code)}`).toBe(true);
  expect(typeof body.message, what).toBe('string');
}

describe('HTTP input never gives an internal error (postgres)', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('postgres');
    server = await startServer(testDb.config, { joinRateLimit: { max: 100_000, windowMs: 60_000 } });
    table = await setUpTable(server.url, [{ name: 'Aria', side: 'pc' }]);
  });

  afterAll(async () => {
    table?.gm.close();
    await server?.close();
    await testDb?.drop();
  });

  it('text with a NUL or a lone surrogate is refused as bad-request naming the field, in bodies, URLs and commands', async () => {
    const { encounterId, gmToken } = table.created;
    for (const bad of BAD_TEXTS) {
      const create = await callApi(`${server.url}/api/encounters`, 'POST', { body: { name: bad, system: 'dnd5e' } });
      expectContract(create, 'create');
      expect(create.body).toMatchObject({ code: 'bad-request', message: expect.stringContaining('name') });
      const lookup = await callApi(`${server.url}/api/join/lookup`, 'POST', { body: { joinCode: bad } });
      expectContract(lookup, 'lookup');
      const list = await callApi(`${server.url}/api/gm/encounters`, 'POST', { body: { gmTokens: [bad] } });
      expectContract(list, 'list');
      const seats = await raw(server.url, 'GET', `/api/encounters/${encounterId}${inUrl(bad)}/seats`, undefined, { authorization: `Bearer ${gmToken}` });
      expectContract(seats, 'seats url');
      for (const command of [
        { type: 'add-combatant', combatant: { name: bad, side: 'enemy', stats: {} } },
        { type: 'add-combatant', combatant: { name: 'Orc', side: 'enemy', stats: {}, note: bad } },
        { type: 'add-condition', combatantId: table.ids.Aria, name: bad },
        { type: 'set-resource', combatantId: table.ids.Aria, resource: bad, current: 1, max: 1 },
      ]) {
        // Over the socket a lone surrogate is replaced (U+FFFD) by UTF-8 encoding in transit: then the
        // text is well-formed and the command may pass; a NUL always reaches the schema and is refused.
        const ack = await table.gm.command(command as never);
        if (bad.includes('\u0000')) expect(ack.ok ? '' : ack.code, command.type).toBe('bad-request');
        else expect(ack.ok ? 'ok' : ack.code, command.type).not.toBe('internal');
      }
      const handshake = await expectConnectError(server.url, authFor(`${encounterId}${bad}`, gmToken));
      expect(['bad-request', 'unauthorized']).toContain(handshake.code);
    }
    const file = (await callApi(`${server.url}/api/encounters/${encounterId}/export`, 'GET', { bearer: gmToken })).body as { events: { event: Record<string, unknown> }[] };
    const poisoned = { ...file, events: file.events.map((e, i) => (i === 1 ? { ...e, event: { ...e.event, name: 'Bad\u0000' } } : e)) };
    const imported = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: poisoned });
    expectContract(imported, 'import');
    expect(imported.body).toMatchObject({ code: 'bad-request', message: expect.stringContaining('events.1.event') });
  });

  it('malformed URLs, unknown routes, bad and oversized bodies and long params answer { code, message } with a 4xx', async () => {
    const { encounterId, gmToken } = table.created;
    const auth = { authorization: `Bearer ${gmToken}` };
    expectContract(await raw(server.url, 'GET', '/api/encounters/%E0%A4%A/seats', undefined, auth), 'malformed url');
    expectContract(await raw(server.url, 'GET', '/api/%E0%A4%A', undefined, auth), 'malformed url 2');
    expectContract(await raw(server.url, 'GET', '/api/nowhere'), 'unknown route');
    expectContract(await raw(server.url, 'POST', '/api/encounters', '{"name": '), 'bad json');
    expectContract(await raw(server.url, 'POST', '/api/encounters', '"x"'), 'not an object');
    expectContract(await raw(server.url, 'POST', '/api/encounters', JSON.stringify({ name: 'x'.repeat(100_000), system: 'dnd5e' })), 'over the limit');
    expectContract(await raw(server.url, 'POST', '/api/encounters/import', `{"a":"${'x'.repeat(MAX_IMPORT_BYTES)}"}`), 'import over the limit');
    expectContract(await raw(server.url, 'GET', `/api/encounters/${'a'.repeat(101)}/seats`, undefined, auth), 'long param');
    expectContract(await raw(server.url, 'DELETE', `/api/encounters/${encounterId}/seats/${'b'.repeat(500)}`, undefined, auth), 'long param 2');
  });

  it('random mutations of every route\'s input never give a 5xx', async () => {
    const { encounterId, gmToken } = table.created;
    const random = seededRandom(0x4f7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const pieces = ['', '%', '%E0%A4%A', '%00', '\u0000', '\uD800', 'a'.repeat(150), '..', '/', 'null', '{}', '😀', encounterId, '%C0%AF'];
    const routes: [string, string, unknown][] = [
      ['POST', '/api/encounters', { name: 'T', system: 'dnd5e' }],
      ['POST', '/api/join/lookup', { joinCode: 'ABCDEF' }],
      ['POST', '/api/gm/encounters', { gmTokens: [gmToken] }],
      ['PUT', `/api/encounters/${encounterId}/join-lock`, { locked: false }],
      ['GET', `/api/encounters/${encounterId}/log?limit=5`, undefined],
      ['POST', '/api/join/seat', { joinCode: 'ABCDEF', combatantId: 'c1' }],
    ];
    for (let i = 0; i < 400; i++) {
      const [method, path, body] = pick(routes);
      const mutatedPath = random() < 0.5 ? path.replace(/[^/]+$/, (last) => last + pick(pieces)) : path;
      let json = body === undefined ? undefined : JSON.stringify(body);
      if (json !== undefined && random() < 0.7) json = json.replace(/"[^"]*"(?=[,}\]])/, JSON.stringify(pick(pieces)));
      if (json !== undefined && random() < 0.1) json = json.slice(0, Math.floor(random() * json.length));
      const answer = await raw(server.url, method, mutatedPath, json, { authorization: `Bearer ${gmToken}` });
      expect(answer.status, `${method} ${mutatedPath} ${json}`).toBeLessThan(500);
      if (answer.status >= 400) expectContract(answer, `${method} ${mutatedPath}`);
    }
  }, 60_000);
});
