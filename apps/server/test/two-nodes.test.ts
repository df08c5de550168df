import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAck } from '@roundkeeper/protocol';
import type { Command } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat, type Table } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { AUDIENCE_VERSION_BASE } from '../src/encounters/audience-versions.js';

/** Commands sent at once through each node: enough that the two keep racing for the same seq. */
const COMMANDS_PER_NODE = 40;

// Two server processes are two apps here, each with its own rooms and caches, on one PostgreSQL database.
// (PGlite is one process's embedded database, so scale-out is a PostgreSQL matter only.)
describe('two nodes on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let table: Table;
  let gmOnB: TestClient;
  let spectatorOnA: TestClient;
  let spectatorOnB: TestClient;
  const clients: TestClient[] = [];

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('postgres');
    [nodeA, nodeB] = await Promise.all([startServer(testDb.config), startServer(testDb.config)]);
    table = await setUpTable(nodeA.url, [
      { name: 'Aria', side: 'pc' },
      { name: 'Goblin', side: 'enemy' },
    ]);
    gmOnB = await connectClient(nodeB.url, authFor(table.created.encounterId, table.created.gmToken));
    spectatorOnA = await connectClient(nodeA.url, authFor(table.created.encounterId, table.created.spectatorToken));
    spectatorOnB = await connectClient(nodeB.url, authFor(table.created.encounterId, table.created.spectatorToken));
    clients.push(table.gm, gmOnB, spectatorOnA, spectatorOnB);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await nodeA?.close();
    await nodeB?.close();
    await testDb?.drop();
  });

  it('keeps one gap-free log under concurrent commands through both nodes, every ack matching it', async () => {
    const { encounterId } = table.created;
    const start = (await nodeA.app.store.latestSeq(encounterId)) ?? 0;
    const send = (client: TestClient, node: string) =>
      Array.from({ length: COMMANDS_PER_NODE }, (_, i) => {
        const name = `${node}-${i}`;
        const command: Command = { type: 'add-combatant', combatant: { name, side: 'enemy', stats: {} } };
        return client.command(command).then((ack) => ({ name, ack }));
      });
    const answers = await Promise.all([...send(table.gm, 'A'), ...send(gmOnB, 'B')]);

    const loaded = await nodeA.app.store.load(encounterId);
    const log = loaded?.events ?? [];
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
    const accepted = answers.filter((a): a is { name: string; ack: Extract<CommandAck, { ok: true }> } => a.ack.ok);
    const refused = answers.filter((a) => !a.ack.ok);
    // A node that keeps losing the race answers 'busy' (the client resends): never anything else, never a write.
    for (const r of refused) expect(r.ack).toMatchObject({ ok: false, code: 'busy' });
    expect(accepted.length).toBeGreaterThan(COMMANDS_PER_NODE);
    expect(new Set(accepted.map((a) => a.ack.version)).size).toBe(accepted.length);
    const seqsOf = new Map<string, number[]>();
    for (const e of log) if (e.commandId && e.seq > start) seqsOf.set(e.commandId, [...(seqsOf.get(e.commandId) ?? []), e.seq]);
    expect(seqsOf.size).toBe(accepted.length);
    for (const [, seqs] of seqsOf) {
      // All events of one command are consecutive: nothing interleaved, nothing half-written.
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
    }
    expect(new Set(accepted.map((a) => a.ack.version))).toEqual(new Set([...seqsOf.values()].map((s) => s.at(-1))));
    const addedNames = log.flatMap((e) => (e.event.type === 'combatant-added' ? [e.event.combatant.name] : []));
    expect(addedNames.filter((n) => /^[AB]-/.test(n)).sort()).toEqual(accepted.map((a) => a.name).sort());
    expect(log.length).toBeGreaterThan(start);
    // Each node counted the spectator's versions itself, one command at a time or several in a catch-up: alike.
    const [onA, onB] = await Promise.all([spectatorOnA.caughtUp(), spectatorOnB.caughtUp()]);
    expect(onA).toEqual(onB);
    for (const c of [spectatorOnA, spectatorOnB]) {
      const versions = c.views.map((v) => v.version);
      expect(versions).toEqual([...new Set(versions)].sort((x, y) => x - y));
    }
  });

  it('a client (re)connecting to a node whose cache is behind gets the fresh view, and so does sync', async () => {
    const { encounterId } = table.created;
    const ackOnB = await gmOnB.command({ type: 'set-hidden', combatantId: table.ids.Goblin ?? '', hidden: true });
    const latest = await nodeA.app.store.latestSeq(encounterId);
    expect(ackOnB).toEqual({ ok: true, version: latest });
    const fresh = await connectClient(nodeA.url, authFor(encounterId, table.created.spectatorToken));
    clients.push(fresh);
    // The spectator's version counts its own view's changes, the same on both nodes.
    expect(fresh.latest()).toEqual(await spectatorOnB.caughtUp());
    expect(fresh.latest().version).toBeGreaterThan(AUDIENCE_VERSION_BASE);
    expect(fresh.latest().view.combatants.find((c) => c.name === 'Goblin')).toBeUndefined();
    expect(await table.gm.sync()).toMatchObject({ ok: true, view: { version: latest } });
  });

  it('two phones of one seat, one on each node, roll the same initiative at once: exactly one wins', async () => {
    const { encounterId, joinCode } = table.created;
    expect((await table.gm.command({ type: 'begin-initiative' })).ok).toBe(true);
    const seat = await takeSeat(nodeB.url, joinCode, table.ids.Aria ?? '');
    const phoneA = await connectClient(nodeA.url, authFor(encounterId, seat.seatToken));
    const phoneB = await connectClient(nodeB.url, authFor(encounterId, seat.seatToken));
    clients.push(phoneA, phoneB);
    const roll: Command = { type: 'roll-initiative', unit: { kind: 'combatant', id: table.ids.Aria ?? '' } };
    const answers = await Promise.all([phoneA.command(roll), phoneB.command(roll)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([expect.objectContaining({ code: 'already-rolled' })]);
    const rolls = (await nodeA.app.store.load(encounterId))?.events.filter((e) => e.event.type === 'initiative-rolled') ?? [];
    expect(rolls).toHaveLength(1);
  });
});
