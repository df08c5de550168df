import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { findUp, SERVER_PACKAGE_ROOT } from '../paths.js';

// A new PGlite database is made by running initdb inside PGlite's WebAssembly Postgres: 4–5 s of CPU on
// a small machine, paid by a GM's first start, by every fresh test database and by every bench run of
// the embedded default (docs/performance-log.md, "Tenth session"). What initdb makes is the same every time
// for one PGlite release, so `pnpm build` makes it once (an empty database, no migrations: those are
// applied at every start as always) and keeps it as a gzipped tarball; a folder that holds no database
// yet is then filled from it (PGlite's own `loadDataDir`, ~1.3 s) instead of running initdb.

/** The package.json in `dir`, if there is one. */
function manifestIn(dir: string): { name?: unknown; version?: unknown } | undefined {
  const file = join(dir, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown }) : undefined;
}

/** The installed PGlite's version (its package does not export its package.json): a template is only ever loaded by the release that made it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = findUp(dirname(entry), (dir) => manifestIn(dir)?.name === '@electric-sql/pglite', "@electric-sql/pglite's package.json");
  const { version } = manifestIn(root) ?? {};
  if (typeof version !== 'string') throw new Error(`@electric-sql/pglite's package.json in ${root} has no version`);
  return version;
}

const templateName = (version: string): string => `pglite-${version}-empty.tar.gz`;
const TEMPLATE_NAME = /^pglite-.+-empty\.tar\.gz$/;

/**
 * Where `pnpm build` keeps the template for the installed PGlite: in the server package's
 * `node_modules/.cache`, as build tools keep theirs (it survives `dist/` being rebuilt, and is in a
 * Docker image built by the Dockerfile).
 */
export function pgliteTemplatePath(): string {
  return join(SERVER_PACKAGE_ROOT, 'node_modules', '.cache', 'roundkeeper', templateName(pgliteVersion()));
}

/**
 * The template to fill `dataDir` from, when there is one and the folder (null: in memory) holds no
 * database yet; undefined otherwise (PGlite then opens the folder, or runs initdb as it always did).
 */
export function templateFor(dataDir: string | null, template: string): string | undefined {
  if (dataDir !== null && existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return existsSync(template) ? template : undefined;
}

/**
 * Makes the template for the installed PGlite unless it is there already; true when it made it. It is
 * checked (loaded into a database that answers) before it is written, and written under another name
 * then renamed, so a reader never sees half of one. Templates of other PGlite releases beside it are
 * removed: after an upgrade nothing loads them any more.
 */
export async function makePgliteTemplate(template: string = pgliteTemplatePath()): Promise<boolean> {
  if (existsSync(template)) return false;
  const { PGlite } = await import('@electric-sql/pglite');
  const source = await PGlite.create();
  const dump = await source.dumpDataDir('gzip');
  await source.close();
  const check = await PGlite.create({ loadDataDir: dump });
  await check.query('select 1');
  await check.close();
  mkdirSync(dirname(template), { recursive: true });
  const partial = `${template}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, template);
  for (const name of readdirSync(dirname(template))) {
    if (name !== basename(template) && TEMPLATE_NAME.test(name)) rmSync(join(dirname(template), name), { force: true });
  }
  return true;
}
