// The existing files a new system edits are exactly the ones docs/adding-a-system.md names. A file
// outside the systems' own folders whose code names every system is a list of systems, which a new
// system would have to join: it must be one of the documented registration points, and each of those
// must still be such a list. Tests are left out (a test of all five systems still passes with a sixth).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '../src/catalogue.js';

const REPO = join(import.meta.dirname, '../../..');
const SOURCE_ROOTS = ['packages', 'apps', 'scripts'];
const SOURCE_FILE = /\.(ts|svelte|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/** A system's own place, where its id belongs: its rules folder, its wire schemas, its web folder. */
const ownPlace = new RegExp(
  `^(packages/rules/src/systems/[^/]+/|packages/protocol/src/systems/[^/]+\\.ts$|apps/web/src/systems/[^/]+/|packages/rules/test/tiny-system/)`,
);
const isTest = (path: string): boolean => /\.test\.ts$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** The code without its comments: a comment that names systems as examples lists nothing. */
const withoutComments = (text: string): string =>
  text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** `dc20` as an id, a path segment, an import name (`dc20Meta`) or an event prefix (`dc20-…`): not inside `xdc20`. */
const names = (code: string, id: string): boolean => new RegExp(`(?<![A-Za-z0-9_])${id}(?![a-z0-9_])`).test(code);

/** The paths listed under the guide's "Existing files a new system edits" heading. */
function documentedFiles(): string[] {
  const guide = readFileSync(join(REPO, 'docs/adding-a-system.md'), 'utf8');
  const section = guide.split(/^## /m).find((s) => s.startsWith('Existing files a new system edits'));
  if (!section) throw new Error('docs/adding-a-system.md has no "Existing files a new system edits" section');
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1] ?? '');
}

const lists = SOURCE_ROOTS.flatMap((root) => sourceFiles(join(REPO, root)))
  .map((path) => relative(REPO, path))
  .filter((path) => !ownPlace.test(path) && !isTest(path))
  .filter((path) => {
    const code = withoutComments(readFileSync(join(REPO, path), 'utf8'));
    return SYSTEM_IDS.every((id) => names(code, id));
  });

describe('adding a system', () => {
  it('edits at most five existing files, and the guide names exactly those', () => {
    const documented = documentedFiles();
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.length).toBeLessThanOrEqual(5);
    expect([...lists].sort()).toEqual([...documented].sort());
  });
});
