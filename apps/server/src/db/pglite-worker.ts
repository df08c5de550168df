import { readFileSync } from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { QueryResult, WorkerError, WorkerReply, WorkerRequest, WorkerSetup, WorkerStarted } from './pglite-worker-protocol.js';

// The worker thread that runs PGlite, so its WebAssembly Postgres (and its synchronous file writes)
// never blocks the server's event loop. It answers the requests of pglite-in-worker.ts, one PGlite
// per worker; PGlite's own mutex orders queries and transactions exactly as it does in one thread.

/**
 * Date-like values stay text, as drizzle's PGlite driver asks (its columns turn them into Dates on the
 * other side): the parsers of drizzle-orm/pglite/session.js, which cannot cross a thread as functions.
 */
const keepText = (value: string): string => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keepText]),
);

interface OpenTransaction {
  readonly tx: Transaction;
  /** Ends PGlite's transaction callback: resolve commits, reject rolls back. */
  readonly end: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  readonly done: Promise<unknown>;
}

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves the worker. */
class RollbackRequested extends Error {}

function workerPort(): MessagePort {
  if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread only');
  return parentPort;
}
const port = workerPort();
const { dataDir, template } = workerData as WorkerSetup;

function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  return {
    message: error.message,
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
  };
}

async function serve(db: PGlite): Promise<void> {
  const open = new Map<number, OpenTransaction>();
  let nextTx = 1;

  async function begin(): Promise<number> {
    const id = nextTx++;
    return new Promise<number>((begun, failed) => {
      const done = db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            open.set(id, { tx, end: (commit) => (commit ? resolve() : reject(new RollbackRequested())), done });
            begun(id);
          }),
      );
      // A transaction that could not start rejects `done` before the callback ran.
      done.catch((error: unknown) => failed(error));
    });
  }

  async function handle(request: WorkerRequest): Promise<Omit<Extract<WorkerReply, { ok: true }>, 'id' | 'ok'>> {
    switch (request.type) {
      case 'query': {
        const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
        if (!target) throw new Error(`no open transaction ${request.tx}`);
        const { rows, affectedRows, fields } = await target.query(request.sql, [...request.params], { rowMode: request.rowMode, parsers: PARSERS });
        const result: QueryResult = { rows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })), ...(affectedRows === undefined ? {} : { affectedRows }) };
        return { result };
      }
      case 'begin':
        return { tx: await begin() };
      case 'end': {
        const transaction = open.get(request.tx);
        if (!transaction) throw new Error(`no open transaction ${request.tx}`);
        open.delete(request.tx);
        transaction.end(request.commit);
        try {
          await transaction.done;
        } catch (error) {
          if (!(error instanceof RollbackRequested)) throw error;
        }
        return {};
      }
      case 'close':
        await db.close();
        return {};
      default: {
        const unreachable: never = request;
        throw new Error(`unknown request ${JSON.stringify(unreachable)}`);
      }
    }
  }

  port.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (answer) => port.postMessage({ id: request.id, ok: true, ...answer } satisfies WorkerReply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: toWorkerError(error) } satisfies WorkerReply),
    );
  });
}

// A folder with no database yet is filled from the template (pglite-template.ts), read here rather
// than on the server's thread.
PGlite.create(dataDir ?? undefined, template === undefined ? {} : { loadDataDir: new Blob([readFileSync(template)]) }).then(
  async (db) => {
    await serve(db);
    port.postMessage({ type: 'ready' } satisfies WorkerStarted);
  },
  (error: unknown) => port.postMessage({ type: 'failed', error: toWorkerError(error) } satisfies WorkerStarted),
);
