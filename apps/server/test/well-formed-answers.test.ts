// Issue 30, finding 3: what the server answers passes the same text rules as what it takes in (no NUL,
// no unpaired surrogate), whichever way ill-formed text reached the answer: read from a file (a skipped
// 5e.tools `_copy` entry's name), or echoed from a refused request (a key in a refusal's sentence). Over
// real HTTP and a real Socket.IO client; such text becomes U+FFFD and the answer is the usual one.
import { afterAll, describe, expect, it } from 'vitest';
import { illFormedTextPath, REPLACEMENT_CHARACTER, type CreateEncounterResponse } from '@roundkeeper/protocol';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { callApi } from './helpers/http.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, newCommandId } from './helpers/test-client.js';
import { postJson, startServer, type TestServer } from './helpers/test-server.js';

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

/** A 5e.tools bestiary whose second monster copies one from another book, under an ill-formed name. */
function bestiary(name: string): string {
  // JSON.stringify writes the NUL and the lone surrogates as escapes: the file itself is well-formed text.
  return JSON.stringify({
    monster: [
      { name: 'Kobold', source: 'MM', dex: 15, hp: { average: 5, formula: '2d6 - 2' }, cr: '1/8' },
      { name, source: 'HB', _copy: { name: `Goblin${LONE_LOW}`, source: `M${NUL}M` } },
    ],
  });
}

describe('answers hold well-formed text only', () => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    // The routes here read no storage: one backend is enough.
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('a skipped _copy entry whose names hold NUL and lone surrogates is listed, with U+FFFD in their place', async () => {
    for (const name of [`Kobold${NUL}Sneak`, `Kobold${LONE_HIGH}Sneak`, `${LONE_LOW}`]) {
      const answer = await callApi(`${server.url}/api/creature-files/parse`, 'POST', { body: { format: '5etools', system: 'dnd5e', files: [{ name: 'bestiary.json', text: bestiary(name) }] } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(illFormedTextPath(answer.body)).toBeUndefined();
      expect(answer.body).toMatchObject({
        creatures: [{ name: 'Kobold' }],
        skipped: [{ field: 'monster[1]._copy', message: expect.stringContaining(REPLACEMENT_CHARACTER) }],
      });
    }
  });

  it('a refused request whose unknown key holds a lone surrogate gets its 400 in well-formed text', async () => {
    const answer = await postJson(`${server.url}/api/encounters`, { name: 'Ambush', system: 'dnd5e', [`x${LONE_HIGH}`]: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad-request' });
    expect(illFormedTextPath(answer.body)).toBeUndefined();
  });

  it('a socket command refused for such a key is acknowledged in well-formed text, and the socket stays', async () => {
    const { body } = await postJson(`${server.url}/api/encounters`, { name: 'Ambush', system: 'dnd5e' });
    const created = body as CreateEncounterResponse;
    const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    try {
      for (const key of [`n${NUL}`, `n${LONE_LOW}`]) {
        const ack = await gm.sendRaw({ commandId: newCommandId(), command: { type: 'end-turn', [key]: true } });
        expect(ack).toMatchObject({ ok: false, code: 'bad-request' });
        expect(illFormedTextPath(ack)).toBeUndefined();
      }
      const added = await gm.command({ type: 'add-combatant', combatant: { name: 'Borin', side: 'pc', stats: {} } });
      expect(added.ok).toBe(true);
      expect(illFormedTextPath(gm.received)).toBeUndefined();
    } finally {
      gm.close();
    }
  });
});
