import { afterAll, describe, expect, it } from 'vitest';
import { commandEnvelopeSchema, commandSchema, ERROR_MESSAGES, MAX_MESSAGE_BYTES, type CommandAck, type SyncAck } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { mutatedEnvelope, seededRandom } from './helpers/payload-mutator.js';
import { commandOptions, sampleOf } from './helpers/schema-samples.js';
import { authFor, connectClient, newCommandId, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const TOTAL_PAYLOADS = 100_000;
/** Emits in flight per socket before waiting for their answers: bulk, yet bounded memory on both ends. */
const BATCH_PER_SOCKET = 1_000;
/** A fixed seed: a failure replays exactly. Change it to explore other payloads. */
const FUZZ_SEED = 0x5eed_4;
const ACK_TIMEOUT_MS = 30_000;
const OVERSIZED_FRAMES = 5;
/** Socket.IO's packet prefix, event name and ack id around a payload. */
const FRAME_OVERHEAD_BYTES = 256;
const FUZZ_TEST_TIMEOUT_MS = 120_000;

const knownCodes = new Set(Object.keys(ERROR_MESSAGES));

// On PGlite only: the garbage never reaches the store (that is the point), so the backend changes nothing
// here, and one 100,000-message run keeps the suite inside its time budget on two cores.
describe('fuzzing the socket with malformed payloads (pglite)', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  let player: TestClient;
  let spectator: TestClient;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Goblin', side: 'enemy', hidden: true },
    ]);
    const seat = await takeSeat(server.url, table.created.joinCode, table.ids.Aria ?? '');
    player = await connectClient(server.url, authFor(table.created.encounterId, seat.seatToken));
    spectator = await connectClient(server.url, authFor(table.created.encounterId, table.created.spectatorToken));
  });

  afterAll(async () => {
    for (const c of [table?.gm, player, spectator]) c?.close();
    await server?.close();
    await testDb?.drop();
  });

  it(`answers ${TOTAL_PAYLOADS.toLocaleString('en')} random and mutated payloads with typed errors or drops them, changing nothing`, { timeout: FUZZ_TEST_TIMEOUT_MS }, async () => {
    const random = seededRandom(FUZZ_SEED);
    const context = { combatantId: table.ids.Goblin ?? '' };
    const valid = commandOptions(commandSchema).map(({ schema }) => ({
      commandId: newCommandId(),
      expectedVersion: 1,
      command: sampleOf(schema, context),
    }));
    const sync = async (client: TestClient): Promise<SyncAck> => client.sync();
    const before = await Promise.all([table.gm, player, spectator].map(sync));
    const versionBefore = await server.app.store.latestSeq(table.created.encounterId);

    const sockets = [table.gm, player, spectator];
    const counts = { sent: 0, answered: 0, unanswered: 0, unknownEvents: 0, validToSpectator: 0 };
    const badAnswers: unknown[] = [];
    const check = (answer: unknown) => {
      counts.answered++;
      const ack = answer as CommandAck;
      if (ack?.ok !== false || !knownCodes.has(ack.code) || typeof ack.message !== 'string') badAnswers.push(answer);
    };

    while (counts.sent < TOTAL_PAYLOADS) {
      const inFlight: Promise<void>[] = [];
      for (const client of sockets) {
        for (let i = 0; i < BATCH_PER_SOCKET && counts.sent < TOTAL_PAYLOADS; i++, counts.sent++) {
          let payload = mutatedEnvelope(random, valid);
          let target = client;
          // Frames over the limit close the socket before parsing; they are tested on their own below.
          if ((JSON.stringify(payload) ?? '').length > MAX_MESSAGE_BYTES - FRAME_OVERHEAD_BYTES) payload = { oversized: true };
          // A mutation that happens to be valid would really change the encounter: only a spectator may send it.
          // Judged as it will arrive: JSON drops undefined fields and turns NaN and Infinity into null.
          const wire: unknown = payload === undefined ? undefined : JSON.parse(JSON.stringify(payload) ?? 'null');
          if (commandEnvelopeSchema.safeParse(wire).success) {
            target = spectator;
            counts.validToSpectator++;
          }
          const roll = random();
          if (roll < 0.03) {
            // No acknowledgement callback: the server must drop it silently.
            target.socket.emit('command', payload);
            counts.unanswered++;
          } else if (roll < 0.06) {
            counts.unknownEvents++;
            inFlight.push(target.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(`x-${Math.floor(random() * 5)}`, payload).then(check));
          } else if (roll < 0.08) {
            payload = mutatedEnvelope(random, valid);
            inFlight.push(target.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('sync', payload).then((a: SyncAck) => (a.ok ? undefined : check(a))));
          } else {
            inFlight.push(target.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('command', payload).then(check));
          }
        }
      }
      await Promise.all(inFlight);
    }
    console.log(`fuzz: ${JSON.stringify(counts)}`);
    expect(badAnswers.slice(0, 5)).toEqual([]);
    expect(counts.answered).toBeGreaterThan(TOTAL_PAYLOADS * 0.9);

    // Frames over the limit close the offending connection before any parsing.
    for (let i = 0; i < OVERSIZED_FRAMES; i++) {
      const greedy = await connectClient(server.url, authFor(table.created.encounterId, table.created.gmToken));
      const closed = new Promise<string>((resolve) => greedy.socket.once('disconnect', resolve));
      greedy.socket.emit('command', { commandId: newCommandId(), command: { type: 'end-turn' }, pad: 'z'.repeat(MAX_MESSAGE_BYTES + i) }, () => {});
      expect(await closed).toBe('transport close');
    }

    // Nothing changed: no event, the same views, no prototype polluted, and the server still plays.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
    expect(await server.app.store.latestSeq(table.created.encounterId)).toBe(versionBefore);
    expect(await Promise.all([table.gm, player, spectator].map(sync))).toEqual(before);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const ack = await table.gm.command({ type: 'set-hidden', combatantId: table.ids.Goblin ?? '', hidden: false });
    expect(ack).toEqual({ ok: true, version: expect.any(Number) });
  });
});
