import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { CommandAck, ConnectErrorData, Presence, SyncAck, VersionedView } from '@roundkeeper/protocol';
import { PROTOCOL_VERSION } from '@roundkeeper/protocol';
import type { Command } from '@roundkeeper/rules';

const ACK_TIMEOUT_MS = 10_000;
const WAIT_TIMEOUT_MS = 10_000;

export interface TestClient {
  readonly socket: Socket;
  /** Every view received, in arrival order. */
  readonly views: VersionedView[];
  /** Every `presence` received (GM only), in arrival order; listened to before the socket connects. */
  readonly presences: Presence[];
  /** Every payload the server sent this client (views, presences and acks), to search for leaks. */
  readonly received: unknown[];
  latest(): VersionedView;
  command(command: Command, options?: { commandId?: string; expectedVersion?: number }): Promise<CommandAck>;
  /** Sends anything as a command envelope: for malformed-payload tests. */
  sendRaw(envelope: unknown): Promise<CommandAck>;
  sync(knownVersion?: number): Promise<SyncAck>;
  /** Resolves once a view at `version` or later has arrived. */
  waitForVersion(version: number): Promise<VersionedView>;
  /**
   * Resolves with the latest view once every view caused by commands accepted so far has arrived. A
   * player's or spectator's version is their own view's (it moves only when their view changes), so
   * another client's ack says nothing of it: a `sync` is answered after every frame those commands
   * caused on this socket, and its version is the one to wait for.
   */
  caughtUp(): Promise<VersionedView>;
  close(): void;
}

export const newCommandId = (): string => randomUUID();

export const authFor = (encounterId: string, token: string) => ({ protocolVersion: PROTOCOL_VERSION, encounterId, token });

/** Reconnection attempts come quickly in tests: a restarted server is back within a second or two. */
const RECONNECT_DELAY_MS = 100;

export interface ConnectOptions {
  /** Let Socket.IO reconnect by itself, as browsers do (off by default: most tests want a clean end). */
  readonly reconnection?: boolean;
  /** The connection URL's query: `{ e: encounterId }` is what a load balancer hashes on (deploy/nginx.conf). */
  readonly query?: Record<string, string>;
  /** Default: websocket only. `['polling', 'websocket']` is what browsers do (poll, then upgrade). */
  readonly transports?: ('polling' | 'websocket')[];
}

function open(url: string, auth: unknown, options: ConnectOptions = {}): Socket {
  // websocket only: the tests exercise the transport browsers use once upgraded, without polling noise.
  return io(url, {
    auth: auth as Record<string, unknown>,
    transports: options.transports ?? ['websocket'],
    ...(options.query ? { query: options.query } : {}),
    reconnection: options.reconnection ?? false,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
    forceNew: true,
  });
}

/** Connects and resolves after the first view arrives; rejects with the server's refusal. */
export function connectClient(url: string, auth: unknown, options: ConnectOptions = {}): Promise<TestClient> {
  const socket = open(url, auth, options);
  const views: VersionedView[] = [];
  const received: unknown[] = [];
  const presences: Presence[] = [];
  const waiters: { version: number; resolve: (v: VersionedView) => void }[] = [];

  socket.on('view', (message: VersionedView) => {
    received.push(message);
    views.push(message);
    for (const w of waiters.splice(0)) {
      if (message.version >= w.version) w.resolve(message);
      else waiters.push(w);
    }
  });

  socket.on('presence', (presence: Presence) => {
    received.push(presence);
    presences.push(presence);
  });

  const latest = (): VersionedView => {
    const last = views.at(-1);
    if (!last) throw new Error('no view received yet');
    return last;
  };

  const ask = async <T>(event: string, payload: unknown): Promise<T> => {
    const answer = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as T;
    received.push(answer);
    return answer;
  };

  const client: TestClient = {
    socket,
    views,
    presences,
    received,
    latest,
    command: (command, options = {}) =>
      ask<CommandAck>('command', { commandId: options.commandId ?? newCommandId(), expectedVersion: options.expectedVersion, command }),
    sendRaw: (envelope) => ask<CommandAck>('command', envelope),
    sync: (knownVersion = 0) => ask<SyncAck>('sync', { knownVersion }),
    waitForVersion: (version) => {
      const last = views.at(-1);
      if (last && last.version >= version) return Promise.resolve(last);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no view at version ${version} within ${WAIT_TIMEOUT_MS} ms`)), WAIT_TIMEOUT_MS);
        waiters.push({ version, resolve: (v) => (clearTimeout(timer), resolve(v)) });
      });
    },
    caughtUp: async () => {
      const answer = await client.sync();
      if (!answer.ok) throw new Error(`sync refused: ${answer.code}`);
      return client.waitForVersion(answer.view.version);
    },
    close: () => void socket.close(),
  };

  return new Promise((resolve, reject) => {
    const refused = (error: Error & { data?: unknown }) => {
      socket.close();
      reject(Object.assign(new Error(`connect refused: ${error.message}`), { data: error.data }));
    };
    socket.once('connect_error', refused);
    socket.once('view', () => {
      // Only the first connection is judged here; later ones (reconnection) must not close the socket.
      socket.off('connect_error', refused);
      resolve(client);
    });
  });
}

/** Connects expecting a refusal; resolves with the `connect_error` data. */
export function expectConnectError(url: string, auth: unknown): Promise<ConnectErrorData> {
  const socket = open(url, auth);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.close();
      reject(new Error('connected, but a refusal was expected'));
    });
    socket.once('connect_error', (error: Error & { data?: ConnectErrorData }) => {
      socket.close();
      if (error.data) resolve(error.data);
      else reject(error);
    });
  });
}
