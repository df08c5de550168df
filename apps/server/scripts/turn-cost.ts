// What one turn costs the server's own code, without sockets or a database:
//   pnpm bench:turn [tables] [rounds]        (default 200 tables, 300 rounds: about 15 s)
// (`--expose-gc` lets it also report the live heap a table takes.) The bench's tables, in-process: D&D 5e, six PCs (one seat each) and a group of four goblins, in
// combat; every turn is an 'end-turn' as the bench sends it. Each turn does what a room does for a
// command apart from I/O: decide and evolve, count every audience's version on a fork (the public
// view projected and patched, each seat's own part), the checkpoint stored with it, and the GM's view
// projected and patched. The end-to-end bench (`pnpm bench`) measures everything at once, with a spread
// of ±10% between runs; this measures the part that is ours alone, to within a few percent, so a
// change to projections or patches can be judged before the whole bench is run (docs/performance-log.md).
import { performance } from 'node:perf_hooks';
import { diff } from '@roundkeeper/protocol/view-patch';
import { createEncounter, decide, evolve, project, replay, type Actor, type Command, type EncounterState, type EncounterView } from '@roundkeeper/rules';
import { AudienceVersions } from '../src/encounters/audience-versions.js';

const GM: Actor = { role: 'gm' };
const MOMENT = { now: 0, byTimer: false } as const;
const WARM_UP_ROUNDS = 50;

interface Table {
  state: EncounterState;
  seq: number;
  audiences: AudienceVersions;
  gmView: EncounterView;
}

function accepted(state: EncounterState, command: Command): { state: EncounterState; events: number } {
  const decision = decide(state, command, GM, MOMENT);
  if (!decision.ok) throw new Error(`${command.type} refused: ${decision.violation.message}`);
  return { state: decision.events.reduce<EncounterState>((s, e) => evolve(s, e), state), events: decision.events.length };
}

/** A table as the bench sets one up (apps/bench roundkeeper-table.ts), in combat. */
function newTable(index: number): Table {
  let state = replay([createEncounter({ id: `enc-${index}`, name: 'Bench', system: 'dnd5e', seed: '00112233445566778899aabbccddeeff', seedCommitment: '0'.repeat(64) })]);
  let seq = 1;
  // Every command of the setup is published as a room does (each audience's version, the GM's view), so
  // the views made along the way are cached as they are on a server.
  const audiences = new AudienceVersions(state, seq);
  const run = (command: Command): void => {
    const next = accepted(state, command);
    state = next.state;
    seq += next.events;
    audiences.advance(state, seq);
    project(state, GM);
  };
  for (let h = 0; h < 6; h++) run({ type: 'add-combatant', combatant: { name: `Hero ${h + 1}`, side: 'pc', stats: { dex: 10 + h } } });
  run({ type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 12 }, count: 4 } });
  run({ type: 'begin-initiative' });
  for (const c of state.combatants) if (c.side === 'pc') run({ type: 'roll-initiative', unit: { kind: 'combatant', id: c.id } });
  run({ type: 'roll-npc-initiative' });
  for (let ties = project(state, GM).pendingTies; ties[0]; ties = project(state, GM).pendingTies) run({ type: 'resolve-tie', order: [...ties[0]] });
  run({ type: 'start-combat' });
  return { state, seq, audiences, gmView: project(state, GM) };
}

/** Microseconds spent in each part, over all measured turns. */
const spent = { decide: 0, audiences: 0, gm: 0 };

function turn(table: Table, measure: boolean): void {
  const t0 = performance.now();
  const { state, events } = accepted(table.state, { type: 'end-turn' });
  const seq = table.seq + events;
  const t1 = performance.now();
  // As a room does: counted on a fork (the write may fail), the checkpoint stored with the command.
  const audiences = table.audiences.fork();
  audiences.advance(state, seq);
  audiences.checkpoint();
  const t2 = performance.now();
  const gmView = project(state, GM);
  diff(table.gmView, gmView);
  const t3 = performance.now();
  Object.assign(table, { state, seq, audiences, gmView });
  if (!measure) return;
  spent.decide += t1 - t0;
  spent.audiences += t2 - t1;
  spent.gm += t3 - t2;
}

const [tableCount = 200, rounds = 300] = process.argv.slice(2).map(Number);
if (!Number.isInteger(tableCount) || !Number.isInteger(rounds) || tableCount <= 0 || rounds <= 0) throw new Error('usage: turn-cost [tables] [rounds]');
// Live heap per table (after a full collection): the state with its undo history, every audience's
// version and view, the views cached for its combatants: what a room holds apart from its sockets.
const collect = (globalThis as { gc?: () => void }).gc;
collect?.();
const heapBefore = process.memoryUsage().heapUsed;
const tables = Array.from({ length: tableCount }, (_, i) => newTable(i));
collect?.();
const heapPerTable = (process.memoryUsage().heapUsed - heapBefore) / tableCount;
const snapshotsThen = tables[0]?.state.history.past.length ?? 0;
for (let r = 0; r < WARM_UP_ROUNDS; r++) for (const table of tables) turn(table, false);

const cpuBefore = process.cpuUsage();
const started = performance.now();
for (let r = 0; r < rounds; r++) for (const table of tables) turn(table, true);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
collect?.();
const heapPerTableAfter = (process.memoryUsage().heapUsed - heapBefore) / tableCount;
const snapshotsAfter = tables[0]?.state.history.past.length ?? 0;
const turns = tableCount * rounds;
const perTurn = (ms: number): string => `${((1000 * ms) / turns).toFixed(1)} µs`;
console.log(`${turns} turns (${tableCount} tables × ${rounds} rounds, after ${WARM_UP_ROUNDS} rounds of warm-up)`);
console.log(`per turn: ${perTurn(wallMs)} wall, ${((cpu.user + cpu.system) / turns).toFixed(1)} µs CPU (all threads: GC helpers included)`);
console.log(
  collect
    ? `live heap per table after setting it up: ${(heapPerTable / 1024).toFixed(1)} KB (${snapshotsThen} undo snapshots); after the turns: ${(heapPerTableAfter / 1024).toFixed(1)} KB (${snapshotsAfter})`
    : 'live heap per table: run with node --expose-gc',
);
console.log(`  decide + evolve ${perTurn(spent.decide)}, audiences (public view, seats, checkpoint) ${perTurn(spent.audiences)}, GM view + patch ${perTurn(spent.gm)}`);
