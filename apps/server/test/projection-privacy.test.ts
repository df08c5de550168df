import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from '@roundkeeper/rules';
import { beforeAllOrFail } from './helpers/suite.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { setUpTable, takeSeat } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { io, type Socket } from 'socket.io-client';

/** A shared-view socket (as the real client connects): every frame it receives, to search for leaks. */
async function sharedWatcher(url: string, encounterId: string, token: string): Promise<{ socket: Socket; frames: unknown[] }> {
  const socket = io(url, { auth: { ...authFor(encounterId, token), viewPatches: true, sharedViews: true }, transports: ['websocket'], reconnection: false, forceNew: true });
  const frames: unknown[] = [];
  socket.onAny((event: string, message: unknown) => frames.push({ event, message }));
  await new Promise<void>((resolve, reject) => {
    socket.once('public-view', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, frames };
}

/** Each run is a whole encounter on a real server: a few dozen runs cover the shapes without a slow suite. */
const RUNS = 30;
const MAX_STEPS = 25;
const PROPERTY_TEST_TIMEOUT_MS = 120_000;
/** Fixed: a failure replays exactly (fast-check prints the counterexample and its seed). */
const PROPERTY_SEED = 4242;

type Step =
  | { readonly kind: 'add'; readonly hidden: boolean; readonly side: 'pc' | 'enemy'; readonly count: number }
  | { readonly kind: 'hide'; readonly pick: number }
  | { readonly kind: 'defeat'; readonly pick: number }
  | { readonly kind: 'command'; readonly command: Command };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), hidden: fc.boolean(), side: fc.constantFrom('pc' as const, 'enemy' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('hide' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('defeat' as const), pick: fc.nat() }),
  fc.constantFrom<Step>(
    { kind: 'command', command: { type: 'begin-initiative' } },
    { kind: 'command', command: { type: 'roll-npc-initiative' } },
    { kind: 'command', command: { type: 'start-combat' } },
    { kind: 'command', command: { type: 'end-turn' } },
  ),
);

// The projection is one pure function in the rules; this checks what actually leaves the server, for
// any encounter a GM can build: no hidden combatant's name or id, no GM note, no seed before the end.
describe.each(BACKENDS)('what non-GM clients receive, over random encounters (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    // Every run takes a seat over HTTP; the join limit is for strangers, not for this test.
    server = await startServer(testDb.config, { joinRateLimit: { max: 10_000, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('[ENG-45] never leaks hidden combatants, GM notes, stat blocks or the seed into a player or spectator payload', { timeout: PROPERTY_TEST_TIMEOUT_MS }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: MAX_STEPS }), async (steps) => {
        run++;
        const table = await setUpTable(server.url, [{ name: 'Visible Hero', side: 'pc', note: `note-secret-${run}-hero` }]);
        const { created, gm } = table;
        const seat = await takeSeat(server.url, created.joinCode, table.ids['Visible Hero'] ?? '');
        const watchers: TestClient[] = [
          await connectClient(server.url, authFor(created.encounterId, seat.seatToken)),
          await connectClient(server.url, authFor(created.encounterId, created.spectatorToken)),
        ];
        const shared = [
          await sharedWatcher(server.url, created.encounterId, seat.seatToken),
          await sharedWatcher(server.url, created.encounterId, created.spectatorToken),
        ];
        const secretNames: string[] = [];
        const notes = [`note-secret-${run}-hero`];
        const statNotes: string[] = [];
        try {
          for (const [i, step] of steps.entries()) {
            const visible = gm.latest().view.combatants.filter((c) => !c.hidden && !secretNames.some((n) => c.name.startsWith(n)));
            let command: Command;
            switch (step.kind) {
              case 'add': {
                const name = `${step.hidden ? 'Secret' : 'Open'}${run}x${i}`;
                if (step.hidden) secretNames.push(name);
                notes.push(`note-secret-${run}-${i}`);
                // A stat block (ENG-45) is the GM's too, of a visible creature as of a hidden one.
                const statBlock = { ac: 13, acNote: `stat-secret-${run}-${i}`, actions: [{ name: 'Bite', text: 'Melee Weapon Attack: +4 to hit.' }] };
                statNotes.push(statBlock.acNote);
                command = { type: 'add-combatant', combatant: { name, side: step.side, stats: {}, hidden: step.hidden, note: notes.at(-1), count: step.count, statBlock } };
                break;
              }
              case 'hide':
              case 'defeat': {
                const target = visible[step.pick % Math.max(visible.length, 1)];
                if (!target) continue;
                if (step.kind === 'hide') secretNames.push(target.name);
                command =
                  step.kind === 'hide'
                    ? { type: 'set-hidden', combatantId: target.id, hidden: true }
                    : { type: 'set-defeated', combatantId: target.id, defeated: true };
                break;
              }
              case 'command':
                command = step.command;
                break;
              default: {
                const unreachable: never = step;
                throw new Error(`unknown step ${JSON.stringify(unreachable)}`);
              }
            }
            const ack = await gm.command(command);
            // The GM's version is the log's seq; the others count their own views' changes.
            if (ack.ok) await Promise.all([gm.waitForVersion(ack.version), ...watchers.map((c) => c.caughtUp())]);
          }
          // A sync is answered after every frame the commands caused on that socket; its answer is searched too.
          for (const { socket, frames } of shared) frames.push(await socket.timeout(10_000).emitWithAck('sync', { knownVersion: 0 }));
          // Ids of combatants created hidden: hidden later ones were legitimately seen before they were hidden.
          const secretIds = gm
            .latest()
            .view.combatants.filter((c) => secretNames.some((n) => c.name.startsWith(n) && n.startsWith('Secret')))
            .map((c) => c.id);
          const loaded = await server.app.store.load(created.encounterId);
          const first = loaded?.events[0]?.event;
          const seed = first?.type === 'encounter-created' ? first.seed : 'missing';
          for (const everything of [...watchers.map((w) => JSON.stringify(w.received)), ...shared.map((w) => JSON.stringify(w.frames))]) {
            for (const name of secretNames.filter((n) => n.startsWith('Secret'))) expect(everything).not.toContain(name);
            for (const id of secretIds) expect(everything).not.toContain(`"${id}"`);
            for (const note of notes) expect(everything).not.toContain(note);
            expect(everything).not.toContain('"statBlock"');
            expect(everything).not.toContain(seed);
          }
          expect(JSON.stringify(gm.received)).not.toContain(seed);
          // The GM did get every stat block added (so their absence above is the projection's doing).
          for (const note of statNotes) expect(JSON.stringify(gm.received)).toContain(note);
        } finally {
          for (const c of [gm, ...watchers]) c.close();
          for (const { socket } of shared) socket.close();
        }
      }),
      { numRuns: RUNS, seed: PROPERTY_SEED, endOnFailure: true },
    );
  });
});
