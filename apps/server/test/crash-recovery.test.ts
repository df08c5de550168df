import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAck, CreateEncounterResponse, EncounterExport } from '@roundkeeper/protocol';
import type { Command } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { authFor, connectClient, newCommandId, type TestClient } from './helpers/test-client.js';

/** Commands the GM keeps in flight, as a busy console would. */
const PIPELINE_DEPTH = 4;
/** Acknowledged commands before the kill; the ones in flight at that moment are the interesting ones. */
const ACKS_BEFORE_KILL = 24;
const LOST_ACK_TIMEOUT_MS = 3_000;
const CRASH_TEST_TIMEOUT_MS = 90_000;

interface Sent {
  readonly commandId: string;
  readonly command: Command;
  ack?: CommandAck;
}

describe.each(BACKENDS)('SIGKILL in the middle of a session (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: ServerProcess | undefined;
  let gm: TestClient | undefined;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
  });

  afterAll(async () => {
    gm?.close();
    await server?.stop();
    await testDb?.drop();
  });

  it('keeps every acknowledged command, half of none, and the client reconnects by itself to the current view', { timeout: CRASH_TEST_TIMEOUT_MS }, async () => {
    const port = await freePort();
    server = await startServerProcess(testDb.config, port);
    const created: CreateEncounterResponse = await createEncounterOver(server.url, 'Power cut');
    gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken), { reconnection: true });
    const client = gm;

    // Groups of three: each command writes several events, so a half-written command would show.
    const sent: Sent[] = [];
    let acked = 0;
    let killing: Promise<void> | undefined;
    const sendNext = async (): Promise<void> => {
      while (!killing) {
        const entry: Sent = {
          commandId: newCommandId(),
          command: { type: 'add-combatant', combatant: { name: `Goblin ${sent.length}`, side: 'enemy', stats: {}, count: 3 } },
        };
        sent.push(entry);
        try {
          entry.ack = (await client.socket.timeout(LOST_ACK_TIMEOUT_MS).emitWithAck('command', { commandId: entry.commandId, command: entry.command })) as CommandAck;
        } catch {
          return; // In flight when the server died: its fate is read from the log below.
        }
        if (++acked === ACKS_BEFORE_KILL) killing = server?.kill();
      }
    };
    await Promise.all(Array.from({ length: PIPELINE_DEPTH }, sendNext));
    await killing;

    const reconnected = new Promise<void>((resolve) => client.socket.io.once('reconnect', () => resolve()));
    server = await startServerProcess(testDb.config, port);
    await reconnected;

    const file = (await callApi(`${server.url}/api/encounters/${created.encounterId}/export`, 'GET', { bearer: created.gmToken })).body as EncounterExport;
    const log = file.events;
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
    const seqsOf = new Map<string, number[]>();
    for (const e of log) if (e.commandId) seqsOf.set(e.commandId, [...(seqsOf.get(e.commandId) ?? []), e.seq]);
    const acknowledged = sent.filter((s) => s.ack?.ok);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    for (const s of acknowledged) {
      const seqs = seqsOf.get(s.commandId);
      expect(seqs?.at(-1), `acknowledged ${s.commandId} is in the log`).toBe(s.ack?.ok && s.ack.version);
    }
    // All or none: every command in the log has all its events, consecutive, and a recorded answer to match.
    const eventsPerCommand = new Set([...seqsOf.values()].map((seqs) => seqs.length));
    expect(eventsPerCommand.size).toBe(1);
    for (const seqs of seqsOf.values()) expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
    for (const s of sent) {
      // Resending any command after the restart is safe: the committed ones answer as before, the lost ones apply once.
      const again = (await client.socket.timeout(LOST_ACK_TIMEOUT_MS).emitWithAck('command', { commandId: s.commandId, command: s.command })) as CommandAck;
      if (s.ack) expect(again).toEqual(s.ack);
      else expect(again.ok).toBe(true);
      if (seqsOf.has(s.commandId) && again.ok) expect(again.version).toBe(seqsOf.get(s.commandId)?.at(-1));
    }
    const synced = await client.sync();
    if (!synced.ok) throw new Error(`sync refused: ${synced.code}`);
    expect(synced.view.view.groups).toHaveLength(sent.length);
    await client.waitForVersion(synced.view.version);
  });
});
