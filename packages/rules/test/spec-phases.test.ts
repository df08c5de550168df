// [ENG-8] The SPEC is checked against the engine the way the code is: the phase tables written in
// SPEC.md and spec/*.md equal the engine's (`COMMAND_PHASES` and each system's `commandPhases`), and
// every rule that names a command's phases — "'cmd { … }' (…; phases setup and initiative; …)" or
// "(…; active phase; …)" — names the phases that system's engine takes it in. A rule that lists phases
// right after a command without saying "phase" fails too, so no such claim goes unchecked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_PHASES, getSystem, IMPLEMENTED_SYSTEMS, PHASES, phasesOf, type Phase, type PhaseTable, type SystemId } from '../src/index.js';

const ROOT = join(import.meta.dirname, '..');

/** Where each system's rules are written: D&D 5e shares SPEC.md with the engine-wide rules. */
const SOURCES: readonly { readonly file: string; readonly text: string }[] = ['SPEC.md', ...IMPLEMENTED_SYSTEMS.filter((id) => id !== 'dnd5e').map((id) => `spec/${id}.md`)].map(
  (file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }),
);

const PHASE = `'?(?:${PHASES.join('|')})'?`;
const LIST = `${PHASE}(?:(?:\\s*,\\s*|\\s*/\\s*|\\s+and\\s+|\\s+or\\s+)${PHASE})*`;
const phasesIn = (list: string): readonly Phase[] => PHASES.filter((p) => new RegExp(`\\b${p}\\b`).test(list));
const sorted = (phases: readonly Phase[]): readonly Phase[] => PHASES.filter((p) => phases.includes(p));

/** Rows of the tables headed "| <scope> command | phases |": scope 'core' or a system id. */
function writtenTables(): Map<string, Map<string, readonly Phase[]>> {
  const tables = new Map<string, Map<string, readonly Phase[]>>();
  for (const { text } of SOURCES) {
    for (const table of text.matchAll(/^\| (\w+) command \| phases \|\n\|[- |]+\|\n((?:\|.*\|\n?)+)/gm)) {
      const scope = table[1] ?? '';
      const rows = tables.get(scope) ?? new Map<string, readonly Phase[]>();
      for (const row of (table[2] ?? '').trim().split('\n')) {
        const [, commands = '', phases = ''] = row.split('|');
        for (const command of commands.matchAll(/'([a-z0-9-]+)'/g)) {
          const name = command[1] ?? '';
          expect(rows.has(name), `${name} is written twice in the ${scope} table`).toBe(false);
          rows.set(name, phasesIn(phases));
        }
      }
      tables.set(scope, rows);
    }
  }
  return tables;
}

const asRows = (table: PhaseTable): Map<string, readonly Phase[]> => new Map(Object.entries(table).map(([k, v]) => [k, sorted(v)]));

interface Claim {
  readonly rule: string;
  readonly command: string;
  readonly phases: readonly Phase[] | null;
  readonly text: string;
}

/**
 * Each rule bullet ("- **ID Title.** …" up to the next bullet, heading or table), joined into one line,
 * and in it each command written as 'cmd { … }' or `cmd { … }` followed at once by "( … )".
 */
function claims(text: string): Claim[] {
  const found: Claim[] = [];
  for (const bullet of text.split(/\n(?=- \*\*|#|\|)/)) {
    const rule = /^- \*\*([A-Z0-9]+-\d+)/.exec(bullet)?.[1];
    if (!rule) continue;
    const flat = bullet.replace(/\s*\n\s*/g, ' ');
    const command = /(?:'([a-z0-9]+(?:-[a-z0-9]+)+)(?:\s*\{(?:[^{}]|\{[^{}]*\})*\})?'|`([a-z0-9]+(?:-[a-z0-9]+)+)(?:\s[^`]*)?`)\s*\(([^()]*)\)/g;
    for (const m of flat.matchAll(command)) {
      const name = m[1] ?? m[2] ?? '';
      const inside = m[3] ?? '';
      const named = new RegExp(`\\bphases?:?\\s+(${LIST})|(${LIST})\\s+phases?\\b`).exec(inside);
      const bare = new RegExp(LIST, 'g');
      const listed = [...inside.matchAll(bare)].some((x) => phasesIn(x[0]).length >= 2);
      if (named) found.push({ rule, command: name, phases: phasesIn(named[1] ?? named[2] ?? ''), text: inside });
      else if (listed) found.push({ rule, command: name, phases: null, text: inside });
    }
  }
  return found;
}

/** The system a rule speaks for: its id's prefix, or the file's system; ENG rules speak for the core. */
function systemOf(file: string, rule: string, command: string): SystemId | null {
  const own = IMPLEMENTED_SYSTEMS.find((id) => command.startsWith(`${id}-`));
  if (own) return own;
  if (rule.startsWith('ENG-')) return null;
  if (rule.startsWith('DND-')) return 'dnd5e';
  return IMPLEMENTED_SYSTEMS.find((id) => file === `spec/${id}.md`) ?? null;
}

describe('the SPEC’s phases agree with the engine’s phase tables', () => {
  const written = writtenTables();

  it('[ENG-8] the core table in SPEC.md is COMMAND_PHASES, command for command', () => {
    expect(written.get('core')).toEqual(asRows(COMMAND_PHASES));
  });

  it('[ENG-8] each system’s table in its rules is its meta’s commandPhases, command for command', () => {
    for (const id of IMPLEMENTED_SYSTEMS) {
      expect(written.get(id), `${id}'s table`).toEqual(asRows(getSystem(id)?.commandPhases ?? {}));
    }
  });

  it('[ENG-8] every rule that names a command’s phases names the engine’s', () => {
    const all = SOURCES.flatMap(({ file, text }) => claims(text).map((c) => ({ file, ...c })));
    // Not vacuous: the rules do name phases in this form (GEN-40, DND-18, ENG-43, …).
    expect(all.length).toBeGreaterThan(10);
    expect(all.map((c) => `${c.rule} ${c.command}`)).toEqual(expect.arrayContaining(['GEN-40 genesys-recover-strain', 'DND-18 dnd5e-death-save', 'ENG-43 set-note']));
    for (const c of all) {
      const where = `${c.file} ${c.rule} '${c.command}' (${c.text})`;
      expect(c.phases, `${where}: write the phases as "phases a, b" or "a phase"`).not.toBeNull();
      const id = systemOf(c.file, c.rule, c.command);
      const system = id === null ? undefined : getSystem(id);
      const engine = system === undefined ? (COMMAND_PHASES as PhaseTable)[c.command] : phasesOf(system, c.command);
      if (id !== null) expect(system, `${where}: no system ${id}`).toBeDefined();
      expect(engine, `${where}: the engine has no such command`).toBeDefined();
      expect(sorted(c.phases ?? []), where).toEqual(sorted(engine ?? []));
    }
  });
});
