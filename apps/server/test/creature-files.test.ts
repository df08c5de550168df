// POST /api/creature-files/parse on a real server: files read, bad files refused with line or field,
// the size limits, the rate limit, and the answer documented in the OpenAPI document.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_LENGTH } from '@roundkeeper/protocol';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { callApi } from './helpers/http.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/creature-files/${name}`, import.meta.url), 'utf8');
const RATE_LIMIT = { max: 12, windowMs: 60_000 };

// The route reads no storage: one backend is enough.
describe('creature files over HTTP', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  let url: string;
  const parse = (body: unknown) => callApi(url, 'POST', { body });

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config, { creatureFileRateLimit: RATE_LIMIT });
    url = `${server.url}/api/creature-files/parse`;
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('reads a 5e.tools bestiary for D&D 5e, listing what it left out', async () => {
    const answer = await parse({ format: '5etools', system: 'dnd5e', text: fixture('5etools-bestiary.json') });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      creatures: expect.arrayContaining([{ name: 'Young Red Dragon', side: 'enemy', stats: { dex: 10, initBonus: 4 }, health: { max: 178 } }]),
      skipped: [{ field: 'monster[2]._copy', message: expect.stringContaining('Kobold') }],
    });
  });

  it('reads a CSV for Genesys with strain', async () => {
    const answer = await parse({ format: 'csv', system: 'genesys', text: fixture('genesys-semicolons.csv') });
    expect(answer).toMatchObject({ status: 200, body: { creatures: [{ name: 'Kira Vance', health: { max: 14, strain: 12 } }, { name: 'Stormtrooper' }], skipped: [] } });
  });

  it('refuses a bad file with 400 bad-request naming the line (CSV) or the field (JSON)', async () => {
    const csv = await parse({ format: 'csv', system: 'dnd5e', text: 'name,hp\nGoblin,7\nOrc,many\n' });
    expect(csv).toMatchObject({ status: 400, body: { code: 'bad-request', line: 3, field: 'hp', message: '"many" is not a whole number.' } });
    const foundry = await parse({ format: 'foundry', system: 'dnd5e', text: JSON.stringify({ name: 'Goblin', type: 'npc', system: { abilities: {} } }) });
    expect(foundry).toMatchObject({ status: 400, body: { code: 'bad-request', field: 'system.abilities.dex.value' } });
    const surrogate = await parse({ format: 'improved-initiative', system: 'dnd5e', text: '{"Creatures.g": {"Name": "\\ud800", "Abilities": {"Dex": 10}}}' });
    expect(surrogate).toMatchObject({ status: 400, body: { field: '["Creatures.g"].Name', message: expect.stringContaining('surrogate') } });
  });

  it('refuses a malformed request: unknown format or system, empty text', async () => {
    expect(await parse({ format: 'pdf', system: 'dnd5e', text: 'x' })).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('format') } });
    expect(await parse({ format: 'csv', system: 'pathfinder', text: 'x' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('system') } });
    expect(await parse({ format: 'csv', system: 'dnd5e', text: '' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('text') } });
  });

  it('takes a file up to the limit and refuses a longer one', async () => {
    const rows = 'Goblin,7\n'.repeat(100);
    const padded = `name,hp\n${rows}${' '.repeat(MAX_CREATURE_FILE_LENGTH - rows.length - 9)}\n`;
    expect(padded.length).toBe(MAX_CREATURE_FILE_LENGTH);
    const atLimit = await parse({ format: 'csv', system: 'dnd5e', text: padded });
    expect(atLimit.status).toBe(200);
    expect((atLimit.body as { creatures: unknown[] }).creatures).toHaveLength(100);
    const over = await parse({ format: 'csv', system: 'dnd5e', text: `${padded} ` });
    expect(over).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('text') } });
    // A body past the route's limit is refused before it is parsed.
    const huge = await parse({ format: 'csv', system: 'dnd5e', text: '"'.repeat(MAX_CREATURE_FILE_LENGTH + 1024) });
    expect(huge).toMatchObject({ status: 413, body: { code: 'bad-request', message: 'The request body is too large.' } });
  });

  it('documents the route and its error body with line and field', async () => {
    const doc = (await callApi(`${server.url}/api/openapi.json`, 'GET')).body as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> };
    const responses = doc.paths['/api/creature-files/parse']?.post?.responses;
    expect(Object.keys(responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(JSON.stringify(responses?.['400'])).toContain('field');
  });

  // Last: it spends the window's allowance.
  it('rate-limits per address with 429 and Retry-After', async () => {
    let last = await parse({ format: 'csv', system: 'dnd5e', text: 'name\nGoblin\n' });
    for (let i = 0; i < RATE_LIMIT.max && last.status !== 429; i++) last = await parse({ format: 'csv', system: 'dnd5e', text: 'name\nGoblin\n' });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 'rate-limited' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
