import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { QueryResult, RowMode, WorkerError, WorkerReply, WorkerRequest, WorkerSetup, WorkerStarted } from './pglite-worker-protocol.js';

/**
 * PGlite in a worker thread, seen from the server's thread: the part of PGlite's interface that
 * drizzle's PGlite driver calls (`query`, `transaction`, `close`), each call a message to
 * pglite-worker.ts. PGlite runs Postgres compiled to WebAssembly and writes its files synchronously;
 * on the server's one thread every statement stalled every socket (docs/performance-log.md).
 */

/** An error raised in the worker, with PostgreSQL's fields kept for whoever inspects them. */
export class PgliteWorkerError extends Error {
  readonly code?: string;
  readonly detail?: string;

  constructor({ message, name, code, detail }: WorkerError) {
    super(message);
    this.name = name;
    if (code !== undefined) this.code = code;
    if (detail !== undefined) this.detail = detail;
  }
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
type Answer = Extract<WorkerReply, { ok: true }>;

/**
 * Starts the worker module: the bundle's sibling in production (dist/pglite-worker.js); under tsx and
 * vitest the TypeScript source, through a bootstrap that registers tsx's loader in the worker first
 * (a worker's execArgv cannot carry `--import`).
 */
function startWorker(setup: WorkerSetup): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: setup });
  // tsx's ESM API (its plain loader registers on the main thread only): the import condition's file.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: setup });
}

/** One query interface for the database and for an open transaction, as PGlite's `Transaction`. */
interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export class PgliteInWorker implements Queryable {
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the PGlite worker exited (code ${code})`)));
    // Idle, the worker must not keep the process alive (PGlite in one thread never did); it is
    // referenced again while a request waits for its answer.
    worker.unref();
  }

  /**
   * Starts the worker and waits until PGlite has opened `dataDir` (null: in memory), filled from
   * `template` when one is given (the folder holds no database yet: pglite-template.ts).
   */
  static async start(dataDir: string | null, template?: string): Promise<PgliteInWorker> {
    const worker = startWorker(template === undefined ? { dataDir } : { dataDir, template });
    let onMessage: (started: WorkerStarted) => void = () => {};
    let onError: (error: Error) => void = () => {};
    let onExit: (code: number) => void = () => {};
    const started = await new Promise<WorkerStarted>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`the PGlite worker exited while starting (code ${code})`));
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    }).finally(() => {
      // Only these: Worker keeps listeners of its own (removeAllListeners would silence it).
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    });
    if (started.type === 'failed') {
      await worker.terminate();
      throw new PgliteWorkerError(started.error);
    }
    return new PgliteInWorker(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.queryIn(undefined, sql, params, options);
  }

  /**
   * Runs `callback` in one transaction of the worker's PGlite: committed when it resolves, rolled
   * back when it throws (the error is rethrown). Other queries wait for it, as in PGlite.
   */
  async transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T> {
    const { tx } = await this.request({ type: 'begin' });
    if (tx === undefined) throw new Error('the PGlite worker opened no transaction');
    let result: T;
    try {
      result = await callback({ query: (sql, params = [], options = {}) => this.queryIn(tx, sql, params, options) });
    } catch (error) {
      await this.request({ type: 'end', tx, commit: false });
      throw error;
    }
    await this.request({ type: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    try {
      await this.request({ type: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  private async queryIn<T>(tx: number | undefined, sql: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const rowMode: RowMode = options.rowMode ?? 'object';
    const { result } = await this.request({ type: 'query', sql, params, rowMode, ...(tx === undefined ? {} : { tx }) });
    if (!result) throw new Error('the PGlite worker answered a query without a result');
    return result as QueryResult as Results<T>;
  }

  private request(request: Request): Promise<Answer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  private settle(reply: WorkerReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(new PgliteWorkerError(reply.error));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
