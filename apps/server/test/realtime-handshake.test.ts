import { afterAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION, type CreateEncounterResponse } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { authFor, connectClient, expectConnectError, newCommandId, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { AUDIENCE_VERSION_BASE } from '../src/encounters/audience-versions.js';

describe.each(BACKENDS)('socket handshake and inbound validation (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let created: CreateEncounterResponse;
  let gm: TestClient;
  let spectator: TestClient;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    created = await createEncounterOver(server.url);
    gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    spectator = await connectClient(server.url, authFor(created.encounterId, created.spectatorToken));
  });

  afterAll(async () => {
    gm?.close();
    spectator?.close();
    await server?.close();
    await testDb?.drop();
  });

  it('refuses another protocol version with protocol-version', async () => {
    const data = await expectConnectError(server.url, { ...authFor(created.encounterId, created.gmToken), protocolVersion: PROTOCOL_VERSION + 1 });
    expect(data).toMatchObject({ code: 'protocol-version', message: expect.stringContaining('reload') });
    expect(await expectConnectError(server.url, {})).toMatchObject({ code: 'protocol-version' });
  });

  it('refuses unknown tokens and unknown encounters with unauthorized', async () => {
    expect(await expectConnectError(server.url, authFor(created.encounterId, 'not-a-token'))).toMatchObject({ code: 'unauthorized' });
    expect(await expectConnectError(server.url, authFor('no-such-encounter', created.gmToken))).toMatchObject({ code: 'unauthorized' });
    expect(await expectConnectError(server.url, { protocolVersion: PROTOCOL_VERSION, encounterId: created.encounterId })).toMatchObject({
      code: 'unauthorized',
    });
  });

  it('sends each role its audience view on connect', () => {
    expect(gm.latest()).toMatchObject({ version: 1, view: { audience: 'gm', phase: 'setup', name: 'Goblin ambush' } });
    // The GM's version is the log's seq; the spectator's counts its own view's changes, from above any seq.
    expect(spectator.latest()).toMatchObject({ version: AUDIENCE_VERSION_BASE + 1, view: { audience: 'spectator' } });
  });

  it('refuses spectator commands with forbidden and changes nothing', async () => {
    const ack = await spectator.command({ type: 'begin-initiative' });
    expect(ack).toMatchObject({ ok: false, code: 'forbidden', message: expect.stringContaining('Spectators') });
    expect(await gm.sync()).toMatchObject({ ok: true, view: { version: 1 } });
  });

  it('refuses malformed envelopes with bad-request naming the problem, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      ['nonsense', ''],
      [{ commandId: 'short', command: { type: 'end-turn' } }, 'commandId'],
      [{ commandId: newCommandId(), command: { type: 'fly-away' } }, 'command.type'],
      [{ commandId: newCommandId(), command: { type: 'add-combatant', combatant: { name: 'X', side: 'pc', stats: {}, admin: true } } }, 'command.combatant'],
      [{ commandId: newCommandId(), command: { type: 'add-combatant', combatant: { name: 'X', side: 'dragon', stats: {} } } }, 'side'],
      [{ commandId: newCommandId(), expectedVersion: -1, command: { type: 'end-turn' } }, 'expectedVersion'],
    ];
    for (const [envelope, mentions] of cases) {
      const ack = await gm.sendRaw(envelope);
      expect(ack, JSON.stringify(envelope)).toMatchObject({ ok: false, code: 'bad-request' });
      if (!ack.ok) expect(ack.message).toContain(mentions);
    }
    expect(await gm.sync()).toMatchObject({ ok: true, view: { version: 1 } });
  });

  it('ignores a command sent without an acknowledgement callback', async () => {
    gm.socket.emit('command', { commandId: newCommandId(), command: { type: 'add-combatant', combatant: { name: 'Ghost', side: 'pc', stats: {} } } });
    expect(await gm.sync()).toMatchObject({ ok: true, view: { version: 1 } });
  });

  it('refuses a malformed sync request', async () => {
    const answer = await gm.socket.timeout(5_000).emitWithAck('sync', { knownVersion: 'latest' });
    expect(answer).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('drops the connection of a client sending more than MAX_MESSAGE_BYTES', async () => {
    const greedy = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    const closed = new Promise<string>((resolve) => greedy.socket.once('disconnect', resolve));
    greedy.socket.emit('command', { commandId: newCommandId(), command: { type: 'end-turn' }, padding: 'x'.repeat(MAX_MESSAGE_BYTES) }, () => {});
    expect(await closed).toBeTruthy();
    expect(await gm.sync()).toMatchObject({ ok: true, view: { version: 1 } });
  });
});
