import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_HEARTBEAT, type ClusterConfig, type HeartbeatConfig } from '../config.js';
import { AudienceTable } from '../realtime/audience-table.js';
import { PresenceNotifier } from '../realtime/presence.js';
import { connectRedisCluster } from '../realtime/redis-cluster.js';
import { SocketBroadcaster } from '../realtime/socket-broadcaster.js';
import { createSocketServer, type GatewayServer } from '../realtime/socket-server.js';

export interface Realtime {
  readonly io: GatewayServer;
  /** Which audiences have sockets on this node. */
  readonly table: AudienceTable;
  readonly presence: PresenceNotifier;
  readonly broadcaster: SocketBroadcaster;
  /** Calls `listener` when the link to the other nodes (Redis) is back after a loss; never on a single node. */
  readonly onLinkRestored: (listener: () => void) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  /** Several nodes: broadcasts and notices go through Redis. Absent: a single node. */
  readonly cluster?: ClusterConfig;
  /** Absent: the protocol's (DEFAULT_HEARTBEAT). */
  readonly heartbeat?: HeartbeatConfig;
}

/**
 * The transport, made before the rooms so that the registry is handed its broadcaster when it is made:
 * the Socket.IO server (linked to the other nodes through Redis when configured), the table of
 * audiences, presence and the broadcaster. The socket gateway adds the handlers later.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: RealtimeOptions) => {
    const cluster = options.cluster
      ? await connectRedisCluster(options.cluster, (error) => app.log.warn({ err: error }, 'redis connection trouble'))
      : undefined;
    const io = createSocketServer(app.server, cluster, options.heartbeat ?? DEFAULT_HEARTBEAT);
    const table = new AudienceTable();
    const presence = new PresenceNotifier(
      io,
      table,
      (encounterId) => app.store.listSeats(encounterId),
      (encounterId) => app.seatRequests.list(encounterId),
      app.log,
    );
    app.decorate('realtime', {
      io,
      table,
      presence,
      broadcaster: new SocketBroadcaster(io, table, presence, cluster !== undefined),
      onLinkRestored: (listener: () => void) => cluster?.onReconnect(listener),
    });

    // Disconnect clients first: open WebSocket connections would otherwise keep the HTTP server from closing.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      io.engine.close();
      if (!cluster) return;
      // Stops the adapter's stream readers, then closes the client it writes with.
      await io.of('/').adapter.close();
      await cluster.close();
    });
    // Ready only once this node hears its peers: a notice sent from now on is not missed.
    await cluster?.listening();
  },
  { name: 'realtime', dependencies: ['store'] },
);
