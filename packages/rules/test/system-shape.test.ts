// Every system folder has the same shape (docs/adding-a-system.md): the same file names for the same
// roles, so whoever knows one system finds their way in all of them, the test-only one included.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '../src/catalogue.js';

const ROOT = join(import.meta.dirname, '..');

/** The role files of a system folder, each named for the hook or part it holds. */
const ROLE_FILES = [
  'meta.ts', // id, names, flags, stats, refusal codes; its types joined into the engine's unions
  'commands.ts', // its own commands
  'events.ts', // its own events
  'state.ts', // its slot in EncounterState.ext, `initial<Id>Ext` and the reader `<id>Ext(state)`
  'view.ts', // what an audience may see of that slot
  'violations.ts', // its refusal codes with their sentences
  'decide.ts', // the `decide` hook
  'evolve.ts', // the `evolve` hook
  'project.ts', // the `projectExt` hook
  'system.ts', // the InitiativeSystem value: meta + hooks
] as const;

const folders = [
  ...readdirSync(join(ROOT, 'src/systems'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ id: e.name, dir: join(ROOT, 'src/systems', e.name) })),
  { id: 'tiny', dir: join(ROOT, 'test/tiny-system') },
];

describe('system folders', () => {
  it("are the catalogue's systems and the test-only one", () => {
    expect(folders.map((f) => f.id).sort()).toEqual([...SYSTEM_IDS, 'tiny'].sort());
  });

  for (const { id, dir } of folders) {
    it(`${id} has every role file and names its parts alike`, async () => {
      const present = new Set(readdirSync(dir));
      expect(ROLE_FILES.filter((f) => !present.has(f))).toEqual([]);
      const meta: Record<string, { id?: string }> = await import(join(dir, 'meta.ts'));
      const system: Record<string, { id?: string }> = await import(join(dir, 'system.ts'));
      const state: Record<string, unknown> = await import(join(dir, 'state.ts'));
      expect(meta[`${id}Meta`]?.id).toBe(id);
      expect(system[id]?.id).toBe(id);
      expect(typeof state[`${id}Ext`]).toBe('function');
    });
  }
});
