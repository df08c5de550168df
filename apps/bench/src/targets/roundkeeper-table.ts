import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type CommandEnvelope,
  type CommandAck,
  type CreateEncounterResponse,
  type LookupJoinResponse,
  type ServerToClientEvents,
  type TakeSeatResponse,
  type VersionedView,
} from '@roundkeeper/protocol';
import { applyPatch } from '@roundkeeper/protocol/view-patch';
import { SharedViewAssembler, type Assembled, type SharedMessage } from '@roundkeeper/protocol/shared-view';
import { MONSTERS_PER_GROUP, PLAYERS_PER_TABLE, TABLE_CLIENTS } from '../plan.js';
import { ArrivalProbe } from '../harness/arrival-probe.js';
import type { BenchTable, OpenTableOptions } from '../harness/bench-table.js';
import { postOk } from '../harness/http-json.js';
import type { SeatMode } from '../harness/ipc.js';
import { openSocket, untilReady } from '../harness/sockets.js';
import { sourceAddressOf } from './source-address.js';

type RkSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Command = CommandEnvelope['command'];
type EncounterView = VersionedView['view'];

const GM = 0;
const FIRST_PLAYER = 1;
const OVERLAY = FIRST_PLAYER + PLAYERS_PER_TABLE;
/** Ties are resolved one group at a time; a table never has more than this many. */
const MAX_TIE_ROUNDS = PLAYERS_PER_TABLE + 1;
const HERO_DEX_BASE = 10;

/** The real clients' reconnection backoff (packages/client/src/connection.ts RECONNECT_DELAY_MAX_MS); Socket.IO's defaults otherwise. */
const RECONNECT_DELAY_MAX_MS = 4_000;

/**
 * Resolves with Date.now() once `client` has lost its connection, reconnected, and received a whole
 * view at least as new as the one it held: the view a reconnecting client gets on connect.
 */
function backAfterRestart(client: RkClient, onDown: () => void, onConnected: (atEpochMs: number) => void): Promise<number> {
  const { socket } = client;
  const held = client.latest?.version ?? 0;
  // From now on Socket.IO reconnects by itself, as for the real clients.
  socket.io.reconnection(true);
  socket.io.reconnectionDelayMax(RECONNECT_DELAY_MAX_MS);
  return new Promise((resolve) => {
    socket.once('disconnect', () => {
      onDown();
      socket.once('connect', () => {
        onConnected(Date.now());
        // A shared-view client gets its view as 'public-view' (+ 'own'): the client's own handlers,
        // registered first, have assembled it by the time this one runs, so its latest version counts.
        const onView = () => {
          if ((client.latest?.version ?? 0) < held) return;
          socket.off('view', onView);
          socket.off('public-view', onView);
          resolve(Date.now());
        };
        socket.on('view', onView);
        socket.on('public-view', onView);
      });
    });
  });
}

/** A connected client of a table: its socket and the latest view it holds. */
class RkClient {
  latest: VersionedView | null = null;
  private waiters: { version: number; resolve: () => void }[] = [];

  /** Shared views: the table's public part and this seat's own part, merged as packages/client does. */
  private readonly parts = new SharedViewAssembler<EncounterView>();

  constructor(
    readonly socket: RkSocket,
    private readonly onView: (version: number) => void,
  ) {
    socket.on('view', (message) => this.receive(message));
    socket.on('public-view', (message) => this.assemble({ kind: 'public-view', message }));
    socket.on('public-patch', (message) => this.assemble({ kind: 'public-patch', message }));
    socket.on('own', (message) => this.assemble({ kind: 'own', message }));
    // As the real clients do (packages/client): apply to the view held, or ask for the whole view.
    socket.on('view-patch', (patch) => {
      const held = this.latest;
      if (held && held.version === patch.base) return this.receive({ version: patch.version, view: applyPatch(held.view, patch.ops) });
      socket.emit('sync', { knownVersion: held?.version ?? 0 }, (answer) => answer.ok && this.receive(answer.view));
    });
  }

  private assemble(message: SharedMessage<EncounterView>): void {
    this.took(this.parts.receive(message));
  }

  private took(result: Assembled<EncounterView>): void {
    if (result.kind === 'view') return this.receive({ version: result.version, view: result.view });
    if (result.kind === 'gap') {
      this.socket.emit('sync', { knownVersion: this.latest?.version ?? 0 }, (answer) => {
        if (answer.ok) this.took(answer.parts ? this.parts.reset(answer.parts) : { kind: 'view', ...answer.view });
      });
    }
  }

  private receive(message: VersionedView): void {
    if (this.latest && message.version <= this.latest.version) return;
    this.latest = message;
    this.onView(message.version);
    this.waiters = this.waiters.filter((w) => (message.version >= w.version ? (w.resolve(), false) : true));
  }

  /** Setup only: sends a command and waits until this client holds its result. */
  async command(command: Command): Promise<VersionedView> {
    const ack: CommandAck = await this.socket.emitWithAck('command', { commandId: randomUUID(), command });
    if (!ack.ok) throw new Error(`${command.type} refused: ${ack.code}: ${ack.message}`);
    if (!this.latest || this.latest.version < ack.version) {
      await new Promise<void>((resolve) => this.waiters.push({ version: ack.version, resolve }));
    }
    if (!this.latest) throw new Error('no view');
    return this.latest;
  }
}

export type ViewMode = 'patches' | 'whole';

/**
 * `patches`: as the real clients (packages/client) connect: the GM with view patches, players and the
 * overlay with shared views (the table's public part in one frame for all, each seat's own part apart).
 */
function connect(url: string, views: ViewMode, encounterId: string, token: string, onView: (version: number) => void, gm = false): Promise<RkClient> {
  const shared = views === 'patches' && !gm;
  const socket: RkSocket = openSocket(url, { auth: { protocolVersion: PROTOCOL_VERSION, encounterId, token, viewPatches: views === 'patches', sharedViews: shared } });
  const client = new RkClient(socket, onView);
  return untilReady(socket, (ready) => socket.once(shared ? 'public-view' : 'view', () => ready())).then(() => client);
}

/** The GM builds the fight: six heroes and a goblin pack, everybody rolls, combat starts. */
async function prepareCombat(gm: RkClient): Promise<string[]> {
  for (let h = 0; h < PLAYERS_PER_TABLE; h++) {
    await gm.command({ type: 'add-combatant', combatant: { name: `Hero ${h + 1}`, side: 'pc', stats: { dex: HERO_DEX_BASE + h } } });
  }
  await gm.command({ type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 12 }, count: MONSTERS_PER_GROUP } });
  let view = await gm.command({ type: 'begin-initiative' });
  const heroes = view.view.combatants.filter((c) => c.side === 'pc').map((c) => c.id);
  for (const id of heroes) await gm.command({ type: 'roll-initiative', unit: { kind: 'combatant', id } });
  view = await gm.command({ type: 'roll-npc-initiative' });
  for (let round = 0; round < MAX_TIE_ROUNDS && view.view.pendingTies[0]; round++) {
    view = await gm.command({ type: 'resolve-tie', order: [...view.view.pendingTies[0]] });
  }
  await gm.command({ type: 'start-combat' });
  return heroes;
}

async function seatTokens(url: string, index: number, created: CreateEncounterResponse, heroes: readonly string[], mode: SeatMode): Promise<string[]> {
  if (mode === 'gm-token') return heroes.map(() => created.gmToken);
  const from = sourceAddressOf(index);
  const { seats } = await postOk<LookupJoinResponse>(`${url}/api/join/lookup`, { joinCode: created.joinCode }, from);
  const tokens: string[] = [];
  for (const seat of seats) {
    const taken = await postOk<TakeSeatResponse>(`${url}/api/join/seat`, { joinCode: created.joinCode, combatantId: seat.combatantId }, from);
    tokens.push(taken.seatToken);
  }
  return tokens;
}

/**
 * A dnd5e encounter over Roundkeeper's real HTTP API and socket protocol: a GM, six seated players and
 * an overlay. Each turn, the player whose hero acts (or the GM, for the goblins) ends it with a fresh
 * command id and the version it saw.
 */
export async function openRoundkeeperTable({ url, index }: OpenTableOptions, seatMode: SeatMode, views: ViewMode): Promise<BenchTable> {
  // From the table's own address, as its joins: each table is one GM, within the per-client limit on new encounters.
  const created = await postOk<CreateEncounterResponse>(`${url}/api/encounters`, { name: `Bench table ${index}`, system: 'dnd5e' }, sourceAddressOf(index));
  const probe = new ArrivalProbe(TABLE_CLIENTS);
  // Each audience has its own versions (the GM's are the log's seqs, a player's or the overlay's count
  // their own view's changes), so the probe counts turns instead: one command is in flight per table,
  // and every end-turn changes every audience's view, so a newer view arriving after turn n started is
  // turn n's result.
  let turnsStarted = 0;
  const gm = await connect(url, views, created.encounterId, created.gmToken, () => probe.seen(GM, turnsStarted), true);
  const heroes = await prepareCombat(gm);
  const tokens = await seatTokens(url, index, created, heroes, seatMode);
  const others = await Promise.all([
    ...tokens.map((token, p) => connect(url, views, created.encounterId, token, () => probe.seen(FIRST_PLAYER + p, turnsStarted))),
    connect(url, views, created.encounterId, created.spectatorToken, () => probe.seen(OVERLAY, turnsStarted)),
  ]);
  const clients = [gm, ...others];
  // In gm-token mode every "player" sees every hero as theirs: seat them in order, as loopback mode does.
  const playerOf = new Map(heroes.map((id, p) => [id, clients[FIRST_PLAYER + p]]));

  return {
    clients: TABLE_CLIENTS,
    takeTurn() {
      const current = gm.latest;
      if (!current) throw new Error('no GM view');
      const actor = current.view.turn?.actorIds.find((id) => playerOf.has(id));
      const sender = (actor && playerOf.get(actor)) || gm;
      const latency = probe.start(turnsStarted);
      turnsStarted += 1;
      // Pinned to the version of the sender's own view: the turn it has on screen.
      const expectedVersion = sender.latest?.version ?? current.version;
      sender.socket
        .emitWithAck('command', { commandId: randomUUID(), expectedVersion, command: { type: 'end-turn' } })
        .then(
          (ack) => (ack.ok ? probe.acknowledged() : probe.fail(new Error(`end-turn refused: ${ack.code}: ${ack.message}`))),
          (error: unknown) => probe.fail(error instanceof Error ? error : new Error(String(error))),
        );
      return latency;
    },
    awaitRestart(onSocketConnected) {
      let markDown: (at: number) => void = () => {};
      const firstDown = new Promise<number>((resolve) => (markDown = resolve));
      const back = Promise.all(clients.map((c) => backAfterRestart(c, () => markDown(Date.now()), onSocketConnected))).then((times) => Math.max(...times));
      return { back, firstDown };
    },
    close: () => clients.forEach((c) => c.socket.close()),
  };
}
