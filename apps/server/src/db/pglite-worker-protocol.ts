/**
 * The messages between the server's thread and the worker thread that runs PGlite (pglite-worker.ts,
 * pglite-in-worker.ts). Only what drizzle's PGlite driver uses crosses: queries (array or object rows),
 * and transactions opened, used and ended by the main thread. Values cross by structured clone.
 */

export type RowMode = 'array' | 'object';

export interface WorkerSetup {
  /** PGlite's data folder, or null for an in-memory database. */
  readonly dataDir: string | null;
  /** A template to fill the folder from, which holds no database yet (pglite-template.ts). */
  readonly template?: string;
}

export type WorkerRequest =
  | {
      readonly type: 'query';
      readonly id: number;
      readonly sql: string;
      readonly params: readonly unknown[];
      readonly rowMode: RowMode;
      /** The open transaction this query belongs to; absent outside one. */
      readonly tx?: number;
    }
  | { readonly type: 'begin'; readonly id: number }
  | { readonly type: 'end'; readonly id: number; readonly tx: number; readonly commit: boolean }
  | { readonly type: 'close'; readonly id: number };

/** A query's answer: the subset of PGlite's Results that drizzle reads. */
export interface QueryResult {
  readonly rows: unknown[];
  readonly affectedRows?: number;
  readonly fields: { readonly name: string; readonly dataTypeID: number }[];
}

export interface WorkerError {
  readonly message: string;
  readonly name: string;
  /** PostgreSQL's SQLSTATE, when the database raised the error. */
  readonly code?: string;
  readonly detail?: string;
}

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result?: QueryResult; readonly tx?: number }
  | { readonly id: number; readonly ok: false; readonly error: WorkerError };

/** Sent once, before any reply: PGlite opened (or failed to). */
export type WorkerStarted = { readonly type: 'ready' } | { readonly type: 'failed'; readonly error: WorkerError };
