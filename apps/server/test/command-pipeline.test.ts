import { afterAll, describe, expect, it } from 'vitest';
import { commandSchema, ERROR_MESSAGES, type CommandAck, type CommandEnvelope } from '@roundkeeper/protocol';
import type { Command } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { commandOptions, sampleOf } from './helpers/schema-samples.js';
import { authFor, connectClient, newCommandId, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** Turns the GM may end while looking for the goblin's turn; a runaway loop fails instead of hanging. */
const MAX_TURNS = 10;
const ACK_TIMEOUT_MS = 10_000;

const versionOf = (ack: CommandAck): number => {
  if (!ack.ok) throw new Error(`refused: ${ack.code}: ${ack.message}`);
  return ack.version;
};

describe.each(BACKENDS)('the command pipeline (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  let aria: TestClient;
  let ariaSecondPhone: TestClient;
  let spectator: TestClient;
  let ariaToken: string;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Borin', side: 'pc' },
      { name: 'Goblin', side: 'enemy' },
    ]);
    ariaToken = (await takeSeat(server.url, table.created.joinCode, table.ids.Aria ?? '')).seatToken;
    const { encounterId } = table.created;
    aria = await connectClient(server.url, authFor(encounterId, ariaToken));
    spectator = await connectClient(server.url, authFor(encounterId, table.created.spectatorToken));
  });

  afterAll(async () => {
    for (const c of [table?.gm, aria, ariaSecondPhone, spectator]) c?.close();
    await server?.close();
    await testDb?.drop();
  });

  it('a seat token works from a second phone at once (a reload or a move keeps the seat)', async () => {
    ariaSecondPhone = await connectClient(server.url, authFor(table.created.encounterId, ariaToken));
    for (const phone of [aria, ariaSecondPhone]) {
      expect(phone.latest().view.audience).toBe('player');
      expect(phone.latest().view.combatants.find((c) => c.id === table.ids.Aria)?.mine).toBe(true);
    }
  });

  it('acknowledges a command only once its events are committed: the store has them when the ack arrives', async () => {
    const { encounterId } = table.created;
    const envelope: CommandEnvelope = { commandId: newCommandId(), command: { type: 'begin-initiative' } };
    const before = await server.app.store.latestSeq(encounterId);
    const seenAtAck = await new Promise<{ ack: CommandAck; latest: number | undefined; recorded: CommandAck | undefined }>((resolve) => {
      table.gm.socket.timeout(ACK_TIMEOUT_MS).emit('command', envelope, (error: Error | null, ack: CommandAck) => {
        if (error) throw error;
        // Read the store in the ack callback itself, before anything else can run.
        void Promise.all([server.app.store.latestSeq(encounterId), server.app.store.findCommand(encounterId, envelope.commandId)]).then(
          ([latest, recorded]) => resolve({ ack, latest, recorded }),
        );
      });
    });
    expect(seenAtAck.ack.ok).toBe(true);
    expect(seenAtAck.latest).toBe(versionOf(seenAtAck.ack));
    expect(seenAtAck.latest).toBeGreaterThan(before ?? Infinity);
    expect(seenAtAck.recorded).toEqual(seenAtAck.ack);
    const log = await server.app.store.loadSince(encounterId, before ?? 0);
    expect(log.every((e) => e.commandId === envelope.commandId)).toBe(true);
  });

  it('two phones of one seat roll the same initiative at the same moment: exactly one wins, the other is told why', async () => {
    const roll: Command = { type: 'roll-initiative', unit: { kind: 'combatant', id: table.ids.Aria ?? '' } };
    const before = table.gm.latest().version;
    const answers = await Promise.all([aria.command(roll), ariaSecondPhone.command(roll)]);
    const winners = answers.filter((a) => a.ok);
    const losers = answers.filter((a) => !a.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toEqual([expect.objectContaining({ ok: false, code: 'already-rolled', message: expect.any(String) })]);
    // The winner's ack names the version of the seat's own view; the GM's moved on in the log.
    const synced = await aria.sync();
    expect(synced.ok && synced.view.version).toBe(versionOf(winners[0] ?? { ok: false, code: 'internal', message: '' }));
    const gmSynced = await table.gm.sync();
    expect(gmSynced.ok && gmSynced.view.version).toBeGreaterThan(before);
  });

  it('brings combat to the goblin’s turn', async () => {
    const { gm, ids } = table;
    versionOf(await gm.command({ type: 'roll-npc-initiative' }));
    versionOf(await gm.command({ type: 'roll-initiative', unit: { kind: 'combatant', id: ids.Borin ?? '' } }));
    await gm.waitForVersion((await server.app.store.latestSeq(table.created.encounterId)) ?? 0);
    for (let tie = gm.latest().view.pendingTies[0]; tie; tie = gm.latest().view.pendingTies[0]) {
      await gm.waitForVersion(versionOf(await gm.command({ type: 'resolve-tie', order: [...tie].reverse() })));
    }
    await gm.waitForVersion(versionOf(await gm.command({ type: 'start-combat' })));
    for (let turns = 0; !gm.latest().view.turn?.actorIds.includes(ids.Goblin ?? ''); turns++) {
      expect(turns).toBeLessThan(MAX_TURNS);
      await gm.waitForVersion(versionOf(await gm.command({ type: 'end-turn' })));
    }
    await aria.caughtUp();
  });

  it('refuses EVERY command type from a spectator (forbidden) and from a player acting on what is not theirs, changing nothing', async () => {
    const options = commandOptions(commandSchema);
    expect(options.length).toBeGreaterThanOrEqual(11);
    const before = table.gm.latest().version;
    // Samples name the goblin: never Aria's, and it is the goblin's turn, not hers.
    const context = { combatantId: table.ids.Goblin ?? '' };
    for (const { type, schema } of options) {
      const command = sampleOf(schema, context);
      expect(commandSchema.safeParse(command).success, `the sample of ${type} must be valid: ${JSON.stringify(command)}`).toBe(true);
      const watched = await spectator.sendRaw({ commandId: newCommandId(), command });
      expect(watched, type).toMatchObject({ ok: false, code: 'forbidden', message: expect.stringMatching(/\S/) });
      const played = await aria.sendRaw({ commandId: newCommandId(), command });
      expect(played.ok, `a player's ${type} on the goblin was accepted`).toBe(false);
      if (!played.ok) {
        expect(Object.keys(ERROR_MESSAGES), type).toContain(played.code);
        expect(played.message, type).toMatch(/\S/);
      }
    }
    expect(await table.gm.sync()).toMatchObject({ ok: true, view: { version: before } });
    expect(await server.app.store.latestSeq(table.created.encounterId)).toBe(before);
  });

  it('answers an unknown message that asks for an answer with bad-request, and ignores one that does not', async () => {
    const answer = await table.gm.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('delete-everything', { please: true });
    expect(answer).toMatchObject({ ok: false, code: 'bad-request', message: expect.stringContaining('delete-everything') });
    table.gm.socket.emit('another-unknown', 1);
    expect((await table.gm.sync()).ok).toBe(true);
  });

  it('a client cut off for a moment reconnects by itself to the current view, missed versions included', async () => {
    const watcher = await connectClient(server.url, authFor(table.created.encounterId, table.created.spectatorToken), { reconnection: true });
    try {
      const reconnected = new Promise<void>((resolve) => watcher.socket.io.once('reconnect', () => resolve()));
      // Closing the transport from the client side is an abnormal disconnection, as when a phone loses signal.
      watcher.socket.io.engine.close();
      const held = watcher.latest().version;
      versionOf(await table.gm.command({ type: 'set-defeated', combatantId: table.ids.Borin ?? '', defeated: true }));
      await reconnected;
      // No replay of missed messages (recovery is off): the view sent on connect is the current one,
      // one change after the one the spectator held (its versions count what it can see change).
      const view = await watcher.waitForVersion(held + 1);
      expect(watcher.socket.recovered).not.toBe(true);
      expect(view.version).toBe(held + 1);
      expect(view.view.combatants.find((c) => c.id === table.ids.Borin)?.defeated).toBe(true);
    } finally {
      watcher.close();
    }
  });
});
