import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { encounters } from './schema/index.js';
import { PgliteInWorker } from './pglite-in-worker.js';
import { makePgliteTemplate, pgliteTemplatePath, templateFor } from './pglite-template.js';

// A new PGlite folder is filled from a template instead of running initdb (pglite-template.ts). These
// tests load templates that hold a marker table, which initdb never makes: finding it proves the folder
// was filled from the template, and finding the server's tables beside it proves the migrations ran on top.

const markerNotes = (database: Database) => database.db.select({ note: sql<string>`note` }).from(sql`template_marker`);

describe('the PGlite template', () => {
  let scratch: string;
  let markerTemplate: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'rk-template-'));
    const source = await PGlite.create();
    await source.exec("create table template_marker (note text); insert into template_marker values ('from the template')");
    markerTemplate = join(scratch, 'marker.tar.gz');
    await writeFile(markerTemplate, Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    await source.close();
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('is made once per PGlite release, checked, kept under the server package, and replaces older releases\' templates', async () => {
    expect(pgliteTemplatePath()).toMatch(/node_modules[/\\]\.cache[/\\]roundkeeper[/\\]pglite-\d+\.\d+\.\d+.*-empty\.tar\.gz$/);
    const template = join(scratch, 'cache', 'pglite-9.9.9-empty.tar.gz');
    const earlierRelease = join(scratch, 'cache', 'pglite-0.0.1-empty.tar.gz');
    const unrelated = join(scratch, 'cache', 'notes.txt');
    await mkdir(join(scratch, 'cache'));
    await Promise.all([writeFile(earlierRelease, 'an older release'), writeFile(unrelated, 'kept')]);
    expect(await makePgliteTemplate(template)).toBe(true);
    expect([existsSync(earlierRelease), existsSync(unrelated)]).toEqual([false, true]);
    const made = await stat(template);
    expect(made.size).toBeGreaterThan(100_000);
    expect(await makePgliteTemplate(template)).toBe(false);
    expect((await stat(template)).mtimeMs).toBe(made.mtimeMs);
    // Loaded, it is an empty database that answers.
    const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = 'public'");
    expect(rows[0]?.n).toBe(0);
    await db.close();
  }, 60_000);

  it('is used only for a folder that holds no database yet, and only when it exists', async () => {
    const folder = await mkdtemp(join(scratch, 'folder-'));
    expect(templateFor(null, markerTemplate)).toBe(markerTemplate);
    expect(templateFor(folder, markerTemplate)).toBe(markerTemplate);
    expect(templateFor(folder, join(scratch, 'missing.tar.gz'))).toBeUndefined();
    await writeFile(join(folder, 'PG_VERSION'), '17\n');
    expect(templateFor(folder, markerTemplate)).toBeUndefined();
  });

  it('fills a new folder in the worker thread, which then opens as a database of its own', async () => {
    const folder = await mkdtemp(join(scratch, 'worker-'));
    const filled = await PgliteInWorker.start(folder, markerTemplate);
    await filled.query("insert into template_marker values ('written after')");
    await filled.close();
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
    const reopened = await PgliteInWorker.start(folder);
    const { rows } = await reopened.query<{ note: string }>('select note from template_marker order by note');
    expect(rows.map((r) => r.note)).toEqual(['from the template', 'written after']);
    await reopened.close();
  });

  for (const thread of ['worker', 'main'] as const) {
    it(`opens the server's database from it with the migrations applied on top (PGlite on the ${thread} thread)`, async () => {
      const folder = await mkdtemp(join(scratch, `open-${thread}-`));
      const database = await openDatabase({ driver: 'pglite', dataDir: folder, thread }, undefined, markerTemplate);
      try {
        expect(await markerNotes(database)).toEqual([{ note: 'from the template' }]);
        expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(encounters)).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
      }
      // Opened again, the folder holds a database: the template is not read (it would refuse to load).
      const again = await openDatabase({ driver: 'pglite', dataDir: folder, thread }, undefined, markerTemplate);
      await again.close();
    });
  }

  it('fills an in-memory database too', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: null }, undefined, markerTemplate);
    try {
      expect(await markerNotes(database)).toEqual([{ note: 'from the template' }]);
    } finally {
      await database.close();
    }
  });
});
