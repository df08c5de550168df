import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  CommandAck,
  CommandEnvelope,
  ErrorBody,
  Presence,
  SeatOffer,
  ServerToClientEvents,
  SocketAuth,
  VersionedView,
} from '@roundkeeper/protocol';
import type { Command, CommandType, EncounterView } from '@roundkeeper/rules';
import { applyPatch, type ViewPatch } from '@roundkeeper/protocol/view-patch';
import { SharedViewAssembler, type Assembled, type SharedMessage } from '@roundkeeper/protocol/shared-view';
import { newCommandId } from './command-id.js';
import { PROTOCOL_VERSION } from './wire-constants.js';
import { readable } from './refusal-words.js';

/** How long one attempt to deliver a command waits for its ack before it is sent again (same id). */
export const COMMAND_ACK_TIMEOUT_MS = 8_000;
/** How long a `sync` waits; on timeout the next pushed `view` still brings the client up to date. */
export const SYNC_ACK_TIMEOUT_MS = 8_000;
/** Delay before reconnecting after the server closed the socket itself (e.g. while shutting down). */
export const SERVER_DISCONNECT_RETRY_MS = 2_000;
/**
 * `busy` means other server nodes kept winning the race for this encounter and nothing was written:
 * the protocol says to resend the same command. The connection does so by itself, a little later each
 * time, before it hands the `busy` answer to the page.
 */
export const BUSY_RETRIES = 4;
export const BUSY_RETRY_STEP_MS = 250;
/** Upper bound of Socket.IO's reconnection backoff: a table waits seconds, not half a minute. */
export const RECONNECT_DELAY_MAX_MS = 4_000;

/**
 * Commands sent with `expectedVersion`. Only those whose meaning depends on what the sender saw:
 * `end-turn` names no turn, so a double tap, a GM's second "Next turn" before the view arrived, or a
 * tap queued while offline would end somebody else's turn. The version pins it to the turn on screen.
 * The other commands carry their target and value (`set-hidden … true`, `roll-initiative` for a unit)
 * and the rules refuse them on their own when they no longer fit, so a version would only add
 * needless refusals while the GM edits quickly.
 */
const VERSIONED_COMMANDS: ReadonlySet<CommandType> = new Set<CommandType>(['end-turn']);

export type ConnectionStatus = 'connecting' | 'online' | 'offline' | 'refused';

/** Why the server refused the handshake (bad link, unknown encounter, protocol version). */
export type Refusal = ErrorBody;

export interface ConnectionState {
  readonly status: ConnectionStatus;
  readonly refusal: Refusal | null;
  /** The newest view received; never replaced by an older one. */
  readonly view: VersionedView | null;
  /** Commands issued but not acknowledged yet (queued while offline, or in flight). */
  readonly pending: number;
  /** GM only: the latest seat presence the server sent; null until one arrives (never for other roles). */
  readonly presence: Presence | null;
  /** Player only: the seat waiting in the party's next encounter, from the last `seat-offer` (null until one). */
  readonly seatOffer: SeatOffer | null;
  /**
   * The server's clock minus this device's, in ms, measured on each connection (`clock`, corrected by
   * half the round trip); null until measured. The turn timer shows `turn.startedAt` in this clock.
   */
  readonly clockOffset: number | null;
}

export interface ConnectOptions {
  /** Origin of the server; the page's own origin when omitted. */
  readonly baseUrl?: string;
  readonly encounterId: string;
  /** GM, seat or spectator token. */
  readonly token: string;
}

export type ConnectionListener = (state: ConnectionState) => void;

interface OutboxEntry {
  readonly envelope: CommandEnvelope;
  readonly resolve: (ack: CommandAck) => void;
  /** The connection it was last sent on; a new connection sends it again (the id makes that safe). */
  sentOn: number | null;
  /** How many `busy` answers it was resent after. */
  busyRetries: number;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One live encounter over Socket.IO: the latest view, the connection status, and an outbox so that
 * nothing tapped is lost. Framework-agnostic; UIs wrap it through `subscribe`.
 */
export class EncounterConnection {
  #socket: ClientSocket | null = null;
  #state: ConnectionState = { status: 'connecting', refusal: null, view: null, pending: 0, presence: null, seatOffer: null, clockOffset: null };
  readonly #listeners = new Set<ConnectionListener>();
  /** Insertion order is the order the user issued the commands; it is kept when re-sending. */
  readonly #outbox = new Map<string, OutboxEntry>();
  /** Counts successful connections so that each entry is sent once per connection. */
  #connectionNumber = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The connection a `sync` is out on, so that a burst of unusable patches asks only once per connection. */
  #syncingOn: number | null = null;
  /** Stops listening to the browser's online/offline events. */
  #unwatch: () => void = () => undefined;
  /** Shared views (players and spectators): the table's public part and the seat's own part, merged here. */
  readonly #parts = new SharedViewAssembler<EncounterView>();

  get state(): ConnectionState {
    return this.#state;
  }

  subscribe(listener: ConnectionListener): () => void {
    this.#listeners.add(listener);
    listener(this.#state);
    return () => this.#listeners.delete(listener);
  }

  connect(options: ConnectOptions): void {
    if (this.#socket) throw new Error('EncounterConnection.connect called twice');
    // Patches: after the first whole view, each turn arrives as its few changes (~200 bytes, not ~3 KB).
    // Shared views: a player or spectator gets the table's public changes in one frame shared with the
    // whole table, and its seat's own part only when that changed (the GM gets patches).
    const auth: SocketAuth = {
      protocolVersion: PROTOCOL_VERSION,
      encounterId: options.encounterId,
      token: options.token,
      viewPatches: true,
      sharedViews: true,
    };
    // `e` in the URL is only a routing hint: a load balancer can hash on it to keep an encounter's
    // clients on one node (deploy/nginx.conf); the server ignores it and trusts `auth` alone.
    const socketOptions = { auth, query: { e: options.encounterId }, reconnectionDelayMax: RECONNECT_DELAY_MAX_MS };
    const socket: ClientSocket = options.baseUrl ? io(options.baseUrl, socketOptions) : io(socketOptions);
    this.#socket = socket;
    socket.on('connect', () => this.#onConnect());
    socket.on('view', (message) => this.#applyView(message));
    socket.on('view-patch', (patch) => this.#applyPatch(patch));
    socket.on('public-view', (message) => this.#assemble({ kind: 'public-view', message }));
    socket.on('public-patch', (message) => this.#assemble({ kind: 'public-patch', message }));
    socket.on('own', (message) => this.#assemble({ kind: 'own', message }));
    socket.on('presence', (presence) => this.#update({ presence }));
    socket.on('seat-offer', (seatOffer) => this.#update({ seatOffer }));
    // The GM removed this seat (or replaced the overlay link): final, the server closes the socket next.
    socket.on('removed', (reason) => this.#refuse(reason));
    socket.on('disconnect', (reason) => {
      if (this.#state.status === 'refused') return;
      this.#update({ status: 'offline' });
      // The server closed us itself (a restart closes every socket): Socket.IO will not retry on its own.
      if (reason === 'io server disconnect') this.#scheduleReconnect();
    });
    this.#watchBrowserNetwork(socket);
    socket.on('connect_error', (error) => {
      if (socket.active) {
        this.#update({ status: 'offline' });
        return;
      }
      const refusal = refusalOf(error);
      // `busy`: the server could not check the token just now (its database is restarting); the link
      // is not at fault, so try again a little later, as after a restart.
      if (refusal.code === 'busy') {
        this.#update({ status: 'offline' });
        this.#scheduleReconnect();
        return;
      }
      // Any other refusal by the server's middleware (bad link, unknown encounter): retrying cannot help.
      this.#refuse(refusal);
    });
  }

  /**
   * [issue 15] The browser knows first when the device loses its network: say so at once and drop the
   * dead transport (Socket.IO then reconnects with its backoff), instead of waiting for a missed
   * heartbeat; back online, try at once rather than at the end of the current backoff.
   */
  #watchBrowserNetwork(socket: ClientSocket): void {
    // A browser's window; Node (the bench, tests) has no such events, and then nothing is watched.
    const target = globalThis as { addEventListener?: (type: string, listener: () => void) => void; removeEventListener?: (type: string, listener: () => void) => void };
    if (typeof target.addEventListener !== 'function') return;
    const offline = () => {
      if (this.#state.status === 'refused') return;
      this.#update({ status: 'offline' });
      socket.io.engine?.close();
    };
    const online = () => {
      if (this.#state.status !== 'offline' || socket.connected) return;
      socket.disconnect().connect();
    };
    target.addEventListener('offline', offline);
    target.addEventListener('online', online);
    this.#unwatch = () => {
      target.removeEventListener?.('offline', offline);
      target.removeEventListener?.('online', online);
    };
  }

  /** For good: no reconnecting, and every waiting command is answered with the reason. */
  #refuse(refusal: Refusal): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#update({ status: 'refused', refusal });
    for (const [id, entry] of this.#outbox) {
      this.#outbox.delete(id);
      entry.resolve({ ok: false, ...refusal });
    }
    this.#update({ pending: 0 });
  }

  /** Sends a command; if offline it waits in the outbox and goes out once reconnected. Never rejects. */
  send(command: Command): Promise<CommandAck> {
    if (this.#state.status === 'refused' && this.#state.refusal) {
      return Promise.resolve({ ok: false, ...this.#state.refusal });
    }
    const version = this.#state.view?.version;
    const envelope: CommandEnvelope = {
      commandId: newCommandId(),
      ...(VERSIONED_COMMANDS.has(command.type) && version !== undefined ? { expectedVersion: version } : {}),
      // The schema's inferred type has mutable arrays where the rules' `Command` has readonly ones; same shape.
      command: command as CommandEnvelope['command'],
    };
    return new Promise<CommandAck>((resolve) => {
      this.#outbox.set(envelope.commandId, { envelope, resolve, sentOn: null, busyRetries: 0 });
      this.#update({ pending: this.#outbox.size });
      this.#flush();
    });
  }

  close(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#unwatch();
    this.#socket?.disconnect();
    this.#socket = null;
    this.#listeners.clear();
  }

  #onConnect(): void {
    this.#connectionNumber += 1;
    // A new connection sends both parts first: nothing held from the last one is a base for its patches.
    this.#parts.clear();
    this.#update({ status: 'online', refusal: null });
    this.#sync();
    this.#flush();
    this.#measureClock();
  }

  /**
   * Asks the server's time and takes the offset from the middle of the round trip: on a phone's slow
   * link the answer left the server about half the trip ago. Each connection measures again (the
   * device may have slept, or the server changed).
   */
  #measureClock(): void {
    const socket = this.#socket;
    if (!socket?.connected) return;
    const sent = Date.now();
    socket.timeout(SYNC_ACK_TIMEOUT_MS).emit('clock', {}, (error, answer) => {
      if (error || !answer.ok) return;
      const received = Date.now();
      this.#update({ clockOffset: Math.round(answer.serverTime - (sent + received) / 2) });
    });
  }

  #sync(): void {
    const socket = this.#socket;
    const connection = this.#connectionNumber;
    if (!socket?.connected || this.#syncingOn === connection) return;
    this.#syncingOn = connection;
    const knownVersion = this.#state.view?.version ?? 0;
    socket.timeout(SYNC_ACK_TIMEOUT_MS).emit('sync', { knownVersion }, (error, answer) => {
      if (this.#syncingOn === connection) this.#syncingOn = null;
      if (error || !answer.ok) return;
      if (answer.parts) this.#took(this.#parts.reset(answer.parts));
      else this.#applyView(answer.view);
    });
  }

  /** Shared views: one part arrived; a whole view when both fit, a `sync` when they cannot. */
  #assemble(message: SharedMessage<EncounterView>): void {
    this.#took(this.#parts.receive(message));
  }

  #took(result: Assembled<EncounterView>): void {
    if (result.kind === 'view') this.#applyView({ version: result.version, view: result.view });
    else if (result.kind === 'gap') this.#sync();
  }

  /**
   * A patch applies only to the exact view it was made from. Holding another version (a packet lost
   * across a reconnect, a view that came by `sync` meanwhile): ask for the whole view instead of guessing.
   * While that `sync` is out, later patches are dropped: its answer comes after them on the same socket.
   */
  #applyPatch(patch: ViewPatch): void {
    const held = this.#state.view;
    if (held && patch.version <= held.version) return;
    if (!held || held.version !== patch.base) return this.#sync();
    try {
      this.#applyView({ version: patch.version, view: applyPatch<EncounterView>(held.view, patch.ops) });
    } catch {
      this.#sync();
    }
  }

  #flush(): void {
    const socket = this.#socket;
    if (!socket?.connected) return;
    const connection = this.#connectionNumber;
    for (const entry of this.#outbox.values()) {
      if (entry.sentOn === connection) continue;
      entry.sentOn = connection;
      socket.timeout(COMMAND_ACK_TIMEOUT_MS).emit('command', entry.envelope, (error, ack) => {
        const id = entry.envelope.commandId;
        if (!this.#outbox.has(id)) return; // an earlier attempt already answered
        if (error) {
          // No answer in time: try again on this connection if it is still up, else on the next one.
          entry.sentOn = null;
          this.#flush();
          return;
        }
        if (!ack.ok && ack.code === 'busy' && entry.busyRetries < BUSY_RETRIES) {
          entry.busyRetries += 1;
          entry.sentOn = null;
          setTimeout(() => this.#flush(), BUSY_RETRY_STEP_MS * entry.busyRetries);
          return;
        }
        this.#outbox.delete(id);
        if (!ack.ok && ack.view) this.#applyView(ack.view);
        this.#update({ pending: this.#outbox.size });
        entry.resolve(ack.ok ? ack : readable(ack));
      });
    }
  }

  #applyView(message: VersionedView): void {
    const held = this.#state.view;
    if (held && message.version < held.version) return;
    this.#update({ view: message });
  }

  #scheduleReconnect(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#socket && !this.#socket.connected) this.#socket.connect();
    }, SERVER_DISCONNECT_RETRY_MS);
  }

  #update(patch: Partial<ConnectionState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener(this.#state);
  }
}

function refusalOf(error: Error): Refusal {
  const data = (error as Error & { data?: unknown }).data;
  if (typeof data === 'object' && data !== null && 'code' in data && 'message' in data) {
    const { code, message } = data as Refusal;
    if (typeof code === 'string' && typeof message === 'string') return readable({ code, message });
  }
  return { code: 'internal', message: error.message || 'The server refused the connection.' };
}
