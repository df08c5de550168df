// [ENG-45] An encounter import is checked as strictly as live commands: each event by the protocol's
// schemas and by the rules, refused whole with the first bad event named, nothing stored.
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateEncounterResponse, EncounterExport, ErrorBody } from '@roundkeeper/protocol';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable } from './helpers/encounter-setup.js';
import { callApi } from './helpers/http.js';
import { storedCounts } from './helpers/stored-counts.js';
import { authFor, connectClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** A field of an event (its path) and the value an edit puts there. */
type Edit = readonly [path: readonly (string | number)[], value: unknown];

function applyEdit(event: Record<string, unknown>, [path, value]: Edit): void {
  let here = event as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) here = here[key] as Record<string | number, unknown>;
  here[path.at(-1) as string | number] = value;
}

/** The edits of a real export, each with the event it changes and what the refusal names. */
const EDITS: readonly { what: string; type: string; edit: Edit; says: RegExp; named?: string }[] = [
  { what: 'after 1e308', type: 'damage-applied', edit: [['targets', 0, 'after', 'current'], 1e308], says: /after\.current must be at most/ },
  { what: 'after -5 (below the 5e floor)', type: 'damage-applied', edit: [['targets', 0, 'after', 'current'], -5], says: /not what the rules make/ },
  { what: 'after 7.5', type: 'damage-applied', edit: [['targets', 0, 'after', 'current'], 7.5], says: /after\.current must be a whole number/ },
  { what: 'after 99999', type: 'damage-applied', edit: [['targets', 0, 'after', 'current'], 99999], says: /at most 9999/ },
  { what: 'after "x"', type: 'damage-applied', edit: [['targets', 0, 'after', 'current'], 'x'], says: /must be a number/ },
  { what: 'after 3, a plain number the rules would not give', type: 'damage-applied', edit: [['targets', 0, 'after', 'current'], 3], says: /not what the rules make/ },
  { what: 'amount -4', type: 'damage-applied', edit: [['targets', 0, 'amount'], -4], says: /amount must be at least 0/ },
  { what: 'a 5,000-character name', type: 'combatant-added', edit: [['combatant', 'name'], 'O'.repeat(5000)], says: /name must be at most 63 characters long/ },
  { what: 'dex 99999', type: 'combatant-added', edit: [['combatant', 'stats', 'dex'], 99999], says: /stats\.dex must be at most 1000/ },
  { what: 'dex 99 (within the protocol, beyond 5e)', type: 'combatant-added', edit: [['combatant', 'stats', 'dex'], 99], says: /Dexterity.*from 1 to 30/ },
  { what: 'a stat the system does not have', type: 'combatant-added', edit: [['combatant', 'stats', 'agility'], 3], says: /no stat called "agility"/ },
  { what: 'a field no event has', type: 'damage-applied', edit: [['sneaky'], true], says: /may not have: sneaky/ },
  { what: 'an event of another game', type: 'damage-applied', edit: [['type'], 'dc20-combat-over'], says: /not an event of dnd5e encounters/, named: 'dc20-combat-over' },
];

describe.each(BACKENDS)('an encounter import is checked as strictly as live commands (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;
  let file: EncounterExport;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config, { encounterRateLimit: { max: 10_000, windowMs: 60_000 } });
    const table = await setUpTable(server.url, [{ name: 'Orc', side: 'enemy' }]);
    const orc = table.ids.Orc as string;
    expect((await table.gm.command({ type: 'set-max-health', combatantIds: [orc], max: 15 })).ok).toBe(true);
    expect((await table.gm.command({ type: 'apply-damage', targets: [{ combatantId: orc, amount: 6 }] })).ok).toBe(true);
    table.gm.close();
    const exported = await callApi(`${server.url}/api/encounters/${table.created.encounterId}/export`, 'GET', { bearer: table.created.gmToken });
    file = exported.body as EncounterExport;
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('imports the export as it is', async () => {
    expect((await callApi(`${server.url}/api/encounters/import`, 'POST', { body: file })).status).toBe(201);
  });

  it.each(EDITS)('[ENG-45] refuses an edit ($what) naming the event, and stores nothing', async ({ type, edit, says, named = type }) => {
    const edited = structuredClone(file);
    const target = edited.events.find((e) => e.event.type === type);
    expect(target).toBeDefined();
    applyEdit((target as { event: Record<string, unknown> }).event, edit);
    const before = await storedCounts(server.app);
    const answer = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: edited });
    expect(answer.status).toBe(400);
    const { code, message } = answer.body as ErrorBody;
    expect(code).toBe('bad-request');
    expect(message).toMatch(new RegExp(`^Event ${target?.seq} \\(${named}\\) cannot be imported: `));
    expect(message).toMatch(says);
    expect(await storedCounts(server.app)).toEqual(before);
  });

  it('an accepted import takes damage as the original does (no "Orc x" afterwards)', async () => {
    const answer = await callApi(`${server.url}/api/encounters/import`, 'POST', { body: file });
    const copy = answer.body as CreateEncounterResponse;
    const gm = await connectClient(server.url, authFor(copy.encounterId, copy.gmToken));
    const orc = gm.latest().view.combatants[0];
    const ack = await gm.command({ type: 'apply-damage', targets: [{ combatantId: orc?.id ?? '', amount: 2 }] });
    expect(ack.ok).toBe(true);
    gm.close();
  });
});
