import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  MAX_PARTY_MEMBERS,
  type Creature,
  type ListBestiaryResponse,
  type ListPartiesResponse,
  type Party,
  type StartPartyEncounterResponse,
} from '@roundkeeper/protocol';
import { encounters } from '../src/db/schema/index.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { callApi } from './helpers/http.js';
import { authFor, connectClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const pc = (name: string, dex = 12): Creature => ({ name, side: 'pc', stats: { dex, initBonus: 1 }, health: { max: 24 } });
const monster = (name: string, max = 7): Creature => ({ name, side: 'enemy', stats: { dex: 14 }, health: { max }, note: `${name} tactics` });

describe.each(BACKENDS)('the GM library over HTTP (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let token: string;

  const api = (path: string) => `${server.url}/api/library${path}`;
  /** `bearer` null: no Authorization header. */
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, bearer: string | null = token) =>
    callApi(api(path), method, { body, bearer: bearer ?? undefined });
  const parties = async () => ((await call('GET', '/parties')).body as ListPartiesResponse).parties;
  const bestiary = async (query = '') => ((await call('GET', `/bestiary${query}`)).body as ListBestiaryResponse).entries;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    const made = await callApi(api(''), 'POST');
    expect(made.status).toBe(201);
    token = (made.body as { libraryToken: string }).libraryToken;
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('opens a library by its own token only: 401 without one, with a wrong one, or with an encounter GM token', async () => {
    expect(await call('GET', '/parties', undefined, null)).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(await call('GET', '/parties', undefined, 'not-a-token')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const encounter = await callApi(`${server.url}/api/encounters`, 'POST', { body: { name: 'Elsewhere', system: 'dnd5e' } });
    const gmToken = (encounter.body as { gmToken: string }).gmToken;
    expect(await call('GET', '/parties', undefined, gmToken)).toMatchObject({ status: 401 });
    // Without the token, a malformed body is not even looked at.
    expect(await call('POST', '/parties', { nonsense: true }, null)).toMatchObject({ status: 401 });
    // Two libraries never see each other's parties.
    const other = ((await callApi(api(''), 'POST')).body as { libraryToken: string }).libraryToken;
    await call('POST', '/parties', { name: 'Mine', system: 'dnd5e' });
    expect(await call('GET', '/parties', undefined, other)).toMatchObject({ status: 200, body: { parties: [] } });
  });

  it('keeps a party: create with PCs, add, edit, remove members, rename, delete', async () => {
    const made = await call('POST', '/parties', { name: 'The Company', system: 'dnd5e', members: [pc('Aria'), pc('Borin')] });
    expect(made.status).toBe(201);
    const party = made.body as Party;
    expect(party).toMatchObject({ name: 'The Company', system: 'dnd5e', members: [{ creature: pc('Aria') }, { creature: pc('Borin') }] });
    const added = await call('POST', `/parties/${party.partyId}/members`, { creatures: [pc('Cael', 18)] });
    expect((added.body as Party).members.map((m) => m.creature.name)).toEqual(['Aria', 'Borin', 'Cael']);
    const borin = party.members[1]!.memberId;
    const edited = await call('PUT', `/parties/${party.partyId}/members/${borin}`, { creature: { ...pc('Borin'), health: { max: 31 }, note: 'Dwarf' } });
    expect((edited.body as Party).members[1]?.creature).toMatchObject({ name: 'Borin', health: { max: 31 }, note: 'Dwarf' });
    expect((await call('DELETE', `/parties/${party.partyId}/members/${party.members[0]!.memberId}`)).status).toBe(204);
    expect((await call('PUT', `/parties/${party.partyId}`, { name: 'The Bold Company' })).body).toMatchObject({ name: 'The Bold Company' });
    const kept = (await parties()).find((p) => p.partyId === party.partyId);
    expect(kept?.members.map((m) => m.creature.name)).toEqual(['Borin', 'Cael']);
    expect((await call('DELETE', `/parties/${party.partyId}`)).status).toBe(204);
    expect((await parties()).some((p) => p.partyId === party.partyId)).toBe(false);
    expect(await call('DELETE', `/parties/${party.partyId}`)).toMatchObject({ status: 404, body: { code: 'not-found' } });
  });

  it('refuses bad parties with a clear code and message, changing nothing', async () => {
    const before = await parties();
    const refusals = [
      // The system's own rules: dnd5e has no "agility", Dexterity runs 1..30.
      [{ name: 'Bad', system: 'dnd5e', members: [pc('Aria'), { ...pc('Borin'), stats: { agility: 2 } }] }, /members\.1 \(Borin\): This game has no stat called "agility"/],
      [{ name: 'Bad', system: 'dnd5e', members: [{ ...pc('Aria'), stats: { dex: 99 } }] }, /members\.0 \(Aria\): Dexterity must be a whole number from 1 to 30/],
      // Members are PCs; the schema says where.
      [{ name: 'Bad', system: 'dnd5e', members: [monster('Goblin')] }, /^members\.0\.side/],
      [{ name: '', system: 'dnd5e' }, /^name/],
      [{ name: 'Bad', system: 'chess' }, /^system/],
      [{ name: 'Bad', system: 'dnd5e', members: Array.from({ length: MAX_PARTY_MEMBERS + 1 }, (_, i) => pc(`PC ${i}`)) }, /^members/],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await call('POST', '/parties', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: 'bad-request', message: expect.stringMatching(message) });
    }
    const party = (await call('POST', '/parties', { name: 'Heroes', system: 'dc20', members: [{ name: 'Vex', side: 'pc', stats: { agility: 3 } }] })).body as Party;
    const wrong = await call('POST', `/parties/${party.partyId}/members`, { creatures: [{ name: 'Zed', side: 'pc', stats: { dex: 12 } }] });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringMatching(/creatures\.0 \(Zed\): This game has no stat called "dex"/) } });
    const tooMany = await call('POST', `/parties/${party.partyId}/members`, { creatures: Array.from({ length: MAX_PARTY_MEMBERS }, (_, i) => ({ name: `PC ${i}`, side: 'pc', stats: {} })) });
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringMatching(/at most 20 members/) } });
    expect(await call('PUT', `/parties/${party.partyId}/members/nobody`, { creature: { name: 'X', side: 'pc', stats: {} } })).toMatchObject({ status: 404 });
    expect(await call('POST', `/parties/nope/members`, { creatures: [pc('X')] })).toMatchObject({ status: 404, body: { code: 'not-found' } });
    const after = await parties();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((p) => p.partyId === party.partyId)?.members.map((m) => m.creature.name)).toEqual(['Vex']);
  });

  it('keeps a bestiary per system: many at once (all or none), edit, remove', async () => {
    const goblins = Array.from({ length: 300 }, (_, i) => monster(`Goblin ${i}`));
    const added = await call('POST', '/bestiary', { system: 'dnd5e', creatures: goblins });
    expect(added.status).toBe(201);
    const entries = (added.body as ListBestiaryResponse).entries;
    expect(entries.map((e) => e.creature.name)).toEqual(goblins.map((g) => g.name));
    await call('POST', '/bestiary', { system: 'dc20', creatures: [{ name: 'Kobold', side: 'enemy', stats: { agility: 2 } }] });
    expect(await bestiary('?system=dc20')).toMatchObject([{ system: 'dc20', creature: { name: 'Kobold' } }]);
    expect((await bestiary('?system=dnd5e')).length).toBe(300);
    // One bad creature among many: none is added, and the message names it.
    const mixed = await call('POST', '/bestiary', { system: 'dnd5e', creatures: [monster('Orc'), { ...monster('Ogre'), health: { max: 0 } }] });
    expect(mixed).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringMatching(/^creatures\.1\.health\.max/) } });
    const strain = await call('POST', '/bestiary', { system: 'dnd5e', creatures: [monster('Orc'), { ...monster('Ogre'), health: { max: 5, strain: 3 } }] });
    expect(strain).toMatchObject({ status: 400, body: { message: expect.stringMatching(/creatures\.1 \(Ogre\): This game has no strain threshold/) } });
    expect(await call('POST', '/bestiary', { system: 'dnd5e', creatures: [pc('Aria')] })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^creatures\.0\.side/) } });
    expect((await bestiary('?system=dnd5e')).length).toBe(300);
    expect(await call('GET', '/bestiary?system=chess')).toMatchObject({ status: 400, body: { code: 'bad-request' } });

    const first = entries[0]!.entryId;
    expect((await call('PUT', `/bestiary/${first}`, { creature: monster('Goblin boss', 21) })).body).toMatchObject({ entryId: first, creature: { name: 'Goblin boss' } });
    expect(await call('PUT', `/bestiary/${first}`, { creature: { ...monster('Goblin boss'), stats: { agility: 1 } } })).toMatchObject({ status: 400 });
    expect((await call('DELETE', `/bestiary/${entries[1]!.entryId}`)).status).toBe(204);
    expect(await call('DELETE', `/bestiary/${entries[1]!.entryId}`)).toMatchObject({ status: 404 });
    const now = await bestiary('?system=dnd5e');
    expect(now.length).toBe(299);
    expect(now[0]?.creature.name).toBe('Goblin boss');
  });

  it('[issue 28] keeps no exact duplicate in the bestiary: one already kept, or twice in one request, is left out', async () => {
    const wraith = { ...monster('Wraith', 67), stats: { dex: 16, initBonus: 3 } };
    const first = await call('POST', '/bestiary', { system: 'dnd5e', creatures: [wraith, wraith] });
    expect((first.body as ListBestiaryResponse).entries.map((e) => e.creature.name)).toEqual(['Wraith']);
    // The same creature again (its stats in another order), and one that differs only in its health.
    const again = await call('POST', '/bestiary', { system: 'dnd5e', creatures: [{ ...wraith, stats: { initBonus: 3, dex: 16 } }, monster('Wraith', 45)] });
    expect(again.status).toBe(201);
    expect((again.body as ListBestiaryResponse).entries.map((e) => e.creature.health?.max)).toEqual([45]);
    expect((await bestiary('?system=dnd5e')).filter((e) => e.creature.name === 'Wraith').map((e) => e.creature.health?.max)).toEqual([67, 45]);
  });

  it('starts an encounter from a party and chosen monsters: one creation with the whole roster, each add in the log', async () => {
    const party = (await call('POST', '/parties', { name: 'Raiders', system: 'dnd5e', members: [pc('Aria'), pc('Borin'), pc('Cael')] })).body as Party;
    const [wolf, ogre] = (
      (await call('POST', '/bestiary', { system: 'dnd5e', creatures: [monster('Wolf', 11), monster('Ogre', 59)] })).body as ListBestiaryResponse
    ).entries;
    const borin = party.members[1]!.memberId;
    const started = await call('POST', `/parties/${party.partyId}/encounters`, {
      name: 'Wolves at the ford',
      memberIds: [party.members[0]!.memberId, borin],
      monsters: [
        { entryId: wolf!.entryId, count: 3 },
        { entryId: ogre!.entryId, count: 1, hidden: true },
      ],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const created = started.body as StartPartyEncounterResponse;
    expect(created.seatsOffered).toBe(0);
    const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    try {
      const { view } = gm.latest();
      expect(view.name).toBe('Wolves at the ford');
      expect(view.combatants.map((c) => [c.name, c.side, c.hidden])).toEqual([
        ['Aria', 'pc', false],
        ['Borin', 'pc', false],
        ['Wolf 1', 'enemy', false],
        ['Wolf 2', 'enemy', false],
        ['Wolf 3', 'enemy', false],
        ['Ogre', 'enemy', true],
      ]);
      expect(view.combatants.find((c) => c.name === 'Ogre')?.note).toBe('Ogre tactics');
      // Each add is the GM's command: undoable one by one.
      expect(view.undo?.undo).toBe(4);
      const undone = await gm.command({ type: 'undo' });
      expect(undone.ok).toBe(true);
      if (undone.ok) expect((await gm.waitForVersion(undone.version)).view.combatants.some((c) => c.name === 'Ogre')).toBe(false);
    } finally {
      gm.close();
    }
    // The join page offers the PCs.
    const lookup = await callApi(`${server.url}/api/join/lookup`, 'POST', { body: { joinCode: created.joinCode } });
    expect((lookup.body as { seats: { name: string }[] }).seats.map((s) => s.name)).toEqual(['Aria', 'Borin']);
  });

  it('refuses a bad start with a clear code, creating nothing', async () => {
    const party = (await call('POST', '/parties', { name: 'Solo', system: 'dnd5e', members: [pc('Aria')] })).body as Party;
    const dc20 = ((await call('POST', '/bestiary', { system: 'dc20', creatures: [{ name: 'Imp', side: 'enemy', stats: {} }] })).body as ListBestiaryResponse).entries[0]!;
    const encountersBefore = await countEncounters();
    const refusals = [
      [`/parties/nope/encounters`, { name: 'X', monsters: [] }, 404, 'not-found', /no such party/],
      [`/parties/${party.partyId}/encounters`, { name: 'X', monsters: [{ entryId: 'nope', count: 1 }] }, 404, 'not-found', /bestiary has no entry nope/],
      [`/parties/${party.partyId}/encounters`, { name: 'X', monsters: [{ entryId: dc20.entryId, count: 1 }] }, 400, 'bad-request', /Imp is a dc20 creature; Solo plays dnd5e/],
      [`/parties/${party.partyId}/encounters`, { name: 'X', monsters: [{ entryId: dc20.entryId, count: 0 }] }, 400, 'bad-request', /^monsters\.0\.count/],
      [`/parties/${party.partyId}/encounters`, { name: 'X', memberIds: ['ghost'], monsters: [] }, 404, 'not-found', /Solo has no member ghost/],
      [`/parties/${party.partyId}/encounters`, { monsters: [] }, 400, 'bad-request', /^name/],
    ] as const;
    for (const [path, body, status, code, message] of refusals) {
      const refused = await call('POST', path, body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(status);
      expect(refused.body).toMatchObject({ code, message: expect.stringMatching(message) });
    }
    expect(await countEncounters()).toBe(encountersBefore);
  });

  async function countEncounters(): Promise<number> {
    const [row] = await server.app.database.db.select({ n: count() }).from(encounters);
    return row?.n ?? -1;
  }

  it('documents every library route with its token scheme', async () => {
    const doc = (await callApi(`${server.url}/api/openapi.json`, 'GET')).body as { paths: Record<string, Record<string, { security?: unknown }>>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.components.securitySchemes.libraryToken).toBeDefined();
    expect(doc.paths['/api/library/parties/{partyId}/encounters']?.post?.security).toEqual([{ libraryToken: [] }]);
    expect(doc.paths['/api/join/carry-over']?.post).toBeDefined();
  });
});
