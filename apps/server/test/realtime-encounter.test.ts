import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAck, CreateEncounterResponse, VersionedView } from '@roundkeeper/protocol';
import type { Command, UnitRef } from '@roundkeeper/rules';
import { EncounterRegistry } from '../src/encounters/registry.js';
import { silentBroadcaster } from '../src/encounters/broadcaster.js';
import { AUDIENCE_VERSION_BASE } from '../src/encounters/audience-versions.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver, lookup, takeSeat } from './helpers/encounter-setup.js';
import { authFor, connectClient, newCommandId, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const HIDDEN_NAME = 'Lurking Assassin';
/** Two full rounds: the loop stops when round 3 begins. */
const ROUNDS_TO_PLAY = 2;
/** More than enough turns for two rounds of 4 units; a runaway loop fails instead of hanging. */
const MAX_TURNS = 20;

const versionOf = (ack: CommandAck): number => {
  if (!ack.ok) throw new Error(`refused: ${ack.code}: ${ack.message}`);
  return ack.version;
};

describe.each(BACKENDS)('a whole encounter over Socket.IO (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let created: CreateEncounterResponse;
  let gm: TestClient;
  let aria: TestClient;
  let borin: TestClient;
  let spectator: TestClient;
  const ids = { aria: '', borin: '', goblins: '', assassin: '' };
  const seats = { aria: '', borin: '' };

  const everyone = () => [gm, aria, borin, spectator];
  const watchers = () => [aria, borin, spectator];

  /**
   * Sends a command and waits until every connected client has seen its result. The ack's version is
   * the sender's own view's; the others catch up by theirs.
   */
  async function accepted(client: TestClient, command: Command): Promise<number> {
    const version = versionOf(await client.command(command));
    await Promise.all(everyone().map((c) => (c === client ? c.waitForVersion(version) : c.caughtUp())));
    return version;
  }

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config);
    created = await createEncounterOver(server.url, 'Crypt of the Goblin King');
    gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
  });

  afterAll(async () => {
    for (const c of [gm, aria, borin, spectator]) c?.close();
    await server?.close();
    await testDb?.drop();
  });

  it('the GM adds two PCs, a group of three goblins and a hidden assassin', async () => {
    const add = async (name: string, side: 'pc' | 'enemy', extra: { count?: number; hidden?: boolean } = {}) => {
      const version = versionOf(await gm.command({ type: 'add-combatant', combatant: { name, side, stats: { dex: 14 }, ...extra } }));
      return (await gm.waitForVersion(version)).view;
    };
    ids.aria = (await add('Aria', 'pc')).combatants.find((c) => c.name === 'Aria')?.id ?? '';
    ids.borin = (await add('Borin', 'pc')).combatants.find((c) => c.name === 'Borin')?.id ?? '';
    ids.goblins = (await add('Goblin', 'enemy', { count: 3 })).groups.find((g) => g.name === 'Goblin')?.id ?? '';
    const view = await add(HIDDEN_NAME, 'enemy', { hidden: true });
    ids.assassin = view.combatants.find((c) => c.name === HIDDEN_NAME)?.id ?? '';
    expect(Object.values(ids).every((id) => id !== '')).toBe(true);
    expect(view.combatants).toHaveLength(6);
    expect(view.combatants.find((c) => c.id === ids.assassin)?.hidden).toBe(true);
  });

  it('players take their seats over HTTP and connect with a spectator', async () => {
    const found = await lookup(server.url, created.joinCode);
    expect(found.seats.map((s) => s.name)).toEqual(['Aria', 'Borin']);
    const ariaSeat = await takeSeat(server.url, created.joinCode, ids.aria);
    const borinSeat = await takeSeat(server.url, created.joinCode, ids.borin);
    seats.aria = ariaSeat.seatToken;
    seats.borin = borinSeat.seatToken;
    aria = await connectClient(server.url, authFor(created.encounterId, seats.aria));
    borin = await connectClient(server.url, authFor(created.encounterId, seats.borin));
    spectator = await connectClient(server.url, authFor(created.encounterId, created.spectatorToken));
    // Each audience has its own versions: the GM's are the log's seqs, the others count their own view's changes.
    const version = gm.latest().version;
    // Aria's seat view changed when Borin and the goblins came (counted from the spectator's when she was added).
    expect(aria.latest()).toMatchObject({ version: AUDIENCE_VERSION_BASE + 4, view: { audience: 'player' } });
    expect(aria.latest().version).not.toBe(version);
    expect(aria.latest().view.combatants.find((c) => c.id === ids.aria)).toMatchObject({ mine: true, stats: { dex: 14 } });
    expect(aria.latest().view.combatants.find((c) => c.id === ids.borin)).toMatchObject({ mine: false });
    expect(aria.latest().view.combatants.find((c) => c.id === ids.borin)?.stats).toBeUndefined();
    // Four GM commands so far, but the spectator saw three changes (the hidden assassin's was none).
    expect(spectator.latest()).toMatchObject({ version: AUDIENCE_VERSION_BASE + 4, view: { audience: 'spectator' } });
  });

  it('runs initiative: players roll their own, the GM rolls the monsters and orders ties', async () => {
    await accepted(gm, { type: 'begin-initiative' });
    const notMine = await aria.command({ type: 'roll-initiative', unit: { kind: 'combatant', id: ids.borin } });
    expect(notMine).toMatchObject({ ok: false, code: 'not-your-combatant', message: expect.stringContaining('your own') });
    await accepted(aria, { type: 'roll-initiative', unit: { kind: 'combatant', id: ids.aria } });
    await accepted(borin, { type: 'roll-initiative', unit: { kind: 'combatant', id: ids.borin }, mode: 'advantage' });
    expect(aria.latest().view.combatants.find((c) => c.id === ids.aria)?.initiative?.source).toBe('server');
    expect(aria.latest().view.combatants.find((c) => c.id === ids.borin)?.initiative?.mode).toBe('advantage');
    await accepted(gm, { type: 'roll-npc-initiative' });
    // Seeds are random, so ties may or may not happen: order whatever the GM is shown.
    for (let tie = gm.latest().view.pendingTies[0]; tie; tie = gm.latest().view.pendingTies[0]) {
      await accepted(gm, { type: 'resolve-tie', order: [...tie].reverse() satisfies UnitRef[] });
    }
    await accepted(gm, { type: 'start-combat' });
    expect(gm.latest().view).toMatchObject({ phase: 'active', round: 1 });
    expect(gm.latest().view.order).toHaveLength(4);
    // The hidden assassin's slot is not in anyone else's order.
    for (const c of watchers()) expect(c.latest().view.order).toHaveLength(3);
  });

  it('plays two rounds: players end their own turns, the GM ends the monsters', async () => {
    let refusedOnce = false;
    for (let turns = 0; gm.latest().view.round <= ROUNDS_TO_PLAY; turns++) {
      expect(turns).toBeLessThan(MAX_TURNS);
      const actorIds = gm.latest().view.turn?.actorIds ?? [];
      const before = gm.latest().version;
      if (actorIds.includes(ids.aria) || actorIds.includes(ids.borin)) {
        const [mover, other, moverName] = actorIds.includes(ids.aria) ? [aria, borin, 'Aria'] : [borin, aria, 'Borin'];
        expect(mover.latest().view.turn?.actorIds).toEqual(actorIds);
        const wrong = await other.command({ type: 'end-turn' });
        expect(wrong).toMatchObject({ ok: false, code: 'not-your-turn', message: expect.stringContaining(moverName) });
        expect(await gm.sync()).toMatchObject({ ok: true, view: { version: before } });
        refusedOnce = true;
        await accepted(mover, { type: 'end-turn' });
      } else {
        if (actorIds.includes(ids.assassin)) {
          // Nobody but the GM may know whose turn this is.
          for (const c of watchers()) expect(c.latest().view.turn).toBeNull();
        }
        const wrong = await aria.command({ type: 'end-turn' });
        expect(wrong).toMatchObject({ ok: false, code: 'not-your-turn' });
        await accepted(gm, { type: 'end-turn' });
      }
      expect(gm.latest().version).toBeGreaterThan(before);
    }
    expect(refusedOnce).toBe(true);
    expect(gm.latest().view.round).toBe(ROUNDS_TO_PLAY + 1);
    for (const c of watchers()) expect(c.latest().view.round).toBe(ROUNDS_TO_PLAY + 1);
  });

  it('returns the first answer to a repeated command id and appends nothing', async () => {
    const commandId = newCommandId();
    const command: Command = { type: 'add-combatant', combatant: { name: 'Reinforcement', side: 'enemy', stats: {} } };
    const first = await gm.command(command, { commandId });
    const version = versionOf(first);
    await gm.waitForVersion(version);
    const again = await gm.command(command, { commandId });
    expect(again).toEqual(first);
    const synced = await gm.sync();
    expect(synced).toMatchObject({ ok: true, view: { version } });
    if (synced.ok) expect(synced.view.view.combatants.filter((c) => c.name === 'Reinforcement')).toHaveLength(1);
    // A refusal is remembered too: the same id is not decided twice.
    const refusedId = newCommandId();
    const refused = await borin.command({ type: 'start-combat' }, { commandId: refusedId });
    expect(refused).toMatchObject({ ok: false, code: 'gm-only' });
    expect(await borin.command({ type: 'start-combat' }, { commandId: refusedId })).toEqual(refused);
  });

  it('refuses a command made against an old version with stale-version and the current view', async () => {
    const current = gm.latest().version;
    const stale = await gm.command({ type: 'end-turn' }, { expectedVersion: current - 1 });
    expect(stale).toMatchObject({ ok: false, code: 'stale-version', message: expect.stringContaining(String(current)) });
    if (!stale.ok) expect(stale.view).toMatchObject({ version: current, view: { audience: 'gm', round: ROUNDS_TO_PLAY + 1 } });
    const playerStale = await aria.command({ type: 'end-turn' }, { expectedVersion: 0 });
    if (playerStale.ok) throw new Error('a stale command was accepted');
    expect(playerStale.view?.view.audience).toBe('player');
    expect(await gm.sync()).toMatchObject({ ok: true, view: { version: current } });
    await accepted(gm, { type: 'set-defeated', combatantId: ids.assassin, defeated: false });
    const fresh = await gm.command({ type: 'set-hidden', combatantId: ids.assassin, hidden: true }, { expectedVersion: gm.latest().version });
    expect(fresh.ok).toBe(true);
    await gm.waitForVersion(versionOf(fresh));
    await Promise.all(watchers().map((c) => c.caughtUp()));
  });

  it('a player pinned to the version of their view is not refused for what the GM did out of sight', async () => {
    const seen = aria.latest().version;
    const gmBefore = gm.latest().version;
    await accepted(gm, { type: 'add-condition', combatantId: ids.assassin, name: 'Invisible' });
    expect(gm.latest().version).toBeGreaterThan(gmBefore);
    expect(aria.latest().version).toBe(seen);
    // A command pinned to what Aria saw still stands; a refusal for staleness would tell her the GM did something.
    const command: Command = { type: 'add-condition', combatantId: ids.aria, name: 'Inspired' };
    expect(await aria.command(command, { expectedVersion: seen - 1 })).toMatchObject({ ok: false, code: 'stale-version' });
    expect(await aria.command(command, { expectedVersion: seen })).toEqual({ ok: true, version: seen + 1 });
  });

  it('delivered every view to every client in version order, each projection once', async () => {
    for (const c of everyone()) {
      const versions = c.views.map((v) => v.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      // Connect view aside, each accepted command produced at most one view per audience.
      expect(new Set(versions.slice(1)).size).toBe(versions.length - 1);
      const synced = await c.sync();
      expect(synced).toMatchObject({ ok: true, view: c.latest() });
    }
    for (const c of watchers()) {
      // A player's or spectator's versions count their view's changes: no gap tells of hidden ones.
      const versions = c.views.map((v) => v.version);
      expect(versions.slice(1)).toEqual(versions.slice(0, -1).map((v) => v + 1));
    }
    // The GM's are the log's seqs: the hidden commands are in them.
    expect(gm.views.length).toBeGreaterThan(aria.views.length);
  });

  it('never sent the hidden assassin to a player or the spectator', () => {
    expect(JSON.stringify(gm.received)).toContain(HIDDEN_NAME);
    for (const c of watchers()) {
      const everything = JSON.stringify(c.received);
      expect(everything).not.toContain(HIDDEN_NAME);
      expect(everything).not.toContain(`"${ids.assassin}"`);
    }
  });

  it('a second node with a stale cache reloads on conflict and retries', async () => {
    // Another registry over the same database is, to the store, another server process.
    const otherNode = new EncounterRegistry({ store: server.app.store, broadcaster: silentBroadcaster });
    const room = await otherNode.open(created.encounterId);
    if (!room) throw new Error('room not found');
    const seen = await room.view({ role: 'gm' });
    const lastSeen = await accepted(gm, { type: 'add-combatant', combatant: { name: 'Late Goblin', side: 'enemy', stats: {} } });
    const acks: CommandAck[] = [];
    await room.command(
      { commandId: newCommandId(), command: { type: 'add-combatant', combatant: { name: 'Later Goblin', side: 'enemy', stats: {} } } },
      { role: 'gm' },
      { role: 'gm' },
      (ack) => acks.push(ack),
    );
    expect(seen.version).toBeLessThan(lastSeen);
    const otherVersion = await server.app.store.latestSeq(created.encounterId);
    expect(otherVersion).toBeGreaterThan(lastSeen);
    expect(acks).toEqual([{ ok: true, version: otherVersion }]);
    // This node's cache is now behind; its next command conflicts, catches up and lands after the other's.
    const next = versionOf(await gm.command({ type: 'add-combatant', combatant: { name: 'Last Goblin', side: 'enemy', stats: {} } }));
    expect(next).toBeGreaterThan(otherVersion ?? Infinity);
    expect(next).toBe(await server.app.store.latestSeq(created.encounterId));
    await gm.waitForVersion(next);
    const synced = await gm.sync();
    if (!synced.ok) throw new Error('sync refused');
    expect(synced.view.view.combatants.map((c) => c.name)).toEqual(expect.arrayContaining(['Late Goblin', 'Later Goblin', 'Last Goblin']));
  });

  it('after a restart on the same database, the encounter and its clients pick up where they were', async () => {
    const synced = await gm.sync();
    if (!synced.ok) throw new Error('sync refused');
    const before: VersionedView = synced.view;
    const ariaSynced = await aria.sync();
    if (!ariaSynced.ok) throw new Error('sync refused');
    await server.close();
    server = await startServer(testDb.config);

    gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    aria = await connectClient(server.url, authFor(created.encounterId, seats.aria));
    borin = await connectClient(server.url, authFor(created.encounterId, seats.borin));
    spectator = await connectClient(server.url, authFor(created.encounterId, created.spectatorToken));
    expect(gm.latest()).toEqual(before);
    expect(gm.latest().view).toMatchObject({ round: ROUNDS_TO_PLAY + 1, phase: 'active' });
    expect(aria.latest()).toEqual(ariaSynced.view);

    // The rebuilt room still knows the seats: players are told about the next change.
    const actorIds = gm.latest().view.turn?.actorIds ?? [];
    const mover = actorIds.includes(ids.aria) ? aria : actorIds.includes(ids.borin) ? borin : gm;
    const version = await accepted(mover, { type: 'end-turn' });
    expect(version).toBeGreaterThan(mover === gm ? before.version : ariaSynced.view.version);
    // Aria's versions were rebuilt from the log: the next change follows the one she held before the restart.
    expect(aria.latest().version).toBe(ariaSynced.view.version + 1);
  });
});
