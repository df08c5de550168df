import { afterAll, describe, expect, it } from 'vitest';
import { presenceSchema, type Presence } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const WAIT_TIMEOUT_MS = 10_000;

/** Resolves with the first presence from index `from` on (already received or to come) that satisfies `test`. */
async function presenceWhere(seen: Presence[], test: (p: Presence) => boolean, from = 0): Promise<Presence> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  for (;;) {
    // Every payload must match the protocol's schema, not only the one looked for.
    const found = seen.slice(from).find((p) => test(presenceSchema.parse(p)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching presence within ${WAIT_TIMEOUT_MS} ms: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The seat of one PC (the take-seat answer names the PC, not the seat id). */
const seatOf = (presence: Presence, combatantId: string) => presence.seats.find((s) => s.combatantIds.includes(combatantId));

describe.each(BACKENDS)('seat presence for the GM (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let table: Table;
  let player: TestClient | undefined;
  let spectator: TestClient | undefined;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    table = await setUpTable(server.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Borin', side: 'pc' },
    ]);
  });

  afterAll(async () => {
    table?.gm.close();
    player?.close();
    spectator?.close();
    await server?.close();
    await testDb?.drop();
  });

  it('tells a GM who connects that no seat is taken yet', async () => {
    const gm2 = await connectClient(server.url, authFor(table.created.encounterId, table.created.gmToken));
    try {
      await presenceWhere(gm2.presences, (p) => p.seats.length === 0);
    } finally {
      gm2.close();
    }
  });

  it('shows a seat connected while its phone is on, then offline once it leaves', async () => {
    const aria = table.ids.Aria!;
    const taken = await takeSeat(server.url, table.created.joinCode, aria);
    spectator = await connectClient(server.url, authFor(table.created.encounterId, table.created.spectatorToken));
    player = await connectClient(server.url, authFor(table.created.encounterId, taken.seatToken));

    const online = await presenceWhere(table.gm.presences, (p) => seatOf(p, aria)?.connected === true);
    expect(online.seats).toEqual([{ seatId: expect.any(String), combatantIds: [aria], connected: true }]);
    const seatId = online.seats[0]!.seatId;

    const count = table.gm.presences.length;
    player.close();
    const offline = await presenceWhere(table.gm.presences, (p) => seatOf(p, aria)?.connected === false, count);
    expect(offline.seats).toEqual([{ seatId, combatantIds: [aria], connected: false }]);
  });

  it("reads a table's seats twice, not once per phone, when all its phones connect at once", async () => {
    const names = ['Ash', 'Bryn', 'Cael', 'Dara', 'Eryn', 'Fenn'];
    const burst = await setUpTable(server.url, names.map((name) => ({ name, side: 'pc' as const })));
    const encounterId = burst.created.encounterId;
    const tokens: string[] = [];
    for (const name of names) tokens.push((await takeSeat(server.url, burst.created.joinCode, burst.ids[name]!)).seatToken);

    // The real store, watched: the first read waits until every phone is connected, so each connect
    // after it lands while a read is under way (deterministic, whatever the machine's speed).
    const { store } = server.app;
    const listSeats = store.listSeats.bind(store);
    let reads = 0;
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    store.listSeats = async (id) => {
      if (id === encounterId && ++reads === 1) await gate;
      return listSeats(id);
    };
    const phones: TestClient[] = [];
    try {
      phones.push(...(await Promise.all(tokens.map((token) => connectClient(server.url, authFor(encounterId, token))))));
      release();
      const all = await presenceWhere(burst.gm.presences, (p) => p.seats.length === names.length && p.seats.every((seat) => seat.connected));
      expect(all.seats).toHaveLength(names.length);
      // One read that was under way, and one more for the changes made during it.
      expect(reads).toBe(2);
    } finally {
      release();
      store.listSeats = listSeats;
      for (const phone of phones) phone.close();
      burst.gm.close();
    }
  });

  it('never sends presence to a player or a spectator', async () => {
    // A GM command round-trip after everything above: any presence for them would have arrived by now.
    const ack = await table.gm.command({ type: 'begin-initiative' });
    expect(ack.ok).toBe(true);
    // The spectator's own version moved when the phase did: its pushed view arrived, and no presence with it.
    const before = spectator!.latest().version;
    expect((await spectator!.caughtUp()).version).toBeGreaterThan(before);
    expect(player!.presences).toEqual([]);
    expect(spectator!.presences).toEqual([]);
  });
});
