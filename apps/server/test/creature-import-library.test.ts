// A book of monsters from a file to the table, through the real routes: read (POST
// /api/creature-files/parse), kept in the bestiary at once with their stat blocks, and an encounter
// started from them, where the GM sees each stat block and the spectator none. The limits follow the
// real files: the 2024 Monster Manual (503 monsters) goes in one request, a bestiary holds every
// official book, and a refusal is a sentence.
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_BESTIARY_ENTRIES,
  MAX_CREATURES_PER_ADD,
  type Creature,
  type ListBestiaryResponse,
  type Party,
  type ParseCreatureFileResponse,
  type StartPartyEncounterResponse,
} from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** The 2024 Monster Manual's count. */
const BOOK_SIZE = 503;

/** A bestiary file of our own as long as that book: every monster with traits, actions and a legendary one now and then. */
function book(): string {
  const monster = (i: number) => ({
    name: `Book Monster ${i}`,
    source: 'RKB',
    size: ['L'],
    type: 'monstrosity',
    alignment: ['U'],
    ac: [{ ac: 13 + (i % 6), from: ['natural armor'] }],
    hp: { average: 20 + i, formula: `${3 + (i % 9)}d10 + 6` },
    speed: { walk: 40 },
    str: 16, dex: 10 + (i % 8), con: 14, int: 3, wis: 12, cha: 5,
    initiative: { proficiency: 1 },
    senses: ['darkvision 60 ft.'],
    passive: 11,
    cr: String(1 + (i % 15)),
    trait: [{ name: 'Pounce', entries: ['If it moves 20 feet straight toward a creature and hits it, the target must succeed on a {@dc 13} Strength saving throw or be knocked {@condition prone}.'] }],
    action: [{ name: 'Bite', entries: [`{@atkr m} {@hit ${4 + (i % 5)}}, reach 5 ft. {@h}${8 + i} ({@damage 1d10 + 3}) piercing damage.`] }],
    ...(i % 50 === 0 ? { legendary: [{ name: 'Move', entries: ['It moves up to half its speed.'] }] } : {}),
  });
  return JSON.stringify({ monster: Array.from({ length: BOOK_SIZE }, (_, i) => monster(i)) }, null, '\t');
}

describe.each(BACKENDS)('a book of monsters from a file to the table (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let token: string;
  let creatures: Creature[];
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => callApi(`${server.url}/api/library${path}`, method, { body, bearer: token });

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    token = ((await callApi(`${server.url}/api/library`, 'POST')).body as { libraryToken: string }).libraryToken;
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('reads a book of 503 and keeps it whole in the bestiary in one request, stat blocks and all', async () => {
    const read = await callApi(`${server.url}/api/creature-files/parse`, 'POST', { body: { format: '5etools', system: 'dnd5e', files: [{ name: 'bestiary-rkb.json', text: book() }] } });
    expect(read.status).toBe(200);
    creatures = (read.body as ParseCreatureFileResponse).creatures;
    expect(creatures).toHaveLength(BOOK_SIZE);
    expect(BOOK_SIZE).toBeLessThanOrEqual(MAX_CREATURES_PER_ADD);
    const added = await call('POST', '/bestiary', { system: 'dnd5e', creatures });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(201);
    const kept = ((await call('GET', '/bestiary?system=dnd5e')).body as ListBestiaryResponse).entries;
    expect(kept.map((e) => e.creature)).toEqual(creatures);
    expect(kept[0]?.creature.statBlock).toMatchObject({ ac: 13, acNote: 'natural armor', hpFormula: '3d10 + 6', actions: [{ name: 'Bite', text: 'Melee Attack Roll: +4, reach 5 ft. Hit: 8 (1d10 + 3) piercing damage.' }] });
    expect(kept[50]?.creature.statBlock).toMatchObject({ legendaryActionCount: 3, legendaryActions: [{ name: 'Move' }] });
  });

  it('refuses more than one request takes, and a bestiary that would overflow, in sentences', async () => {
    const tooMany = Array.from({ length: MAX_CREATURES_PER_ADD + 1 }, (_, i) => ({ name: `Imp ${i}`, side: 'enemy', stats: {} }));
    expect(await call('POST', '/bestiary', { system: 'dnd5e', creatures: tooMany })).toMatchObject({
      status: 400,
      body: { code: 'bad-request', message: `creatures: At most ${MAX_CREATURES_PER_ADD} monsters can be added at once; add the rest in another step.` },
    });
    // Fill it to its last 100 places, then ask for 150.
    const imps = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ name: `Imp ${from + i}`, side: 'enemy', stats: {} }));
    let kept = BOOK_SIZE;
    while (kept < MAX_BESTIARY_ENTRIES - 100) {
      const n = Math.min(MAX_CREATURES_PER_ADD, MAX_BESTIARY_ENTRIES - 100 - kept);
      expect((await call('POST', '/bestiary', { system: 'dnd5e', creatures: imps(n, kept) })).status).toBe(201);
      kept += n;
    }
    expect(await call('POST', '/bestiary', { system: 'dnd5e', creatures: imps(150, kept) })).toMatchObject({
      status: 400,
      body: { message: `A bestiary keeps at most ${MAX_BESTIARY_ENTRIES} monsters; this one has ${kept}, so only 100 of these 150 would fit. Remove some first.` },
    });
  });

  it('starts an encounter with a kept monster: the GM sees its stat block on each of the group, the spectator never', async () => {
    const party = (await call('POST', '/parties', { name: 'Hunters', system: 'dnd5e', members: [{ name: 'Aria', side: 'pc', stats: { dex: 14 }, statBlock: { ac: 15 } }] })).body as Party;
    const entries = ((await call('GET', '/bestiary?system=dnd5e')).body as ListBestiaryResponse).entries;
    const started = await call('POST', `/parties/${party.partyId}/encounters`, { name: 'The den', monsters: [{ entryId: entries[7]!.entryId, count: 2 }] });
    expect(started.status).toBe(201);
    const created = started.body as StartPartyEncounterResponse;
    const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    const spectator = await connectClient(server.url, authFor(created.encounterId, created.spectatorToken));
    try {
      const seen = gm.latest().view.combatants;
      expect(seen.map((c) => [c.name, c.statBlock?.ac])).toEqual([
        ['Aria', 15],
        ['Book Monster 7 1', 14],
        ['Book Monster 7 2', 14],
      ]);
      expect(seen[1]?.statBlock).toEqual(entries[7]?.creature.statBlock);
      expect(spectator.latest().view.combatants).toHaveLength(3);
      expect(JSON.stringify(spectator.received)).not.toContain('statBlock');
    } finally {
      gm.close();
      spectator.close();
    }
  });
});
