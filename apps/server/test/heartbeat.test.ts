import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** Long enough for three pings a second apart, far too short for one at the default 5 s. */
const LISTEN_MS = 3_500;

// HEARTBEAT_INTERVAL_MS and HEARTBEAT_TIMEOUT_MS (config.ts) reach Socket.IO: the client hears the pings
// at the configured pace (the client learns the pace from the handshake, nothing to configure there).
describe('the heartbeat setting', () => {
  // A PGlite folder per server: one belongs to one process's database at a time.
  let fastDb: TestDatabase;
  let standardDb: TestDatabase;
  let fast: TestServer;
  let standard: TestServer;
  const clients: TestClient[] = [];

  beforeAllOrFail(async () => {
    [fastDb, standardDb] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('pglite')]);
    fast = await startServer(fastDb.config, { heartbeat: { intervalMs: 1_000, timeoutMs: 1_000 } });
    standard = await startServer(standardDb.config);
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await fast?.close();
    await standard?.close();
    await fastDb?.drop();
    await standardDb?.drop();
  });

  async function pingsHeardOn(server: TestServer): Promise<number> {
    const created = await createEncounterOver(server.url);
    const client = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    clients.push(client);
    let pings = 0;
    client.socket.io.engine.on('ping', () => (pings += 1));
    await new Promise((resolve) => setTimeout(resolve, LISTEN_MS));
    return pings;
  }

  it('pings at the configured interval, and at the protocol default (5 s) when unset', async () => {
    const [configured, unset] = await Promise.all([pingsHeardOn(fast), pingsHeardOn(standard)]);
    expect(configured).toBeGreaterThanOrEqual(2);
    expect(unset).toBe(0);
  });
});
