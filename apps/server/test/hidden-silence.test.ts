// What a player or a spectator receives, message by message, says nothing of what the GM does out of
// their sight. Two encounters get the same visible commands; the second also gets hidden combatants
// and GM commands about them in between. Over real Socket.IO connections, every frame the player's and
// the spectator's sockets receive (views, patches, the player's own acks and a final sync) must be the
// same in both, once ids are renamed in order of appearance (ids are minted from each encounter's own
// secret, as any two encounters' are; SPEC ENG-37). A hidden-only command must reach them as nothing at
// all: no empty patch, no repeated view, no jump in their version.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { Command } from '@roundkeeper/rules';
import { BACKENDS, createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver, takeSeat } from './helpers/encounter-setup.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { authFor, connectClient, newCommandId, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const ACK_TIMEOUT_MS = 10_000;

/** A raw socket recording every frame it receives, in order, and the acks of what it sends. */
interface Recorder {
  readonly socket: Socket;
  readonly frames: unknown[];
}

type Mode = 'whole' | 'patches' | 'shared';

function record(url: string, encounterId: string, token: string, mode: Mode): Promise<Recorder> {
  const auth = { ...authFor(encounterId, token), viewPatches: mode !== 'whole', sharedViews: mode === 'shared' };
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const recorder: Recorder = { socket, frames: [] };
  for (const event of ['view', 'view-patch', 'public-view', 'public-patch', 'own']) {
    socket.on(event, (message: unknown) => recorder.frames.push({ [event]: message }));
  }
  return new Promise((resolve, reject) => {
    socket.once(mode === 'shared' ? 'public-view' : 'view', () => resolve(recorder));
    socket.once('connect_error', reject);
  });
}

async function ask(recorder: Recorder, event: 'command' | 'sync', payload: unknown): Promise<unknown> {
  const answer: unknown = await recorder.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
  recorder.frames.push({ [`${event}-ack`]: answer });
  return answer;
}

type Step = { readonly command: Command; readonly by: 'gm' | 'player' };

// Names resolved at run time: `v<n>` is the nth visible combatant, `h<n>` the nth hidden one.
const visibleStep: fc.Arbitrary<Step> = fc.record({
  by: fc.constantFrom<'gm' | 'player'>('gm', 'gm', 'player'),
  command: fc.oneof(
    fc.constantFrom('Orc', 'Wolf').map((name) => ({ type: 'add-combatant', combatant: { name, side: 'enemy', stats: { dex: 10 } } }) as Command),
    fc.nat(4).map((n) => ({ type: 'add-condition', combatantId: `v${n}`, name: 'Prone' }) as Command),
    fc.nat(4).map((n) => ({ type: 'set-resource', combatantId: `v${n}`, resource: 'Ki', current: 2, max: 3 }) as Command),
    fc.nat(4).map((n) => ({ type: 'spend-resource', combatantId: `v${n}`, resource: 'Ki', amount: 1 }) as Command),
    fc.nat(4).map((n) => ({ type: 'set-max-health', combatantIds: [`v${n}`], max: 12 }) as Command),
    fc.nat(4).map((n) => ({ type: 'apply-damage', targets: [{ combatantId: `v${n}`, amount: 3 }] }) as Command),
    fc.nat(4).map((n) => ({ type: 'set-defeated', combatantId: `v${n}`, defeated: true }) as Command),
    // Entered faces, not server rolls: the two encounters have different seeds.
    fc.tuple(fc.nat(4), fc.integer({ min: 1, max: 20 })).map(([n, face]) => ({ type: 'enter-initiative', unit: { kind: 'combatant', id: `v${n}` }, faces: [face] }) as Command),
    fc.constant({ type: 'begin-initiative' } as Command),
  ),
});

// What the GM does out of the others' sight: hidden combatants, and changes to them only.
const hiddenStep: fc.Arbitrary<Command> = fc.oneof(
  fc.integer({ min: 1, max: 2 }).map((count) => ({ type: 'add-combatant', combatant: { name: 'Shade', side: 'enemy', stats: { dex: 3 }, hidden: true, note: 'behind the door', count } }) as Command),
  fc.constant({ type: 'add-combatant', combatant: { name: 'Spy', side: 'pc', stats: {}, hidden: true } } as Command),
  fc.nat(3).map((n) => ({ type: 'add-condition', combatantId: `h${n}`, name: 'Invisible' }) as Command),
  fc.nat(3).map((n) => ({ type: 'set-max-health', combatantIds: [`h${n}`], max: 9 }) as Command),
  fc.nat(3).map((n) => ({ type: 'apply-damage', targets: [{ combatantId: `h${n}`, amount: 2 }] }) as Command),
  fc.nat(3).map((n) => ({ type: 'set-resource', combatantId: `h${n}`, resource: 'Ki', current: 1, max: 1 }) as Command),
);

function resolveNames(gm: TestClient, command: Command): Command {
  const combatants = gm.latest().view.combatants;
  const visible = combatants.filter((c) => !c.hidden).map((c) => c.id);
  const hidden = combatants.filter((c) => c.hidden).map((c) => c.id);
  const json = JSON.stringify(command).replace(/"([vh])(\d)"/g, (_m, kind: string, n: string) => JSON.stringify((kind === 'v' ? visible : hidden)[Number(n)] ?? 'zz-nope'));
  return JSON.parse(json) as Command;
}

async function gmCommand(gm: TestClient, command: Command): Promise<void> {
  const ack = await gm.command(command);
  // The GM's own view is the way names are resolved: wait until it shows the command.
  if (ack.ok) await gm.waitForVersion(ack.version);
}

/** One encounter, played: every frame its player's and spectator's sockets received, ids renamed. */
async function play(url: string, steps: readonly Step[], hiddenBefore: readonly (readonly Command[])[]): Promise<string[]> {
  const created = await createEncounterOver(url, 'Silence');
  const gm = await connectClient(url, authFor(created.encounterId, created.gmToken));
  const recorders: Recorder[] = [];
  try {
    for (const name of ['Borin', 'Mira']) await gmCommand(gm, { type: 'add-combatant', combatant: { name, side: 'pc', stats: { dex: 14 } } });
    const borin = gm.latest().view.combatants.find((c) => c.name === 'Borin')!.id;
    const seat = await takeSeat(url, created.joinCode, borin);
    // The player and the spectator with patches, a protocol-1 whole-view spectator, and the player and
    // spectator with shared views (as the real client connects).
    const player = await record(url, created.encounterId, seat.seatToken, 'patches');
    const spectator = await record(url, created.encounterId, created.spectatorToken, 'patches');
    const wholeSpectator = await record(url, created.encounterId, created.spectatorToken, 'whole');
    const sharedPlayer = await record(url, created.encounterId, seat.seatToken, 'shared');
    const sharedSpectator = await record(url, created.encounterId, created.spectatorToken, 'shared');
    recorders.push(player, spectator, wholeSpectator, sharedPlayer, sharedSpectator);
    for (const [i, step] of steps.entries()) {
      for (const hidden of hiddenBefore[i] ?? []) await gmCommand(gm, resolveNames(gm, hidden));
      const command = resolveNames(gm, step.command);
      if (step.by === 'gm') await gmCommand(gm, command);
      else await ask(player, 'command', { commandId: newCommandId(), command });
    }
    // Hidden commands after the last visible one, too: they must not show up before the final sync.
    for (const hidden of hiddenBefore[steps.length] ?? []) await gmCommand(gm, resolveNames(gm, hidden));
    // A sync is answered in order with the commands, after every frame they caused on that socket.
    for (const r of recorders) await ask(r, 'sync', { knownVersion: 0 });
  } finally {
    gm.close();
    for (const r of recorders) r.socket.close();
  }
  const names = new Map<string, string>();
  const rename = (json: string): string =>
    json
      .replaceAll(created.encounterId, '#encounter')
      .replace(/"seedCommitment":"[0-9a-f]+"/g, '"seedCommitment":"#commitment"')
      .replace(/\b[cgskam][a-km-z2-9]{12}\b/g, (id) => names.get(id) ?? (names.set(id, `#${names.size}`), `#${names.size - 1}`));
  return recorders.map((r) => rename(JSON.stringify(r.frames)));
}

describe.each(BACKENDS)('hidden changes are invisible to players and spectators (%s)', (backend) => {
  let testDb: TestDatabase;
  let server: TestServer;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase(backend);
    server = await startServer(testDb.config, { joinRateLimit: { max: 10_000, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
  });

  it('sends them the same messages, frame by frame, whether or not hidden combatants exist and hidden commands run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(visibleStep, { minLength: 3, maxLength: 14 }),
        fc.array(fc.array(hiddenStep, { minLength: 1, maxLength: 2 }), { minLength: 4, maxLength: 15 }),
        async (steps, hidden) => {
          const withHidden = await play(server.url, steps, hidden);
          const withoutHidden = await play(server.url, steps, []);
          expect(withHidden).toEqual(withoutHidden);
        },
      ),
      { numRuns: 12, seed: 1123 },
    );
  }, 240_000);

  it('sends nothing at all for a hidden-only command', async () => {
    // One case spelled out, so that a failure of the property above reads plainly here too.
    const none: Step[] = [{ by: 'gm', command: { type: 'begin-initiative' } }];
    const [player, spectator, whole, sharedPlayer, sharedSpectator] = await play(server.url, none, [[], [{ type: 'add-combatant', combatant: { name: 'Shade', side: 'enemy', stats: {}, hidden: true } }]]);
    const kinds = (frames: string | undefined) => (JSON.parse(frames ?? '[]') as Record<string, unknown>[]).map((f) => Object.keys(f)[0]);
    // The first view, the begin-initiative change, the final sync's answer: nothing for the Shade.
    expect(kinds(player)).toEqual(['view', 'view-patch', 'sync-ack']);
    expect(kinds(spectator)).toEqual(['view', 'view-patch', 'sync-ack']);
    expect(kinds(whole)).toEqual(['view', 'view', 'sync-ack']);
    // Shared: the seat's own part, the public view, then one public change (begin-initiative changed nothing of Borin's own).
    expect(kinds(sharedPlayer)).toEqual(['own', 'public-view', 'public-patch', 'sync-ack']);
    expect(kinds(sharedSpectator)).toEqual(['public-view', 'public-patch', 'sync-ack']);
  });
});
