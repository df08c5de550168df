import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { BENCH_HOST, READY_PATH, benchPort, exitOnSignals } from './server-env.js';
import { FLOOR_MAX_MESSAGE_BYTES, type FloorClientEvents, type FloorCommand, type FloorServerEvents } from './floor-protocol.js';

/** Relays a table's command to the table (`emit`) and acknowledges it (`ack`), when and how the floor decides. */
export type FloorHandler = (table: string, command: FloorCommand, relay: { emit: () => void; ack: () => void }) => void;

/**
 * The socket side both floors share: a bare Socket.IO server on the bench port that joins each socket
 * to its table's room and hands each command to `handle`. Options as Roundkeeper's gateway
 * (apps/server/src/realtime/socket-server.ts): no compression, the same frame limit. Not its heartbeat:
 * the floors keep Socket.IO's (a ping every 25 s, 20 s to answer). With the gateway's (5 s, 4 s), a
 * saturated floor at 10,000 clients failed 455 turns in one run (none with Socket.IO's, in every run),
 * most likely because the load generators, flooded by the floor's frames, answered pings late and were
 * dropped: that left no floor to compare with. Roundkeeper pays its
 * heartbeat and the floors do not: 2,000 pings a second against 400 at 10,000 clients, most of the
 * paced phase's frames, a small share of the saturated phase's (docs/performance-log.md).
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
