import type { BenchTable } from './bench-table.js';
import { isMessage, type ChildMessage, type ParentMessage } from './ipc.js';
import { openTable } from './open-table.js';
import { runPhase } from './run-phase.js';

/**
 * A load-generator child process: opens its share of the tables, runs the phases it is told to, and
 * reports latencies back over IPC. It holds sockets only; the server under test is another process.
 */

/** Tables set up at once per generator: enough to overlap round trips, few enough not to flood setup. */
const SETUP_CONCURRENCY = 16;
/** Setup failures quoted back to the parent. */
const MAX_QUOTED_FAILURES = 5;

const send = (message: ChildMessage): void => void process.send?.(message);
let tables: BenchTable[] = [];

async function openAll(message: Extract<ParentMessage, { type: 'open-tables' }>): Promise<void> {
  const failures: string[] = [];
  const queue = [...message.tableIndexes];
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const node = index % message.urls.length;
      const url = message.urls[node];
      const apiUrl = message.apiUrls[node];
      if (!url || !apiUrl) throw new Error('no server URL');
      try {
        tables.push(await openTable(message.target, { url, apiUrl, index }, message.seatMode));
      } catch (error) {
        if (failures.length < MAX_QUOTED_FAILURES) failures.push(`table ${index}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  send({ type: 'tables-open', tables: tables.length, clients: tables.reduce((n, t) => n + t.clients, 0), failures });
}

async function handle(message: ParentMessage): Promise<void> {
  switch (message.type) {
    case 'open-tables':
      return openAll(message);
    case 'run-phase':
      return send({ type: 'phase-done', result: await runPhase(tables, message) });
    case 'close-tables':
      tables.forEach((t) => t.close());
      tables = [];
      return send({ type: 'tables-closed' });
    case 'exit':
      tables.forEach((t) => t.close());
      process.disconnect?.();
      return;
    default: {
      const unreachable: never = message;
      throw new Error(`unknown message ${JSON.stringify(unreachable)}`);
    }
  }
}

process.on('message', (message: unknown) => {
  if (!isMessage<ParentMessage>(message)) return;
  handle(message).catch((error: unknown) => send({ type: 'fatal', message: error instanceof Error ? error.stack ?? error.message : String(error) }));
});

send({ type: 'loaded' });
