import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { MAX_MESSAGE_BYTES, type ClientToServerEvents, type ServerToClientEvents } from '@roundkeeper/protocol';
import type { Actor, Audience } from '@roundkeeper/rules';
import type { Principal } from '../auth/principal.js';
import type { HeartbeatConfig } from '../config.js';
import type { Delivery } from './audience-table.js';
import type { RedisCluster } from './redis-cluster.js';
import { jsonEncodingParser } from './packet-encoder.js';

// The only file that makes a Socket.IO server; the realtime files beside it take it as a value and
// the rooms reach clients only through the Broadcaster port.

/**
 * What the gateway keeps of a socket, written by the handshake. The socket's handlers are made once per
 * server and read it here (`this.data`): a closure per connection is memory every socket holds for its
 * life (docs/performance-log.md, memory per client).
 */
export interface SocketData {
  encounterId: string;
  principal: Principal;
  /** Who the socket is as the rules see it: what it may see. Made from the principal once. */
  audience: Audience;
  /** Who acts when it sends a command: none for a spectator. */
  actor: Actor | undefined;
  /** The encounter's latest seq, read by the handshake after the socket asked: its first view is no older. */
  storeSeq: number;
  /** Asked for `view-patch` after its first view (protocol 1 clients that did not ask get whole views). */
  viewPatches: boolean;
  /** Asked for shared views: the table's public part once, the seat's own part apart (docs/protocol.md). */
  sharedViews: boolean;
  /** How the socket is counted in the audience table: set with its first view, cleared when it leaves. */
  listening: Delivery | undefined;
}

/** What one node tells the others through the adapter: a notice, never a view (views are computed per node). */
export interface EncounterAdvanced {
  readonly encounterId: string;
  readonly version: number;
}

export interface ClusterEvents {
  /** What nodes before batched notices send, one per command; still heard (rolling upgrades). */
  'encounter-advanced': (notice: EncounterAdvanced) => void;
  /** The notices of every command a node committed in one turn of its event loop: one Redis entry. */
  'encounters-advanced': (notices: readonly EncounterAdvanced[]) => void;
}

export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketData>;

/** The Socket.IO server on the app's HTTP server; with a cluster, broadcasts and notices go through Redis. */
export function createSocketServer(httpServer: HttpServer, cluster: RedisCluster | undefined, heartbeat: HeartbeatConfig): GatewayServer {
  return new Server(httpServer, {
    ...(cluster ? { adapter: cluster.adapter } : {}),
    serveClient: false,
    // The same text on the wire as Socket.IO's own parser, encoded for a server that sends only JSON (packet-encoder.ts).
    parser: jsonEncodingParser,
    // Compression costs ~4× CPU on broadcasts for little gain on small JSON views (docs/architecture.md).
    perMessageDeflate: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // A lost connection is noticed within seconds on both sides, not after Socket.IO's 45 s (limits.ts).
    pingInterval: heartbeat.intervalMs,
    pingTimeout: heartbeat.timeoutMs,
    // No connectionStateRecovery, on purpose: every connect gets the current view (and a `sync`
    // answers any time), so replaying missed messages adds nothing a client needs, while the
    // in-memory adapter would keep every message of the last minutes for it (docs/performance-log.md).
  });
}

/**
 * Closes the transport under every socket of this node after flushing what it holds (acks included).
 * Clients see "transport close", which Socket.IO clients retry by themselves (unlike "io server
 * disconnect"): through the load balancer they land on another node. Returns how many were closed.
 */
export function closeTransports(io: GatewayServer): number {
  const sockets = [...io.of('/').sockets.values()];
  for (const socket of sockets) socket.conn.close();
  return sockets.length;
}
