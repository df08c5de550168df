import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Command, EncounterView } from '@roundkeeper/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// The documented example of @roundkeeper/client (packages/client/examples/print-turns.ts), run as its
// users run it: a child process given the overlay link, against a real server, while a GM plays.

const CLIENT_PACKAGE = fileURLToPath(new URL('../../../packages/client/', import.meta.url));
const SCRIPT_WAIT_MS = 60_000;
const POLL_MS = 50;
/** The script starts under tsx (seconds on a busy machine) and follows two rounds. */
const EXAMPLE_TIMEOUT_MS = 120_000;

type Script = ChildProcessByStdio<null, Readable, Readable>;

function runExample(link: string): { child: Script; output: () => string; errors: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/print-turns.ts', link], { cwd: CLIENT_PACKAGE, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, output: () => stdout, errors: () => stderr };
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + SCRIPT_WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** What the example should print for the GM's view: the turn of whoever acts, unless a spectator may not see them. */
function expectedLine(view: EncounterView): string | null {
  if (!view.turn) return null;
  const actors = view.turn.actorIds.map((id) => view.combatants.find((c) => c.id === id));
  if (actors.some((c) => c?.hidden)) return null;
  return `Round ${view.round}: ${actors.map((c) => c?.name).join(' and ')}'s turn`;
}

describe('the client example: a spectator script printing each turn', () => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('prints every turn a spectator can see, never a hidden one, and stops when the encounter ends', async () => {
    const created = await createEncounterOver(server.url);
    const gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    const script = runExample(`${server.url}/overlay#e=${created.encounterId}&t=${created.spectatorToken}`);
    try {
      const act = async (client: TestClient, command: Command): Promise<EncounterView> => {
        const ack = await client.command(command);
        if (!ack.ok) throw new Error(`${command.type} refused: ${ack.code}`);
        return (await client.waitForVersion(ack.version)).view;
      };
      let view = gm.latest().view;
      for (const [name, side, hidden] of [['Aria', 'pc', false], ['Goblin', 'enemy', false], ['Lurker', 'enemy', true]] as const) {
        view = await act(gm, { type: 'add-combatant', combatant: { name, side, hidden, stats: { dex: 12 } } });
      }
      // The script's spectator socket is up before the fight starts, so it sees every turn.
      await until(async () => (await (await fetch(`${server.url}/metrics`)).text()).includes('roundkeeper_connected_sockets{role="spectator"} 1'), 'the script to connect');

      await act(gm, { type: 'begin-initiative' });
      for (const c of view.combatants) await act(gm, { type: 'roll-initiative', unit: { kind: 'combatant', id: c.id } });
      const expected: string[] = [];
      const note = (v: EncounterView) => {
        const line = expectedLine(v);
        if (line !== null && line !== expected.at(-1)) expected.push(line);
      };
      note(await act(gm, { type: 'start-combat' }));
      // Two rounds and a turn: every combatant acts, the hidden one unseen, and round 2 begins.
      for (let i = 0; i < 4; i++) note(await act(gm, { type: 'end-turn' }));
      await act(gm, { type: 'end-encounter' });

      const [code] = (await once(script.child, 'exit')) as [number | null];
      expect(script.errors()).toBe('');
      expect(code).toBe(0);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(expected.some((line) => line.startsWith('Round 2:'))).toBe(true);
      expect(script.output().trim().split('\n')).toEqual([...expected, 'The encounter has ended.']);
      expect(script.output()).not.toContain('Lurker');
    } finally {
      script.child.kill();
      gm.close();
    }
  }, EXAMPLE_TIMEOUT_MS);

  it('says why, and exits with 1, when the link is not a good one', async () => {
    const created = await createEncounterOver(server.url);
    const script = runExample(`${server.url}/overlay#e=${created.encounterId}&t=not-the-token`);
    const [code] = (await once(script.child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(script.errors().trim()).toBe('The link or token is not valid.');
    expect(script.output()).toBe('');
  }, EXAMPLE_TIMEOUT_MS);
});
