import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { TABLE_CLIENTS } from '../plan.js';
import { ArrivalProbe } from '../harness/arrival-probe.js';
import type { BenchTable, OpenTableOptions } from '../harness/bench-table.js';
import { openSocket, untilReady } from '../harness/sockets.js';
import type { FloorClientEvents, FloorServerEvents } from '../servers/floor-protocol.js';

type FloorSocket = Socket<FloorServerEvents, FloorClientEvents>;

/** A table on the floor server: its sockets take turns relaying a command to the room. */
export async function openFloorTable({ url, index }: OpenTableOptions): Promise<BenchTable> {
  const table = `t${index}`;
  const probe = new ArrivalProbe(TABLE_CLIENTS);
  const sockets: FloorSocket[] = [];
  for (let client = 0; client < TABLE_CLIENTS; client++) {
    const socket: FloorSocket = openSocket(url, { auth: { table } });
    socket.on('view', (command) => probe.seen(client, command.version));
    sockets.push(socket);
  }
  await Promise.all(sockets.map((s) => untilReady(s, (ready) => s.once('connect', ready))));
  sockets.forEach((_s, client) => probe.seen(client, 0));

  let version = 0;
  let turn = 0;
  return {
    clients: TABLE_CLIENTS,
    takeTurn() {
      const sender = sockets[turn++ % TABLE_CLIENTS];
      if (!sender) throw new Error('no sender');
      const latency = probe.start(version);
      version++;
      sender.emit('command', { commandId: randomUUID(), version }, () => probe.acknowledged());
      return latency;
    },
    close: () => sockets.forEach((s) => s.close()),
  };
}
