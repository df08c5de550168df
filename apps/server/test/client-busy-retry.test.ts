// The client connection resends a command answered `busy` (other nodes kept winning; nothing written),
// as the protocol asks, before the page hears of it. `busy` needs eight lost races in a row on a real
// cluster, so a small Socket.IO server stands in for one here: it answers `busy` as often as told.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { ERROR_MESSAGES, type CommandAck } from '@roundkeeper/protocol';
import { BUSY_RETRIES, EncounterConnection } from '../../../packages/client/src/index.js';

async function busyServer(busyAnswers: number) {
  const http = createServer();
  const io = new Server(http);
  const attempts: string[] = [];
  io.on('connection', (socket) => {
    socket.on('command', (envelope: { commandId: string }, ack: (answer: CommandAck) => void) => {
      attempts.push(envelope.commandId);
      ack(attempts.length <= busyAnswers ? { ok: false, code: 'busy', message: ERROR_MESSAGES.busy } : { ok: true, version: 2 });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, attempts, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}

describe('EncounterConnection and busy', () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const done of cleanup.splice(0)) await done();
  });

  it('resends the same command id after busy and hands the page the answer that finally came', async () => {
    const server = await busyServer(2);
    const connection = new EncounterConnection();
    cleanup.push(() => connection.close(), server.close);
    connection.connect({ baseUrl: server.url, encounterId: 'e', token: 't' });
    const ack = await connection.send({ type: 'begin-initiative' });
    expect(ack).toEqual({ ok: true, version: 2 });
    expect(server.attempts).toHaveLength(3);
    expect(new Set(server.attempts).size).toBe(1);
    expect(connection.state.pending).toBe(0);
  });

  it(`gives up after ${BUSY_RETRIES} resends and answers busy`, async () => {
    const server = await busyServer(Number.POSITIVE_INFINITY);
    const connection = new EncounterConnection();
    cleanup.push(() => connection.close(), server.close);
    connection.connect({ baseUrl: server.url, encounterId: 'e', token: 't' });
    const ack = await connection.send({ type: 'begin-initiative' });
    expect(ack).toMatchObject({ ok: false, code: 'busy' });
    expect(server.attempts).toHaveLength(BUSY_RETRIES + 1);
  });
});
