import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  commandEnvelopeSchema,
  ERROR_MESSAGES,
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  socketAuthSchema,
  syncRequestSchema,
  type ClientToServerEvents,
  type CommandAck,
  type ConnectErrorData,
  type ErrorCode,
  type Presence,
  type ServerToClientEvents,
  type SyncAck,
  type VersionedView,
} from '@roundkeeper/protocol';
import { diff } from '@roundkeeper/protocol/view-patch';
import { actorOf, audienceOf, resolvePrincipal, type Principal } from '../auth/principal.js';
import type { ClusterConfig } from '../config.js';
import type { EncounterRoom, RoomSnapshot } from '../encounters/room.js';
import { describeIssue } from '../validation.js';
import { audienceRoomNames, channelOf, encounterRoomName, patchRoomName, roomName } from './audience-rooms.js';
import { connectRedisCluster } from './redis-cluster.js';

// The only file that imports socket.io: the rooms reach clients through the Broadcaster port.

interface SocketData {
  encounterId: string;
  principal: Principal;
  /** Asked for `view-patch` after its first view (protocol 1 clients that did not ask get whole views). */
  viewPatches: boolean;
}

/** What one node tells the others through the adapter: a notice, never a view (views are computed per node). */
interface EncounterAdvanced {
  encounterId: string;
  version: number;
}

interface ClusterEvents {
  'encounter-advanced': (notice: EncounterAdvanced) => void;
}

type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketData>;
type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, ClusterEvents, SocketData>;

const encounterAdvancedSchema = z.object({ encounterId: z.string().min(1), version: z.number().int().positive() });

export interface SocketGatewayOptions {
  /** Several nodes: broadcasts and notices go through Redis. Absent: a single node. */
  readonly cluster?: ClusterConfig;
}

/** The events a client may emit; anything else is answered 'bad-request' when it asks for an answer. */
const CLIENT_EVENTS: ReadonlySet<string> = new Set(['command', 'sync'] satisfies (keyof ClientToServerEvents)[]);

/** Checked before the rest of the handshake, so an old client hears "reload" rather than "unauthorized". */
const versionSchema = z.looseObject({ protocolVersion: z.literal(PROTOCOL_VERSION) });

/**
 * A Socket.IO client that once talked to a server with connection state recovery adds its session id
 * and last offset to the auth it sends; they are Socket.IO's, not ours, so the strict schema checks what
 * remains (this server does not recover sessions, see below).
 */
function withoutRecoveryFields(auth: unknown): unknown {
  if (auth === null || typeof auth !== 'object') return auth;
  const { pid: _pid, offset: _offset, ...rest } = auth as Record<string, unknown>;
  return rest;
}

function handshakeRefusal(code: ErrorCode, message: string): Error & { data: ConnectErrorData } {
  return Object.assign(new Error(message), { data: { code, message } });
}

/** Unknown event names are echoed in the refusal, cut short: the name is the sender's, not ours. */
const MAX_ECHOED_NAME = 64;

const failure = (code: ErrorCode, message: string = ERROR_MESSAGES[code]) => ({ ok: false, code, message }) as const;

export const socketGateway = fp(
  async (app: FastifyInstance, options: SocketGatewayOptions) => {
    const cluster = options.cluster
      ? await connectRedisCluster(options.cluster, (error) => app.log.warn({ err: error }, 'redis connection trouble'))
      : undefined;
    const io: GatewayServer = new Server(app.server, {
      ...(cluster ? { adapter: cluster.adapter } : {}),
      serveClient: false,
      // Compression costs ~4× CPU on broadcasts for little gain on small JSON views (DESIGN.md).
      perMessageDeflate: false,
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
      // No connectionStateRecovery, on purpose: every connect gets the current view (and a `sync`
      // answers any time), so replaying missed messages adds nothing a client needs, while the
      // in-memory adapter would keep every message of the last minutes for it (docs/performance.md).
    });

    /**
     * Which seats have a socket here. Per node: a seat counts as connected while it has at least one
     * socket on this node (the adapter's rooms are local, also with Redis). With several nodes a GM
     * hears only of the seats on its own node; the load balancer keeps an encounter on one node.
     */
    const hasSockets = (room: string): boolean => io.of('/').adapter.rooms.has(room);
    const presenceOf = (encounterId: string, snapshot: RoomSnapshot): Presence => ({
      seats: snapshot.seats.map((seat) => {
        const channel = { kind: 'seat', seatId: seat.id, combatantIds: [seat.combatantId] } as const;
        return { seatId: seat.id, combatantIds: [seat.combatantId], connected: audienceRoomNames(encounterId, channel).some(hasSockets) };
      }),
    });

    /** Sends the presence to one GM socket, or else to every GM socket of the encounter on this node. */
    const sendPresence = (encounterId: string, gmSocket?: GatewaySocket): void => {
      const gmRooms = audienceRoomNames(encounterId, { kind: 'gm' });
      if (!gmSocket && !gmRooms.some(hasSockets)) return;
      app.encounters
        .open(encounterId)
        .then((room) => room?.read((snapshot) => presenceOf(encounterId, snapshot)))
        .then((presence) => {
          if (!presence) return;
          if (gmSocket) {
            if (gmSocket.connected) gmSocket.emit('presence', presence);
          } else {
            io.local.to(gmRooms).emit('presence', presence);
          }
        })
        .catch((error: unknown) => app.log.error({ err: error, encounterId }, 'presence failed'));
    };

    app.encounters.setBroadcaster({
      publish: (encounterId, channel, message, previous) => {
        // One emit per audience room: Socket.IO encodes the frame once for all its sockets. Only this
        // node's sockets: every node sends its own, in order, after its room has caught up (room.ts).
        const [whole, patched] = audienceRoomNames(encounterId, channel);
        if (hasSockets(whole)) io.local.to(whole).emit('view', message);
        if (hasSockets(patched)) sendPatch(patched, message, previous());
      },
      // The adapter's rooms are this node's only (also with the Redis adapter).
      listening: (encounterId, channel) => audienceRoomNames(encounterId, channel).some(hasSockets),
      hasAudience: (encounterId) => hasSockets(encounterRoomName(encounterId)),
      close: (encounterId, channel, reason) => {
        const room = audienceRoomNames(encounterId, channel);
        // This node's sockets first, without waiting for Redis: a removed seat must stop hearing at once.
        io.local.to(room).emit('removed', reason);
        // Engine.IO flushes the 'removed' packet before closing.
        io.local.in(room).disconnectSockets(true);
        // The seat is gone from the snapshot: the GM sees it leave even when none of its sockets was here.
        if (channel.kind === 'seat') sendPresence(encounterId);
        if (!cluster) return;
        // Then the same on every other node (rooms are cluster-wide through the adapter).
        io.to(room).emit('removed', reason);
        io.in(room).disconnectSockets(true);
      },
      announce: (encounterId, version) => {
        if (cluster) io.serverSideEmit('encounter-advanced', { encounterId, version });
      },
    });

    /** The change from the view every socket of `room` holds; the whole view when there is none yet. */
    const sendPatch = (room: string, message: VersionedView, before: VersionedView | undefined): void => {
      if (!before) return void io.local.to(room).emit('view', message);
      io.local.to(room).emit('view-patch', { version: message.version, base: before.version, ops: diff(before.view, message.view) });
    };

    io.on('encounter-advanced', (notice: unknown) => {
      const parsed = encounterAdvancedSchema.safeParse(notice);
      if (!parsed.success) return app.log.warn({ notice }, 'malformed encounter-advanced notice');
      const { encounterId, version } = parsed.data;
      const hasLocalAudience = io.of('/').adapter.rooms.has(encounterRoomName(encounterId));
      app.encounters.advanced(encounterId, version, hasLocalAudience).catch((error: unknown) => {
        app.log.error({ err: error, encounterId }, 'catching up with another node failed');
      });
    });

    io.use((socket, next) => {
      const auth: unknown = socket.handshake.auth;
      if (!versionSchema.safeParse(auth).success) {
        return next(handshakeRefusal('protocol-version', `This client does not speak protocol version ${PROTOCOL_VERSION}; reload the page.`));
      }
      const parsed = socketAuthSchema.safeParse(withoutRecoveryFields(auth));
      if (!parsed.success) return next(handshakeRefusal('unauthorized', `The handshake is malformed (${describeIssue(parsed.error)}).`));
      const { encounterId, token, viewPatches = false } = parsed.data;
      resolvePrincipal(app.store, encounterId, token).then(
        (principal) => {
          if (!principal) return next(handshakeRefusal('unauthorized', ERROR_MESSAGES.unauthorized));
          socket.data = { encounterId, principal, viewPatches };
          next();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'socket authentication failed');
          next(handshakeRefusal('internal', ERROR_MESSAGES.internal));
        },
      );
    });

    io.on('connection', (socket) => {
      const { encounterId, principal, viewPatches } = socket.data;
      const audience = audienceOf(principal);
      app.metrics.socketConnected(principal.role);
      socket.on('disconnect', () => {
        app.metrics.socketDisconnected(principal.role);
        // The socket has left its rooms by now: the presence counts it out.
        if (principal.role === 'player') sendPresence(encounterId);
      });

      socket.onAny((event: unknown, ...args: unknown[]) => {
        if (typeof event === 'string' && CLIENT_EVENTS.has(event)) return;
        const ack = args.at(-1);
        if (typeof ack === 'function') ack(failure('bad-request', `Unknown message ${JSON.stringify(String(event)).slice(0, MAX_ECHOED_NAME)}.`));
      });
      const openRoom = async (): Promise<EncounterRoom> => {
        const room = await app.encounters.open(encounterId);
        if (!room) throw new Error(`encounter ${encounterId} vanished after the handshake`);
        return room;
      };

      openRoom()
        .then((room) =>
          room.deliverView(audience, (message) => {
            if (!socket.connected) return;
            // Joined inside the room's queue: every later broadcast reaches this socket, none came before its first view.
            // The encounter-wide room only marks "this node has clients of this encounter" for other nodes' notices.
            const channel = channelOf(principal);
            socket.join([viewPatches ? patchRoomName(encounterId, channel) : roomName(encounterId, channel), encounterRoomName(encounterId)]);
            socket.emit('view', message);
          }),
        )
        .then(() => {
          if (!socket.connected) return;
          if (principal.role === 'gm') sendPresence(encounterId, socket);
          else if (principal.role === 'player') sendPresence(encounterId);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error, encounterId }, 'first view failed');
          socket.disconnect(true);
        });

      socket.on('command', (envelope: unknown, ack: unknown) => {
        // Without a callback there is nobody to answer; a command must be acknowledged to count.
        if (typeof ack !== 'function') return;
        let answered = false;
        const measured = app.metrics.startCommand();
        const reply = (answer: CommandAck): void => {
          if (answered) return;
          answered = true;
          measured(answer);
          ack(answer);
        };
        const parsed = commandEnvelopeSchema.safeParse(envelope);
        if (!parsed.success) return reply(failure('bad-request', describeIssue(parsed.error)));
        const actor = actorOf(principal);
        if (!actor) return reply(failure('forbidden', 'Spectators can watch but not change the encounter.'));
        openRoom()
          .then((room) => room.command(parsed.data, actor, audience, reply))
          .catch((error: unknown) => {
            app.log.error({ err: error, encounterId, commandId: parsed.data.commandId }, 'command failed');
            reply(failure('internal'));
          });
      });

      socket.on('sync', (request: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        const reply = (answer: SyncAck): void => void ack(answer);
        const parsed = syncRequestSchema.safeParse(request);
        if (!parsed.success) return reply(failure('bad-request', describeIssue(parsed.error)));
        openRoom()
          .then((room) => room.view(audience))
          .then(
            (view) => reply({ ok: true, view }),
            (error: unknown) => {
              app.log.error({ err: error, encounterId }, 'sync failed');
              reply(failure('internal'));
            },
          );
      });
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
  { name: 'socket-gateway', dependencies: ['encounters'] },
);

export type { GatewaySocket };
