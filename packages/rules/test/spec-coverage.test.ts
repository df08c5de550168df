// Every rule id written down in SPEC.md and spec/*.md is cited by at least one test title, and every
// id a test cites is written down: the rule texts and the tests cannot drift apart silently.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '../src/catalogue.js';

const ROOT = join(import.meta.dirname, '..');
/** A rule id: its system's prefix (ENG for the engine's), a dash, a number. A new system brings its prefix in its spec file. */
const ID = '[A-Z][A-Z0-9]*-\\d+';

function files(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path, accept);
    return accept(entry.name) ? [path] : [];
  });
}

const specTexts = [join(ROOT, 'SPEC.md'), ...files(join(ROOT, 'spec'), (n) => n.endsWith('.md'))].map((f) =>
  readFileSync(f, 'utf8'),
);
const defined = new Set(specTexts.flatMap((t) => [...t.matchAll(new RegExp(`\\*\\*(${ID})\\b`, 'g'))].map((m) => m[1] ?? '')));

const testTexts = [join(ROOT, 'src'), join(ROOT, 'test')].flatMap((d) => files(d, (n) => n.endsWith('.test.ts')));
const cited = new Set(
  testTexts.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(new RegExp(`\\[(${ID})\\]`, 'g'))].map((m) => m[1] ?? '')),
);

describe('rule ids', () => {
  it('are written down for the engine, D&D 5e (SPEC.md) and every other system of the catalogue (spec/<id>.md)', () => {
    const spec = readFileSync(join(ROOT, 'SPEC.md'), 'utf8');
    for (const prefix of ['ENG', 'DND']) expect(spec, prefix).toMatch(new RegExp(`\\*\\*${prefix}-\\d+`));
    for (const system of SYSTEM_IDS.filter((id) => id !== 'dnd5e')) {
      expect(readFileSync(join(ROOT, 'spec', `${system}.md`), 'utf8'), system).toMatch(new RegExp(`\\*\\*(${ID})\\b`));
    }
  });

  it('are each cited by at least one test', () => {
    expect([...defined].filter((id) => !cited.has(id)).sort()).toEqual([]);
  });

  it('cited by tests all exist in the spec', () => {
    expect([...cited].filter((id) => !defined.has(id)).sort()).toEqual([]);
  });
});
