import { Worker } from 'node:worker_threads';
import type { CreatureFile, CreatureFileFormat } from '@roundkeeper/protocol';
import type { CatalogueId } from '@roundkeeper/rules/catalogue';
import type { ImportProblem } from './problem.js';

/**
 * Creature files read off the server's thread: a GM's books (up to 8 Mi characters at once) cost up to
 * a second of CPU to read (docs/performance.md, "Reading creature files"), during which every socket of
 * the node would wait. One worker thread, started at the first reading and kept; readings queue in it.
 * A worker that dies fails the readings it held and is started again at the next.
 */
export interface ImportRequest {
  readonly id: number;
  readonly format: CreatureFileFormat;
  readonly files: readonly CreatureFile[];
  readonly system: CatalogueId;
}

export type ImportReply =
  | { readonly id: number; readonly json: string }
  | { readonly id: number; readonly problem: ImportProblem }
  | { readonly id: number; readonly error: string };

/** A reading as the route sends it: the answer already checked and written as JSON, or the file's problem. */
export type ThreadReading = { readonly ok: true; readonly json: string } | { readonly ok: false; readonly problem: ImportProblem };

/** The bundle's sibling in production (dist/creature-import-worker.js); under tsx and vitest the source, through tsx's loader. */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./creature-import-worker.js', import.meta.url));
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./import-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export class ImportThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (reading: ThreadReading) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  read(format: CreatureFileFormat, files: readonly CreatureFile[], system: CatalogueId): Promise<ThreadReading> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, format, files, system } satisfies ImportRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the server is closing'));
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.on('message', (reply: ImportReply) => this.answer(reply));
    worker.on('error', (error) => this.died(worker, error));
    worker.on('exit', (code) => this.died(worker, new Error(`the creature file reader exited (code ${code})`)));
    // Idle, it must not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer(reply: ImportReply): void {
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (!waiting) return;
    if ('json' in reply) waiting.resolve({ ok: true, json: reply.json });
    else if ('problem' in reply) waiting.resolve({ ok: false, problem: reply.problem });
    else waiting.reject(new Error(`reading creature files failed: ${reply.error}`));
  }

  private died(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(error);
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
