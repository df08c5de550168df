import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { BENCH_HOST, READY_PATH, benchPort, exitOnSignals } from './server-env.js';
import { FLOOR_MAX_MESSAGE_BYTES, type FloorClientEvents, type FloorServerEvents } from './floor-protocol.js';

/**
 * The floor: a bare Socket.IO server that relays each command to its table's room and acknowledges it.
 * No auth, no state, no storage: what any realtime server pays at least, with the same socket options
 * as Roundkeeper's gateway.
 */
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
    io.to(table).emit('view', command);
    ack({ ok: true });
  });
});

http.listen(benchPort(), BENCH_HOST);
exitOnSignals(() => io.close());
