import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { commands, encounters, events, seats } from '../db/schema/index.js';
import { MIGRATIONS_FOLDER } from '../paths.js';

// One file holding a whole Roundkeeper database: every encounter, its events, its accepted commands
// (the answers that make retried command ids idempotent) and its seats (token hashes only, as stored).
// JSON lines: a header, then one row per line, tables in dependency order. Restored only into an empty
// database, at the same or a later migration level; events are copied as stored and upcast when read.

export const BACKUP_FORMAT = 'roundkeeper-backup';
/** Bump when the file's layout changes (not when a table gains a column with a default: that restores as is). */
export const BACKUP_FORMAT_VERSION = 1;

/** Rows per SELECT page and per INSERT (PostgreSQL allows 65,535 parameters per statement). */
const BATCH_ROWS = 500;

const TABLES = { encounters, events, commands, seats } as const;
type TableName = keyof typeof TABLES;
/** Parents first: restoring in this order satisfies every foreign key. */
const TABLE_ORDER: readonly TableName[] = ['encounters', 'events', 'commands', 'seats'];
/** Per table, the columns that are timestamps (written as ISO strings). */
const TIMESTAMP_COLUMNS = ['createdAt'] as const;

export interface MigrationLevel {
  /** How many migrations the database had applied. */
  readonly count: number;
  /** drizzle-kit's tag of the last one (`0001_gm_controls`). */
  readonly tag: string;
}

export interface BackupHeader {
  readonly format: typeof BACKUP_FORMAT;
  readonly formatVersion: number;
  readonly migration: MigrationLevel;
  readonly createdAt: string;
  readonly rows: Readonly<Record<TableName, number>>;
}

interface Journal {
  readonly entries: readonly { readonly idx: number; readonly tag: string; readonly when: number }[];
}

/** The migrations this release ships (apps/server/drizzle). */
export function shippedMigrations(folder = MIGRATIONS_FOLDER): Journal['entries'] {
  return (JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal).entries;
}

/** How far the database is migrated, read from drizzle's own table (`drizzle.__drizzle_migrations`). */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const result = await db.execute(sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number; last: string | null }[];
  const n = Number(rows[0]?.n ?? 0);
  const last = rows[0]?.last;
  const entry = shippedMigrations().find((e) => String(e.when) === last);
  // A database migrated by a newer release names a migration this one does not ship.
  return { count: n, tag: entry?.tag ?? (n === 0 ? '' : `unknown (applied at ${last ?? '?'})`) };
}

const toFileRow = (row: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...row };
  for (const column of TIMESTAMP_COLUMNS) if (out[column] instanceof Date) out[column] = out[column].toISOString();
  return out;
};

const fromFileRow = (row: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...row };
  for (const column of TIMESTAMP_COLUMNS) if (typeof out[column] === 'string') out[column] = new Date(out[column]);
  return out;
};

/** Rows of every table, in total. */
export async function countRows(db: Db): Promise<Record<TableName, number>> {
  const counts = {} as Record<TableName, number>;
  for (const name of TABLE_ORDER) {
    const [row] = await db.select({ n: count() }).from(TABLES[name]);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Pages through a table in primary-key order; a consistent snapshot needs the caller's transaction. */
async function* pages(db: Db, name: TableName): AsyncGenerator<Record<string, unknown>[]> {
  const orderings = {
    encounters: [asc(encounters.id)],
    events: [asc(events.encounterId), asc(events.seq)],
    commands: [asc(commands.encounterId), asc(commands.commandId)],
    seats: [asc(seats.id)],
  } as const;
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const rows = (await db
      .select()
      .from(TABLES[name])
      .orderBy(...orderings[name])
      .limit(BATCH_ROWS)
      .offset(offset)) as Record<string, unknown>[];
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH_ROWS) return;
  }
}

async function write(stream: NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await once(stream, 'drain');
}

/**
 * Writes the whole database to `file`, read in one repeatable-read transaction so that commands
 * arriving meanwhile never leave an event without its encounter or half a command in the file.
 */
export async function backupTo(db: Db, file: string): Promise<BackupHeader> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      migration: await migrationLevel(tx as unknown as Db),
      createdAt: new Date().toISOString(),
      rows: await countRows(tx as unknown as Db),
    };
    const out = createWriteStream(file, { mode: 0o600 });
    const closed = once(out, 'close');
    try {
      await write(out, JSON.stringify(header));
      for (const name of TABLE_ORDER) {
        for await (const rows of pages(tx as unknown as Db, name)) {
          for (const row of rows) await write(out, JSON.stringify({ table: name, row: toFileRow(row) }));
        }
      }
    } finally {
      out.end();
      await closed;
    }
    return header;
  });
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

function parseHeader(line: string | undefined, file: string): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line === undefined ? undefined : (JSON.parse(line) as Partial<BackupHeader>);
  } catch {
    header = undefined;
  }
  if (header?.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} is not a Roundkeeper backup (no "${BACKUP_FORMAT}" header on its first line).`);
  if (header.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new RestoreRefused(`${file} is backup format ${String(header.formatVersion)}; this release reads format ${BACKUP_FORMAT_VERSION}.`);
  }
  return header as BackupHeader;
}

/**
 * Restores `file` into `db`, which must be empty (every table) and migrated by this release. All rows
 * go in one transaction: a failure leaves the database empty. Refuses, with a sentence saying why, a
 * database holding anything, a file of another format, or one written at a newer migration level.
 */
export async function restoreFrom(db: Db, file: string): Promise<BackupHeader> {
  const held = await countRows(db);
  const total = Object.values(held).reduce((a, b) => a + b, 0);
  if (total > 0) {
    throw new RestoreRefused(
      `Refusing to restore into a database that is not empty (${held.encounters} encounters, ${held.events} events, ${held.commands} commands, ${held.seats} seats). ` +
        'Restore into a new, empty database (or an empty DATA_DIR) and point the server at it.',
    );
  }
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = parseHeader(first.done ? undefined : first.value, file);
  const here = await migrationLevel(db);
  if (header.migration.count > here.count) {
    throw new RestoreRefused(
      `${file} was written at migration ${header.migration.count} (${header.migration.tag}); this release knows ${here.count} (${here.tag}). Restore it with the release that wrote it or a newer one.`,
    );
  }
  const seen = Object.fromEntries(TABLE_ORDER.map((name) => [name, 0])) as Record<TableName, number>;
  await db.transaction(async (tx) => {
    let batch: Record<string, unknown>[] = [];
    let batchTable: TableName | undefined;
    const flush = async () => {
      if (batchTable && batch.length > 0) await tx.insert(TABLES[batchTable]).values(batch as never);
      batch = [];
    };
    for (let lineNo = 2, next = await lines.next(); !next.done; lineNo++, next = await lines.next()) {
      if (next.value.trim() === '') continue;
      const { table, row } = JSON.parse(next.value) as { table: TableName; row: Record<string, unknown> };
      if (!TABLE_ORDER.includes(table)) throw new RestoreRefused(`${file} line ${lineNo}: unknown table ${JSON.stringify(table)}.`);
      if (table !== batchTable || batch.length >= BATCH_ROWS) {
        await flush();
        batchTable = table;
      }
      batch.push(fromFileRow(row));
      seen[table] += 1;
    }
    await flush();
    for (const name of TABLE_ORDER) {
      if (seen[name] !== header.rows[name]) {
        throw new RestoreRefused(`${file} is incomplete: its header announces ${header.rows[name]} ${name} rows, the file holds ${seen[name]}. Nothing was restored.`);
      }
    }
  });
  return header;
}
