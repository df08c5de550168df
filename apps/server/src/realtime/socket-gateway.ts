import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientToServerEvents } from '@roundkeeper/protocol';
import type { EncounterRoom } from '../encounters/room.js';
import { channelOf, patchRoomName, roomName, sharedChannelRoomName, sharedRoomName } from './audience-rooms.js';
import { deliveryOf } from './audience-table.js';
import { listenToClusterNotices } from './cluster-notices.js';
import { commandHandler } from './command-handler.js';
import { failure } from './failure.js';
import { authenticate } from './handshake.js';
import type { GatewaySocket } from './socket-server.js';
import { syncHandler } from './sync-handler.js';
import { clockHandler } from './clock-handler.js';
import { encodedPerVersion } from './packet-encoder.js';

// The socket side in named parts, composed here: the handshake (handshake.ts), the command and sync
// handlers, presence and the broadcaster are each a file of their own; this file only says which runs when.

/** The events a client may emit; anything else is answered 'bad-request' when it asks for an answer. */
const CLIENT_EVENTS: ReadonlySet<string> = new Set(['command', 'sync', 'clock'] satisfies (keyof ClientToServerEvents)[]);

/** Unknown event names are echoed in the refusal, cut short: the name is the sender's, not ours. */
const MAX_ECHOED_NAME = 64;

/** Any event a client emits: the unknown ones are refused. Made once, as every listener here (see below). */
function refuseUnknown(event: unknown, ...args: unknown[]): void {
  if (typeof event === 'string' && CLIENT_EVENTS.has(event)) return;
  const ack = args.at(-1);
  if (typeof ack === 'function') ack(failure('bad-request', `Unknown message ${JSON.stringify(String(event)).slice(0, MAX_ECHOED_NAME)}.`));
}

export const socketGateway = fp(
  async (app: FastifyInstance) => {
    const { io, table, presence, onLinkRestored } = app.realtime;
    listenToClusterNotices(io, table, app.encounters, app.log, onLinkRestored);
    io.use(authenticate(app.store, app.log));
    // Every listener is made once per server and reads the socket it is called on (`this.data`): each
    // one made per connection is a closure every socket keeps for its life (docs/performance-log.md,
    // memory per client). What a connection needs to remember lives in its data.
    const openRoom = async (encounterId: string): Promise<EncounterRoom> => {
      const room = await app.encounters.open(encounterId);
      if (!room) throw new Error(`encounter ${encounterId} vanished after the handshake`);
      return room;
    };
    const handlerDeps = { openRoom, metrics: app.metrics, log: app.log };
    const onCommand = commandHandler(handlerDeps);
    const onSync = syncHandler(handlerDeps);
    const onClock = clockHandler(app.encounters.now);
    function onDisconnect(this: GatewaySocket): void {
      const { encounterId, principal, listening } = this.data;
      if (listening) {
        this.data.listening = undefined;
        table.remove(encounterId, channelOf(principal), listening);
      }
      app.metrics.socketDisconnected(principal.role);
      // The socket has left its audience by now: the presence counts it out.
      if (principal.role === 'player') presence.send(encounterId);
    }

    io.on('connection', (socket: GatewaySocket) => {
      const { encounterId, principal, audience, storeSeq } = socket.data;
      const channel = channelOf(principal);
      const delivery = deliveryOf(socket.data);
      app.metrics.socketConnected(principal.role);
      socket.on('disconnect', onDisconnect);
      socket.onAny(refuseUnknown);
      socket.on('command', onCommand);
      socket.on('sync', onSync);
      socket.on('clock', onClock);

      // Counted in and joined inside the room's queue: every later broadcast reaches this socket, none came before its first view.
      const listen = (): void => {
        table.add(encounterId, channel, delivery);
        socket.data.listening = delivery;
      };
      const firstView = (room: EncounterRoom): Promise<void> =>
        delivery === 'shared'
          ? room.deliverParts(audience, storeSeq, (parts) => {
              if (!socket.connected) return;
              socket.join([sharedRoomName(encounterId), sharedChannelRoomName(encounterId, channel)]);
              listen();
              // The own part first, as always: the client merges it with the public view that follows.
              if (parts.own) socket.emit('own', parts.own);
              // Encoded once per version for all the table's shared sockets (a restarted node's tables come back at once).
              socket.emit('public-view', encodedPerVersion(parts.public));
            })
          : room.deliverView(audience, storeSeq, (message) => {
              if (!socket.connected) return;
              socket.join(delivery === 'patch' ? patchRoomName(encounterId, channel) : roomName(encounterId, channel));
              listen();
              socket.emit('view', message);
            });
      openRoom(encounterId)
        .then(firstView)
        .then(() => {
          if (!socket.connected) return;
          if (principal.role === 'gm') presence.send(encounterId, socket);
          else if (principal.role === 'player') presence.send(encounterId);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error, encounterId }, 'first view failed');
          socket.disconnect(true);
        });
    });
  },
  { name: 'socket-gateway', dependencies: ['realtime', 'encounters', 'metrics'] },
);
