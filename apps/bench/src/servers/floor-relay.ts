import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '@roundkeeper/protocol/limits';
import { BENCH_HOST, READY_PATH, benchPort, exitOnSignals } from './server-env.js';
import { FLOOR_MAX_MESSAGE_BYTES, type FloorClientEvents, type FloorCommand, type FloorServerEvents } from './floor-protocol.js';

/** Relays a table's command to the table (`emit`) and acknowledges it (`ack`), when and how the floor decides. */
export type FloorHandler = (table: string, command: FloorCommand, relay: { emit: () => void; ack: () => void }) => void;

/**
 * The socket side both floors share: a bare Socket.IO server on the bench port that joins each socket
 * to its table's room and hands each command to `handle`. Same options as Roundkeeper's gateway
 * (apps/server/src/realtime/socket-server.ts): no compression, the same frame limit and the same
 * heartbeats (a ping every 5 s per socket, which a relay with Socket.IO's default 25 s would not pay).
 */
export function serveFloor(handle: FloorHandler, onClose: () => void = () => {}): void {
  const http = createServer((request, response) => {
    response.statusCode = request.url === READY_PATH ? 200 : 404;
    response.end();
  });
  const io = new Server<FloorClientEvents, FloorServerEvents>(http, {
    serveClient: false,
    perMessageDeflate: false,
    maxHttpBufferSize: FLOOR_MAX_MESSAGE_BYTES,
    pingInterval: HEARTBEAT_INTERVAL_MS,
    pingTimeout: HEARTBEAT_TIMEOUT_MS,
  });
  io.on('connection', (socket) => {
    const { table } = socket.handshake.auth as { table?: unknown };
    if (typeof table !== 'string') return void socket.disconnect(true);
    void socket.join(table);
    socket.on('command', (command, ack) => {
      if (typeof ack !== 'function') return;
      handle(table, command, { emit: () => io.to(table).emit('view', command), ack: () => ack({ ok: true }) });
    });
  });
  http.listen(benchPort(), BENCH_HOST);
  exitOnSignals(() => {
    void io.close();
    onClose();
  });
}
