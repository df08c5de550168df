// POST /api/creature-files/parse on a real server: files read, bad files refused with line or field,
// the size limits, the rate limit, and the answer documented in the OpenAPI document.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CREATURE_FILE_LENGTH, MAX_CREATURE_FILES, MAX_CREATURE_FILES_LENGTH, type ParseCreatureFileResponse } from '@roundkeeper/protocol';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { callApi } from './helpers/http.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/creature-files/${name}`, import.meta.url), 'utf8');
const RATE_LIMIT = { max: 30, windowMs: 60_000 };

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

  const one = (text: string, name = 'file') => [{ name, text }];

  it('reads a 5e.tools bestiary for D&D 5e with stat blocks, listing what it left out and what it took with a default', async () => {
    const answer = await parse({ format: '5etools', system: 'dnd5e', files: one(fixture('5etools-bestiary.json'), 'bestiary-rkt.json') });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      creatures: expect.arrayContaining([
        { name: 'Young Red Dragon', side: 'enemy', stats: { dex: 10, initBonus: 4 }, health: { max: 178 }, statBlock: expect.objectContaining({ ac: 18, hpFormula: '17d10 + 85' }) },
      ]),
      skipped: expect.arrayContaining([{ field: 'monster[2]._copy', message: expect.stringContaining('Kobold Sneak: it copies Kobold from the book MM') }]),
      notices: expect.arrayContaining([{ field: 'monster[7].name', message: 'Village Elder has no Dexterity: taken as 10 (+0).' }]),
      encounters: [],
    });
  });

  it('reads several 5e.tools files together: copies across books, legendary groups and templates', async () => {
    const names = ['5etools-bestiary.json', '5etools-other-book.json', '5etools-legendarygroups.json', '5etools-template.json'];
    const answer = await parse({ format: '5etools', system: 'dnd5e', files: names.map((name) => ({ name, text: fixture(name) })) });
    expect(answer.status).toBe(200);
    const body = answer.body as ParseCreatureFileResponse;
    expect(body.creatures.map((c) => c.name)).toEqual(expect.arrayContaining(['Kobold Sneak', 'Swamp Hag', 'Mire Warden']));
    expect(body.creatures.find((c) => c.name === 'Mire Warden')?.statBlock?.lairActions).toHaveLength(3);
    expect(body.skipped).toEqual([{ file: '5etools-bestiary.json', field: 'monster[9].hp', message: expect.stringContaining('Broken Entry') }]);
  });

  it('reads an Improved Initiative export with its saved encounters, a Foundry compendium (.db) and a Kobold Fight Club CSV', async () => {
    const ii = await parse({ format: 'improved-initiative', system: 'dnd5e', files: one(fixture('improved-initiative-library.json')) });
    expect(ii).toMatchObject({ status: 200, body: { encounters: [{ name: 'Ambush at the Bridge', creatures: [{ name: 'Goblin' }, { name: 'Goblin Boss' }, { name: 'Aria', side: 'pc' }] }] } });
    const db = await parse({ format: 'foundry', system: 'dnd5e', files: one(fixture('foundry-compendium.db'), 'monsters.db') });
    expect(db).toMatchObject({ status: 200, body: { creatures: [{ name: 'Marsh Troll' }, { name: 'Old Sentry', stats: { initBonus: 5 } }, { name: 'Bound Spirit' }], skipped: [{ line: 3, field: 'type' }] } });
    const kfc = await parse({ format: 'csv', system: 'dnd5e', files: one(fixture('kobold-fight-club.csv')) });
    expect(kfc).toMatchObject({ status: 200, body: { creatures: [{ name: 'Goblin', stats: { initBonus: 2 }, statBlock: { ac: 15, cr: '1/4' } }, {}, {}, {}], notices: [{ line: 1 }] } });
  });

  it('reads a CSV for Genesys with strain', async () => {
    const answer = await parse({ format: 'csv', system: 'genesys', files: one(fixture('genesys-semicolons.csv')) });
    expect(answer).toMatchObject({ status: 200, body: { creatures: [{ name: 'Kira Vance', health: { max: 14, strain: 12 } }, { name: 'Stormtrooper' }], skipped: [] } });
  });

  it('lists a bad entry as left out, naming the line (CSV) or the field (JSON), and refuses a file that is not its format with 400', async () => {
    const csv = await parse({ format: 'csv', system: 'dnd5e', files: one('name,hp\nGoblin,7\nOrc,many\n') });
    expect(csv).toMatchObject({ status: 200, body: { creatures: [{ name: 'Goblin' }], skipped: [{ line: 3, field: 'hp', message: 'Line 3: "many" is not a whole number.' }] } });
    const foundry = await parse({ format: 'foundry', system: 'dnd5e', files: one(JSON.stringify({ name: 'Goblin', type: 'npc', system: { abilities: { dex: { value: 40 } } } })) });
    expect(foundry).toMatchObject({ status: 200, body: { creatures: [], skipped: [{ field: 'system.abilities.dex.value' }] } });
    const notJson = await parse({ format: 'improved-initiative', system: 'dnd5e', files: [{ name: 'a.json', text: '{"Creatures.g": {"Name": "A", "Abilities": {"Dex": 10}}}' }, { name: 'b.json', text: '{\n"x": ,\n}' }] });
    expect(notJson).toMatchObject({ status: 400, body: { code: 'bad-request', file: 'b.json', line: 2, message: expect.stringContaining('not valid JSON') } });
  });

  it('refuses a malformed request in sentences: unknown format or system, no file, an empty one, too many', async () => {
    expect(await parse({ format: 'pdf', system: 'dnd5e', files: one('x') })).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('format') } });
    expect(await parse({ format: 'csv', system: 'pathfinder', files: one('x') })).toMatchObject({ status: 400, body: { message: expect.stringContaining('system') } });
    expect(await parse({ format: 'csv', system: 'dnd5e', files: [] })).toMatchObject({ status: 400, body: { message: 'files: Choose a file.' } });
    expect(await parse({ format: 'csv', system: 'dnd5e', files: one('') })).toMatchObject({ status: 400, body: { message: 'files.0.text: The file is empty.' } });
    const many = Array.from({ length: MAX_CREATURE_FILES + 1 }, (_, i) => ({ name: `f${i}.csv`, text: 'name\nGoblin\n' }));
    expect(await parse({ format: 'csv', system: 'dnd5e', files: many })).toMatchObject({ status: 400, body: { message: `files: At most ${MAX_CREATURE_FILES} files can be read at once.` } });
  });

  it('takes a file up to the limit and refuses a longer one; takes files together up to theirs', async () => {
    const rows = 'Goblin,7\n'.repeat(100);
    const padded = `name,hp\n${rows}${' '.repeat(MAX_CREATURE_FILE_LENGTH - rows.length - 9)}\n`;
    expect(padded.length).toBe(MAX_CREATURE_FILE_LENGTH);
    const atLimit = await parse({ format: 'csv', system: 'dnd5e', files: one(padded) });
    expect(atLimit.status).toBe(200);
    expect((atLimit.body as { creatures: unknown[] }).creatures).toHaveLength(100);
    const over = await parse({ format: 'csv', system: 'dnd5e', files: one(`${padded} `) });
    expect(over).toMatchObject({ status: 400, body: { code: 'bad-request', message: 'files.0.text: A file may hold at most 4 MB.' } });
    // Two files at the limit are the most that may travel together.
    const two = await parse({ format: 'csv', system: 'dnd5e', files: [one(padded, 'a.csv')[0], one(padded, 'b.csv')[0]] });
    expect((two.body as { creatures: unknown[] }).creatures).toHaveLength(200);
    const three = await parse({ format: 'csv', system: 'dnd5e', files: [0, 1, 2].map((i) => ({ name: `${i}.csv`, text: padded })) });
    expect(three).toMatchObject({ status: 400, body: { message: `files: The files together may hold at most ${MAX_CREATURE_FILES_LENGTH / (1024 * 1024)} MB.` } });
    // A body past the route's limit is refused before it is parsed.
    const huge = await parse({ format: 'csv', system: 'dnd5e', files: one('"'.repeat(MAX_CREATURE_FILES_LENGTH + 64 * 1024)) });
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
    let last = await parse({ format: 'csv', system: 'dnd5e', files: [{ name: 'f.csv', text: 'name\nGoblin\n' }] });
    for (let i = 0; i < RATE_LIMIT.max && last.status !== 429; i++) last = await parse({ format: 'csv', system: 'dnd5e', files: [{ name: 'f.csv', text: 'name\nGoblin\n' }] });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 'rate-limited' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
