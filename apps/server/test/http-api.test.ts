import { afterAll, describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@roundkeeper/protocol';
import { IMPLEMENTED_SYSTEMS, SYSTEM_IDS } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver, lookup, takeSeat } from './helpers/encounter-setup.js';
import { authFor, connectClient } from './helpers/test-client.js';
import { postJson, startServer, type TestServer } from './helpers/test-server.js';

describe.each(BACKENDS)('HTTP API (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('answers health and readiness', async () => {
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });
  });

  it('creates an encounter with two tokens and a readable join code', async () => {
    const created = await createEncounterOver(server.url);
    expect(created.encounterId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(created.gmToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.spectatorToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.gmToken).not.toBe(created.spectatorToken);
    expect(created.joinCode).toHaveLength(JOIN_CODE_LENGTH);
    expect([...created.joinCode].every((ch) => JOIN_CODE_ALPHABET.includes(ch))).toBe(true);
  });

  it('stores only token hashes', async () => {
    const created = await createEncounterOver(server.url);
    const record = await server.app.store.findEncounter(created.encounterId);
    expect(JSON.stringify(record)).not.toContain(created.gmToken);
    expect(JSON.stringify(record)).not.toContain(created.spectatorToken);
  });

  it('refuses a system whose rules are not implemented, saying which are; creates every implemented one', async () => {
    // Systems are implemented one by one: check whichever are still missing, and that every other one works.
    for (const system of SYSTEM_IDS) {
      const { status, body } = await postJson(`${server.url}/api/encounters`, { name: 'Later', system });
      if (IMPLEMENTED_SYSTEMS.includes(system)) expect(status, system).toBe(201);
      else expect({ status, body }).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('dnd5e') } });
    }
  });

  it('refuses malformed bodies with 400 bad-request and a message naming the field', async () => {
    const unknownSystem = await postJson(`${server.url}/api/encounters`, { name: 'X', system: 'chess' });
    expect(unknownSystem).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('system') } });
    const emptyName = await postJson(`${server.url}/api/encounters`, { name: '  ', system: 'dnd5e' });
    expect(emptyName).toMatchObject({ status: 400, body: { code: 'bad-request', message: expect.stringContaining('name') } });
    const extra = await postJson(`${server.url}/api/encounters`, { name: 'X', system: 'dnd5e', admin: true });
    expect(extra).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    const notJson = await fetch(`${server.url}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: 'bad-request' });
  });

  it('answers unknown API routes with 404 not-found as JSON', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not-found' });
  });

  it('explains how to build the web app when it is missing', async () => {
    for (const page of ['/', '/gm', '/play', '/overlay']) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('pnpm build');
    }
  });

  describe('joining', () => {
    let joinCode: string;
    const ids: Record<'aria' | 'borin' | 'goblin' | 'ghost', string> = { aria: '', borin: '', goblin: '', ghost: '' };

    beforeAllOrFail(async () => {
      const created = await createEncounterOver(server.url, 'Join test');
      joinCode = created.joinCode;
      const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
      const add = async (name: string, side: 'pc' | 'enemy', hidden = false) => {
        const ack = await gm.command({ type: 'add-combatant', combatant: { name, side, stats: { dex: 12 }, hidden } });
        expect(ack.ok).toBe(true);
        const view = await gm.waitForVersion(ack.ok ? ack.version : Infinity);
        const c = view.view.combatants.find((x) => x.name === name);
        if (!c) throw new Error(`${name} missing from the GM view`);
        return c.id;
      };
      ids.aria = await add('Aria', 'pc');
      ids.borin = await add('Borin', 'pc');
      ids.goblin = await add('Goblin', 'enemy');
      ids.ghost = await add('Secret Twin', 'pc', true);
      gm.close();
    });

    it('lists the visible PCs as seats, accepting a lower-case code', async () => {
      const found = await lookup(server.url, joinCode.toLowerCase());
      expect(found).toMatchObject({ name: 'Join test', system: 'dnd5e' });
      expect(found.seats).toEqual([
        { combatantId: ids.aria, name: 'Aria', taken: false },
        { combatantId: ids.borin, name: 'Borin', taken: false },
      ]);
      expect(JSON.stringify(found)).not.toContain('Secret Twin');
    });

    it('gives a seat token once per PC and marks the seat taken', async () => {
      const seat = await takeSeat(server.url, joinCode, ids.aria);
      expect(seat.combatantIds).toEqual([ids.aria]);
      expect(seat.seatToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const again = await postJson(`${server.url}/api/join/seat`, { joinCode, combatantId: ids.aria });
      expect(again).toMatchObject({ status: 409, body: { code: 'seat-taken', message: expect.stringContaining('Aria') } });
      expect((await lookup(server.url, joinCode)).seats.find((s) => s.combatantId === ids.aria)?.taken).toBe(true);
    });

    it('refuses monsters, hidden and unknown combatants with readable messages', async () => {
      const monster = await postJson(`${server.url}/api/join/seat`, { joinCode, combatantId: ids.goblin });
      expect(monster).toMatchObject({ status: 409, body: { code: 'invalid-command', message: expect.stringContaining('player character') } });
      const hidden = await postJson(`${server.url}/api/join/seat`, { joinCode, combatantId: ids.ghost });
      const unknown = await postJson(`${server.url}/api/join/seat`, { joinCode, combatantId: 'c999' });
      expect(hidden).toMatchObject({ status: 404, body: { code: 'not-found' } });
      // A hidden combatant must be indistinguishable from a missing one.
      expect(hidden.body).toEqual(unknown.body);
    });

    it('answers an unknown join code with 404 and a malformed one with 400', async () => {
      const unknownCode = [...'ZZZZZZ'].join('');
      expect(await postJson(`${server.url}/api/join/lookup`, { joinCode: unknownCode })).toMatchObject({ status: 404, body: { code: 'not-found' } });
      expect(await postJson(`${server.url}/api/join/lookup`, { joinCode: 'O0O0' })).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    });

    it('lets only one of two simultaneous claims of a seat win', async () => {
      const results = await Promise.all([
        postJson(`${server.url}/api/join/seat`, { joinCode, combatantId: ids.borin }),
        postJson(`${server.url}/api/join/seat`, { joinCode, combatantId: ids.borin }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  });
});
