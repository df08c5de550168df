import type { BenchTable } from './bench-table.js';
import { isMessage, type ChildMessage, type ParentMessage } from './ipc.js';
import { openTable } from './open-table.js';
import { runPhase, turnLoop, TurnRecorder } from './run-phase.js';

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

/**
 * The reconnect storm as this generator sees it: arms every table (its sockets reconnect by themselves
 * from now on), says so, then waits until every table has its view back. A table back takes paced turns
 * until the generator's last table is back: the commands of tables already back during the storm.
 */
async function storm(message: Extract<ParentMessage, { type: 'arm-storm' }>): Promise<void> {
  const socketConnectedAtEpochMs: number[] = [];
  const watched = tables.map((table) => {
    if (!table.awaitRestart) throw new Error('this target has no reconnect storm');
    return { table, ...table.awaitRestart((at) => socketConnectedAtEpochMs.push(at)) };
  });
  send({ type: 'storm-armed' });
  let over = false;
  let tablesBack = 0;
  let lastBackAtEpochMs = 0;
  const backAtEpochMs: number[] = [];
  const recorder = new TurnRecorder();
  const spec = { mode: 'paced', turnIntervalMs: message.turnIntervalMs } as const;
  const turns: Promise<void>[] = [];
  const timeout = setTimeout(() => (over = true), message.timeoutMs);
  const firstDown = Promise.race(watched.map((w) => w.firstDown));
  await Promise.all(
    watched.map(async ({ table, back }) => {
      const at = await Promise.race([back, new Promise<null>((resolve) => setTimeout(() => resolve(null), message.timeoutMs))]);
      if (at === null) return;
      tablesBack++;
      lastBackAtEpochMs = Math.max(lastBackAtEpochMs, at);
      backAtEpochMs.push(at);
      turns.push(turnLoop(table, spec, () => over, recorder));
    }),
  );
  over = true;
  clearTimeout(timeout);
  await Promise.all(turns);
  send({
    type: 'storm-done',
    result: { tables: tables.length, tablesBack, lastBackAtEpochMs, backAtEpochMs, socketConnectedAtEpochMs, firstDownAtEpochMs: await Promise.race([firstDown, Promise.resolve(Number.NaN)]), turns: recorder.result() },
  });
}

async function handle(message: ParentMessage): Promise<void> {
  switch (message.type) {
    case 'open-tables':
      return openAll(message);
    case 'run-phase':
      return send({ type: 'phase-done', result: await runPhase(tables, message) });
    case 'arm-storm':
      return storm(message);
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
