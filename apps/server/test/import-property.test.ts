// [ENG-46] Imports of generated exports: real encounters played by random GM commands on a real server,
// exported, then mutated field by field. Every import the server accepts replays to the same views as
// the commands that made the export; every one it refuses stores nothing.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateEncounterResponse, EncounterExport, ErrorBody } from '@roundkeeper/protocol';
import type { Command, SystemId } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { callApi } from './helpers/http.js';
import { storedCounts } from './helpers/stored-counts.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const RUNS = Number(process.env.IMPORT_PROPERTY_RUNS ?? 25);
const MAX_STEPS = 20;
const PROPERTY_TEST_TIMEOUT_MS = 180_000;
/** Fixed: a failure replays exactly (fast-check prints the counterexample and its seed). */
const PROPERTY_SEED = Number(process.env.IMPORT_PROPERTY_SEED ?? 3030);
const SYSTEMS: readonly SystemId[] = ['dnd5e', 'genesys', 'dc20', 'uesrpg', 'lfg'];

/** A GM command whose combatants are picked when it is played (`pick` modulo the roster). */
type Step = { readonly make: (ids: readonly string[]) => Command | undefined };
const at = (ids: readonly string[], pick: number): string | undefined => ids[pick % Math.max(1, ids.length)];

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({ name: fc.constantFrom('Orc', 'Aria', 'Goblin'), side: fc.constantFrom('pc' as const, 'enemy' as const), max: fc.integer({ min: 1, max: 40 }), count: fc.integer({ min: 1, max: 3 }), note: fc.constantFrom('', 'spy') })
    .map((c) => ({ make: (): Command => ({ type: 'add-combatant', combatant: { name: c.name, side: c.side, stats: {}, health: { max: c.max }, count: c.count, ...(c.note ? { note: c.note } : {}) } }) })),
  fc.record({ pick: fc.nat(), amount: fc.integer({ min: 1, max: 30 }), critical: fc.boolean() }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      return id ? { type: 'apply-damage', targets: [{ combatantId: id, amount: s.amount, ...(s.critical ? { critical: true } : {}) }] } : undefined;
    },
  })),
  fc.record({ pick: fc.nat(), amount: fc.integer({ min: 1, max: 30 }) }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      return id ? { type: 'apply-healing', targets: [{ combatantId: id, amount: s.amount }] } : undefined;
    },
  })),
  fc.record({ pick: fc.nat(), max: fc.integer({ min: 1, max: 40 }) }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      return id ? { type: 'set-max-health', combatantIds: [id], max: s.max } : undefined;
    },
  })),
  fc.record({ pick: fc.nat(), amount: fc.integer({ min: 0, max: 10 }) }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      return id ? { type: 'set-temp-health', targets: [{ combatantId: id, amount: s.amount }] } : undefined;
    },
  })),
  fc.record({ pick: fc.nat(), rounds: fc.integer({ min: 1, max: 3 }) }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      return id ? { type: 'add-condition', combatantId: id, name: 'Stunned', rounds: s.rounds } : undefined;
    },
  })),
  fc.record({ pick: fc.nat(), flag: fc.boolean(), which: fc.constantFrom('set-hidden', 'set-defeated') }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      if (!id) return undefined;
      return s.which === 'set-hidden' ? { type: 'set-hidden', combatantId: id, hidden: s.flag } : { type: 'set-defeated', combatantId: id, defeated: s.flag };
    },
  })),
  fc.record({ pick: fc.nat(), current: fc.integer({ min: 0, max: 3 }) }).map((s) => ({
    make: (ids: readonly string[]): Command | undefined => {
      const id = at(ids, s.pick);
      return id ? { type: 'set-resource', combatantId: id, resource: 'Luck', current: s.current, max: 3 } : undefined;
    },
  })),
  fc.constantFrom<Command>(
    { type: 'begin-initiative' },
    { type: 'roll-npc-initiative' },
    { type: 'start-combat' },
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'undo' },
    { type: 'redo' },
  ).map((command) => ({ make: () => command })),
);

/** One change to the file: none, one leaf value replaced, or a field no event has added. */
type Mutation =
  | { readonly kind: 'none' }
  | { readonly kind: 'leaf'; readonly event: number; readonly leaf: number; readonly value: number }
  | { readonly kind: 'extra'; readonly event: number };

/**
 * Values no field of any event may hold: 1e308 and 7.5 (no number of the rules is that large or
 * fractional), 5,000 characters (longer than any text), and, on the core's events (whose every field
 * has a type), a value of another type.
 */
const HOSTILE: readonly unknown[] = [1e308, 7.5, 'x'.repeat(5000), 'x', null, true, { a: 1 }, [1]];
const SAME_TYPE_HOSTILE = (value: unknown): unknown[] => (typeof value === 'number' ? [1e308, 7.5] : typeof value === 'string' ? ['x'.repeat(5000)] : []);

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'none' }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('leaf' as const), event: fc.nat(), leaf: fc.nat(), value: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extra' as const), event: fc.nat() }) },
);

/** Every leaf of `value` (a primitive or null) with its path. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
}

function setAt(root: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  let here: Record<string | number, unknown> = root;
  for (const key of path.slice(0, -1)) here = here[key] as Record<string | number, unknown>;
  here[path.at(-1) as string | number] = value;
}

const CORE_PREFIXES = ['dnd5e-', 'dc20-', 'genesys-', 'lfg-', 'uesrpg-'];
const isSystemEvent = (type: unknown): boolean => typeof type === 'string' && CORE_PREFIXES.some((p) => type.startsWith(p));

/** The file with the mutation applied, and whether anything changed. */
function mutate(file: EncounterExport, mutation: Mutation): { file: EncounterExport; changed: string } {
  const copy = structuredClone(file);
  if (mutation.kind === 'none') return { file: copy, changed: '' };
  const target = copy.events[mutation.event % copy.events.length] as { seq: number; event: Record<string, unknown> };
  if (mutation.kind === 'extra') {
    if (isSystemEvent(target.event.type)) return { file: copy, changed: '' };
    target.event.unexpected = 1;
    return { file: copy, changed: `event ${target.seq}: extra field` };
  }
  // The type field names the event; changing it is the test's 'another game' case elsewhere.
  const paths = leaves(target.event).filter((p) => p[0] !== 'type');
  const path = paths[mutation.leaf % Math.max(1, paths.length)];
  if (!path) return { file: copy, changed: '' };
  const old = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], target.event);
  const choices = isSystemEvent(target.event.type) ? SAME_TYPE_HOSTILE(old) : HOSTILE.filter((h) => typeof h !== typeof old || h !== old);
  const value = choices[mutation.value % Math.max(1, choices.length)];
  if (choices.length === 0 || Object.is(value, old)) return { file: copy, changed: '' };
  setAt(target.event, path, value);
  return { file: copy, changed: `event ${target.seq} (${String(target.event.type)}) ${path.join('.')} = ${JSON.stringify(value)?.slice(0, 20)}` };
}

/** A view without what an import changes on purpose: its id, its seed and the seed's commitment. */
const comparable = (view: unknown): unknown => {
  const { id: _id, seedCommitment: _c, seed: _s, ...rest } = view as Record<string, unknown>;
  return rest;
};

async function viewsOf(url: string, encounterId: string, tokens: { gm: string; spectator: string }): Promise<{ gm: unknown; spectator: unknown }> {
  const clients: TestClient[] = [];
  try {
    const gm = await connectClient(url, authFor(encounterId, tokens.gm));
    clients.push(gm);
    const spectator = await connectClient(url, authFor(encounterId, tokens.spectator));
    clients.push(spectator);
    return { gm: comparable(gm.latest().view), spectator: comparable(spectator.latest().view) };
  } finally {
    for (const c of clients) c.close();
  }
}

describe.each(BACKENDS)('imports of generated and mutated exports (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config, { encounterRateLimit: { max: 100_000, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('[ENG-46] an accepted import shows what the original shows; a refused one stores nothing', { timeout: PROPERTY_TEST_TIMEOUT_MS }, async () => {
    const seen = { accepted: 0, refused: 0, mutatedAccepted: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SYSTEMS), fc.array(stepArbitrary, { maxLength: MAX_STEPS }), mutationArbitrary, async (system, steps, mutation) => {
        const created = (await callApi(`${server.url}/api/encounters`, 'POST', { body: { name: 'Generated', system } })).body as CreateEncounterResponse;
        const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
        try {
          for (const step of steps) {
            const command = step.make(gm.latest().view.combatants.map((c) => c.id));
            if (command) await gm.command(command);
          }
        } finally {
          gm.close();
        }
        const original = await viewsOf(server.url, created.encounterId, { gm: created.gmToken, spectator: created.spectatorToken });
        const exported = await callApi(`${server.url}/api/encounters/${created.encounterId}/export`, 'GET', { bearer: created.gmToken });
        const { file, changed } = mutate(exported.body as EncounterExport, mutation);

        const before = await storedCounts(server.app);
        const answer = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: file });
        if (answer.status === 201) {
          seen.accepted++;
          if (changed) seen.mutatedAccepted++;
          const copy = answer.body as CreateEncounterResponse;
          expect(await viewsOf(server.url, copy.encounterId, { gm: copy.gmToken, spectator: copy.spectatorToken }), changed).toEqual(original);
        } else {
          seen.refused++;
          // An unchanged export is never refused.
          expect(changed, JSON.stringify(answer.body)).not.toBe('');
          expect(answer.status, changed).toBe(400);
          expect((answer.body as ErrorBody).code, changed).toBe('bad-request');
          expect(await storedCounts(server.app), changed).toEqual(before);
        }
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED, endOnFailure: true },
    );
    // The runs must have exercised both outcomes, or the property said nothing.
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});
