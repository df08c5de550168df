// Writes the upgrade fixture: a busy database made by THIS release, for later releases to open.
//   npx tsx apps/server/scripts/make-upgrade-fixture.ts [outDir]
// (default outDir: apps/server/test/fixtures/release-<today>). It runs today's server in-process on an
// in-memory PGlite, drives it as a table would (HTTP to create and join, Socket.IO to play) in every
// system, then writes:
//   drizzle/       the migrations of this release, copied (the test applies these, not today's)
//   rows.json      every row of every table, as stored (snake_case columns, jsonb as JSON)
//   expected.json  per encounter: its tokens, its seats' tokens, its version and the GM view it replays to
// apps/server/test/upgrade.test.ts loads it into a fresh database with those migrations, then starts the
// current server on it and checks every encounter still replays to the same view. Run it once per
// release whose database you want later releases to keep opening; never edit its output by hand.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { CommandAck, CreateEncounterResponse, SyncAck, TakeSeatResponse, VersionedView } from '@roundkeeper/protocol';
import { PROTOCOL_VERSION } from '@roundkeeper/protocol';
import { systemCatalogue } from '@roundkeeper/rules/catalogue';
import type { Command, EncounterView } from '@roundkeeper/rules';
import { buildApp } from '../src/app.js';
import { MIGRATIONS_FOLDER } from '../src/paths.js';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Turns ended per encounter before it stops (or ends). */
const TURNS = 6;
/** Upper bound of commands tried per encounter, whatever the system's flow. */
const MAX_STEPS = 60;
const ACK_TIMEOUT_MS = 10_000;
/** Primary keys, so the dump is in a stable order. */
const TABLES = {
  encounters: 'id',
  events: 'encounter_id, seq',
  commands: 'encounter_id, command_id',
  seats: 'id',
} as const;

export interface FixtureEncounter {
  readonly encounterId: string;
  readonly system: string;
  readonly gmToken: string;
  readonly spectatorToken: string;
  readonly seats: readonly { readonly seatToken: string; readonly combatantIds: readonly string[] }[];
  readonly ended: boolean;
  /** What the GM's socket is sent on connect: version and view. */
  readonly gm: VersionedView;
}

const today = new Date().toISOString().slice(0, 10);
const outDir = process.argv[2] ?? join(SERVER_ROOT, 'test', 'fixtures', `release-${today}`);

const app = await buildApp({ port: 0, host: '127.0.0.1', database: { driver: 'pglite', dataDir: null }, webDist: '/nonexistent', logLevel: 'silent' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
const url = `http://127.0.0.1:${address.port}`;
const sockets: Socket[] = [];

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function connect(encounterId: string, token: string): Promise<Socket> {
  const socket = io(url, { auth: { protocolVersion: PROTOCOL_VERSION, encounterId, token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('view', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

let commandNo = 0;
async function send(socket: Socket, command: Command): Promise<boolean> {
  commandNo += 1;
  const commandId = `fixture-${today}-${String(commandNo).padStart(5, '0')}`;
  const ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('command', { commandId, command })) as CommandAck;
  return ack.ok;
}

async function gmView(socket: Socket): Promise<VersionedView> {
  const answer = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('sync', { knownVersion: 0 })) as SyncAck;
  if (!answer.ok) throw new Error(`sync refused: ${answer.code}`);
  return answer.view;
}

/** Plays whatever the system's rules accept, from a menu every system shares, until TURNS turns ended. */
async function play(gm: Socket, players: ReadonlyMap<string, Socket>): Promise<void> {
  const rolled = new Set<string>();
  let turns = 0;
  let undone = false;
  let dcSet = false;
  let surpriseSet = false;
  for (let step = 0; step < MAX_STEPS && turns < TURNS; step++) {
    const view: EncounterView = (await gmView(gm)).view;
    const units = [
      ...view.groups.map((g) => ({ kind: 'group' as const, id: g.id })),
      ...view.combatants.filter((c) => c.groupId === null).map((c) => ({ kind: 'combatant' as const, id: c.id })),
    ].filter((u) => !rolled.has(u.id));
    const tie = view.pendingTies[0];
    const menu: { by: Socket; command: Command; onOk?: () => void }[] = [
      ...(tie
        ? [
            { by: gm, command: { type: 'resolve-tie', order: [...tie].reverse() } as Command },
            { by: gm, command: { type: 'uesrpg-roll-off-luck', units: [...tie] } as Command },
            { by: gm, command: { type: 'dnd5e-roll-off', units: [...tie] } as Command },
          ]
        : []),
      { by: gm, command: { type: 'begin-initiative' } },
      ...(view.system === 'dc20' && view.phase === 'setup' && !dcSet
        ? [{ by: gm, command: { type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 12 } } as Command, onOk: () => (dcSet = true) }]
        : []),
      ...view.combatants
        .filter((c) => c.side === 'pc' && !rolled.has(`dc20:${c.id}`))
        .map((c) => ({
          by: players.get(c.id) ?? gm,
          command: { type: 'dc20-roll-initiative', combatantId: c.id } as Command,
          onOk: () => rolled.add(`dc20:${c.id}`),
        })),
      { by: gm, command: { type: 'dc20-close-claims' } },
      ...(view.system === 'uesrpg' && !surpriseSet
        ? [{ by: gm, command: { type: 'uesrpg-set-surprise', surprised: [] } as Command, onOk: () => (surpriseSet = true) }]
        : []),
      ...units.map((unit) => ({
        by: players.get(unit.id) ?? gm,
        command: { type: 'roll-initiative', unit } as Command,
        onOk: () => rolled.add(unit.id),
      })),
      { by: gm, command: { type: 'roll-npc-initiative' } },
      { by: gm, command: { type: 'start-combat' } },
      ...view.combatants.filter((c) => c.side === 'pc').map((c) => ({ by: players.get(c.id) ?? gm, command: { type: 'claim-turn', combatantIds: [c.id] } as Command })),
      { by: gm, command: { type: 'end-turn' }, onOk: () => (turns += 1) },
    ];
    let progressed = false;
    for (const { by, command, onOk } of menu) {
      if (await send(by, command)) {
        onOk?.();
        progressed = true;
        break;
      }
      if (command.type === 'roll-initiative') rolled.add(command.unit.id);
      if (command.type === 'dc20-roll-initiative') rolled.add(`dc20:${command.combatantId}`);
    }
    if (turns === 2 && !undone) {
      // The GM takes back a turn and puts it back: undo and redo events in the log.
      undone = true;
      if (await send(gm, { type: 'undo' })) await send(gm, { type: 'redo' });
    }
    if (!progressed) break;
  }
}

const encounters: FixtureEncounter[] = [];
for (const system of systemCatalogue()) {
  const stats = Object.fromEntries(system.statDefs.map((d) => [d.key, Math.min(d.max, Math.max(d.min, d.default + 1))]));
  for (const ending of [true, false]) {
    const created = await post<CreateEncounterResponse>('/api/encounters', { name: `${system.shortLabel} ${ending ? 'finished' : 'in play'}`, system: system.id });
    const gm = await connect(created.encounterId, created.gmToken);
    const add = (combatant: Record<string, unknown>) => send(gm, { type: 'add-combatant', combatant: { stats, ...combatant } } as Command);
    await add({ name: 'Aria', side: 'pc' });
    await add({ name: 'Borin', side: 'pc' });
    await add({ name: 'Goblin', side: 'enemy', count: 2 });
    await add({ name: 'Shadow', side: 'enemy', hidden: true, note: 'Waits behind the door.' });
    await add({ name: 'Ferryman', side: 'npc' });
    const view = (await gmView(gm)).view;
    const seats: FixtureEncounter['seats'][number][] = [];
    const players = new Map<string, Socket>();
    for (const name of ['Aria', 'Borin']) {
      const combatantId = view.combatants.find((c) => c.name === name)?.id;
      if (!combatantId) throw new Error(`${name} missing`);
      const seat = await post<TakeSeatResponse>('/api/join/seat', { joinCode: created.joinCode, combatantId });
      seats.push({ seatToken: seat.seatToken, combatantIds: seat.combatantIds });
      players.set(combatantId, await connect(created.encounterId, seat.seatToken));
    }
    await play(gm, players);
    if (ending && !(await send(gm, { type: 'end-encounter' }))) throw new Error(`${system.id}: end-encounter refused`);
    const final = await gmView(gm);
    encounters.push({ encounterId: created.encounterId, system: system.id, gmToken: created.gmToken, spectatorToken: created.spectatorToken, seats, ended: ending, gm: final });
    process.stdout.write(`${system.id} ${ending ? 'ended' : 'in play'}: version ${final.version}, phase ${final.view.phase}, round ${final.view.round}\n`);
  }
}
for (const socket of sockets) socket.close();

const rows: Record<string, unknown[]> = {};
for (const [table, order] of Object.entries(TABLES)) {
  const result = await app.database.db.execute(sql.raw(`select * from ${table} order by ${order}`));
  rows[table] = (result as unknown as { rows: unknown[] }).rows;
}
await app.close();

await mkdir(outDir, { recursive: true });
await cp(MIGRATIONS_FOLDER, join(outDir, 'drizzle'), { recursive: true });
await writeFile(join(outDir, 'rows.json'), `${JSON.stringify(rows)}\n`);
await writeFile(join(outDir, 'expected.json'), `${JSON.stringify({ release: today, encounters }, null, 1)}\n`);
process.stdout.write(`wrote ${outDir}: ${Object.entries(rows).map(([t, r]) => `${r.length} ${t}`).join(', ')}\n`);
