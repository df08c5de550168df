// [ENG-37] [ENG-38] What a player or spectator gets never tells whether hidden things exist: a command
// naming a hidden combatant, group or turn is refused exactly like one naming nothing that exists, for
// every command of every system; ids tell nothing of how many things were made; views are the same with
// or without hidden combatants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createEncounter,
  decide,
  evolve,
  getSystem,
  IMPLEMENTED_SYSTEMS,
  mintId,
  project,
  replay,
  type Actor,
  type Audience,
  type Command,
  type EncounterEvent,
  type EncounterState,
  type SystemId,
  type UnitRef,
} from '../src/index.js';
import { COMMITMENT, GM, SEED } from './harness.js';
import { MAX_STEPS, MIN_STEPS, play, step } from './random-runs.js';

const NOPE = 'zz-nope';
const ID_SECRET = 'fedcba98765432100123456789abcdef';

/** Every command that names a combatant (`x`), in the core and in each system, with `own` beside it where it takes a list. */
function naming(x: string, own: string): Command[] {
  const c = (id: string): UnitRef => ({ kind: 'combatant', id });
  const list: unknown[] = [
    { type: 'remove-combatant', combatantId: x },
    { type: 'set-hidden', combatantId: x, hidden: false },
    { type: 'set-defeated', combatantId: x, defeated: true },
    { type: 'roll-initiative', unit: c(x) },
    { type: 'enter-initiative', unit: c(x), faces: [10] },
    { type: 'resolve-tie', order: [c(own), c(x)] },
    { type: 'claim-turn', combatantIds: [x] },
    { type: 'claim-turn', combatantIds: [own, x] },
    { type: 'add-condition', combatantId: x, name: 'Prone' },
    { type: 'add-condition', combatantId: own, alsoOn: [x], name: 'Prone' },
    { type: 'remove-condition', combatantId: x, conditionId: 'k1' },
    { type: 'spend-resource', combatantId: x, resource: 'AP', amount: 1 },
    { type: 'set-resource', combatantId: x, resource: 'AP', current: 1, max: 2 },
    { type: 'apply-damage', targets: [{ combatantId: x, amount: 3 }] },
    { type: 'apply-damage', targets: [{ combatantId: own, amount: 1 }, { combatantId: x, amount: 3 }] },
    { type: 'apply-healing', targets: [{ combatantId: x, amount: 3 }] },
    { type: 'set-max-health', combatantIds: [x], max: 10 },
    { type: 'set-temp-health', targets: [{ combatantId: x, amount: 3 }] },
    { type: 'dc20-set-team', combatantId: x, team: 'pc' },
    { type: 'dc20-roll-initiative', combatantId: x },
    { type: 'dc20-enter-initiative', combatantId: x, faces: [10] },
    { type: 'dc20-set-surprised', combatantIds: [x], surprised: true },
    { type: 'dc20-pass-turn', combatantIds: [x] },
    { type: 'dc20-resolve-claim', combatantIds: [x] },
    { type: 'dc20-delay', combatantId: x, to: { kind: 'after-enemy', enemyId: own } },
    { type: 'dc20-delay', combatantId: own, to: { kind: 'after-enemy', enemyId: x } },
    { type: 'dc20-set-lap', combatantId: x, max: 2, perTurn: 1 },
    { type: 'dc20-spend-lap', combatantId: x, amount: 1 },
    { type: 'dc20-pass-lap', combatantId: x },
    { type: 'dc20-use-inspiration', combatantId: x },
    { type: 'dc20-use-benefit', combatantId: x, kind: 'first-round-adv' },
    { type: 'dnd5e-set-surprised', combatantId: x, surprised: true },
    { type: 'dnd5e-roll-off', units: [c(own), c(x)] },
    { type: 'dnd5e-death-save', combatantId: x },
    { type: 'genesys-declare-check', unit: c(x), skill: 'cool', boost: 0, setback: 0 },
    { type: 'lfg-set-roller', combatantId: x },
    { type: 'lfg-resume-turn', combatantId: x },
    { type: 'lfg-trigger-ready', combatantId: x, simultaneous: false },
    { type: 'lfg-call-morale', combatantIds: [x] },
    { type: 'lfg-break-morale', combatantIds: [x] },
    { type: 'lfg-rally', rallierId: x, combatantIds: [own] },
    { type: 'lfg-rally', rallierId: own, combatantIds: [x] },
    { type: 'uesrpg-set-surprise', surprised: [x] },
    { type: 'uesrpg-declare-action', combatantId: x, kind: 'attack', cost: 1, label: 'Hit' },
    { type: 'uesrpg-continue-extended', combatantId: x },
    { type: 'uesrpg-abandon-extended', combatantId: x },
    { type: 'uesrpg-roll-off-luck', units: [c(own), c(x)] },
  ];
  return list as Command[];
}

/** Commands naming a group (`g`) or a turn (`s`). */
function namingOther(g: string | undefined, s: string | undefined, own: string): Command[] {
  const list: unknown[] = [];
  if (g !== undefined) {
    const u: UnitRef = { kind: 'group', id: g };
    list.push({ type: 'roll-initiative', unit: u }, { type: 'resolve-tie', order: [{ kind: 'combatant', id: own }, u] }, { type: 'dnd5e-roll-off', units: [u] });
    list.push({ type: 'genesys-declare-check', unit: u, skill: 'cool', boost: 0, setback: 0 });
  }
  if (s !== undefined) {
    list.push({ type: 'delay-turn', targetSlotId: s }, { type: 'dc20-assign', slotId: s, combatantIds: [own] });
    list.push({ type: 'dc20-delay', combatantId: own, to: { kind: 'pc-turn', slotId: s } });
  }
  return list as Command[];
}

const refusal = (state: EncounterState, command: Command, actor: Actor) => {
  const d = decide(state, command, actor);
  return d.ok ? 'accepted' : d.violation;
};

/** A player's refusals of commands naming each hidden thing equal those naming nothing that exists. */
function expectHiddenLikeNothing(state: EncounterState): number {
  const own = state.combatants.find((c) => c.side === 'pc' && !c.hidden)?.id ?? NOPE;
  const hiddenOnes = state.combatants.filter((c) => c.hidden);
  // A seat may hold a combatant the GM hid since: it still learns nothing of the others.
  const players: Actor[] = [{ role: 'player', combatantIds: [own] }, ...hiddenOnes.slice(0, 1).map((h) => ({ role: 'player', combatantIds: [own, h.id] }) as const)];
  let checked = 0;
  const hiddenSlots = state.slots.filter((s) => !project(state, { role: 'spectator' }).order.some((v) => v.id === s.id));
  const visibleGroups = new Set(project(state, { role: 'spectator' }).groups.map((g) => g.id));
  const hiddenGroups = state.groups.filter((g) => !visibleGroups.has(g.id));
  for (const actor of players) {
    for (const h of hiddenOnes) {
      naming(h.id, own).forEach((command, i) => {
        expect(refusal(state, command, actor), `${command.type} #${i}`).toEqual(refusal(state, naming(NOPE, own)[i] as Command, actor));
        checked += 1;
      });
    }
    const others = (g?: string, s?: string) => namingOther(g, s, own);
    for (const g of hiddenGroups) others(g.id).forEach((cmd, i) => expect(refusal(state, cmd, actor)).toEqual(refusal(state, others(NOPE)[i] as Command, actor)));
    for (const s of hiddenSlots) others(undefined, s.id).forEach((cmd, i) => expect(refusal(state, cmd, actor)).toEqual(refusal(state, others(undefined, NOPE)[i] as Command, actor)));
  }
  return checked;
}

function run(state: EncounterState, command: Command, actor: Actor = GM): EncounterState {
  const d = decide(state, command, actor);
  return d.ok ? d.events.reduce<EncounterState>((s, e) => evolve(s, e), state) : state;
}

/** An encounter of `system` with visible PCs and enemies, hidden enemies and a hidden group, taken to `phase` as far as it goes. */
function table(system: SystemId, hiddenCount: number, visibleEnemies: number, phase: number, idSecret?: string): EncounterState {
  let s = replay([createEncounter({ id: 'enc-h', name: 'Ambush', system, seed: SEED, seedCommitment: COMMITMENT, ...(idSecret ? { idSecret } : {}) })]);
  for (const name of ['Borin', 'Mira']) s = run(s, { type: 'add-combatant', combatant: { name, side: 'pc', stats: {} } });
  for (let i = 0; i < visibleEnemies; i++) s = run(s, { type: 'add-combatant', combatant: { name: `Orc ${i}`, side: 'enemy', stats: {} } });
  for (let i = 0; i < hiddenCount; i++) s = run(s, { type: 'add-combatant', combatant: { name: `Shade ${i}`, side: 'enemy', stats: {}, hidden: true, count: i === 0 ? 2 : 1 } });
  if (phase >= 1) s = run(s, { type: 'begin-initiative' });
  if (phase >= 2) {
    s = run(s, { type: 'roll-npc-initiative' });
    for (const c of s.combatants.filter((x) => x.side === 'pc')) {
      s = run(s, { type: 'roll-initiative', unit: { kind: 'combatant', id: c.id } });
      s = run(s, { type: 'dc20-roll-initiative', combatantId: c.id } as unknown as Command);
    }
    for (let k = 0; k < 4; k++) {
      const tie = getSystem(s.system)?.pendingTies(s)[0];
      if (tie) s = run(s, { type: 'resolve-tie', order: tie });
    }
    s = run(s, { type: 'start-combat' });
  }
  return s;
}

describe('no hint of what is hidden', () => {
  it('[ENG-38] every system: a player naming a hidden combatant, group or turn is refused as if it did not exist', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...IMPLEMENTED_SYSTEMS),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        (system, hidden, enemies, phase) => {
          expect(expectHiddenLikeNothing(table(system, hidden, enemies, phase))).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60, seed: 314 },
    );
  });

  it('[ENG-38] random runs: at every step a player\'s refusals never tell a hidden combatant from none', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS / 3, size: 'max' }), (steps) => {
        play(steps, (_before, _events, state) => {
          expectHiddenLikeNothing(state);
        });
      }),
      { numRuns: 25, seed: 2718 },
    );
  }, 120_000);

  it('[ENG-37] with an id secret, ids are not sequential and say nothing of how many were made; without one, old logs keep c1, c2', () => {
    const s = table('dnd5e', 3, 1, 0, ID_SECRET);
    const ids = s.combatants.map((c) => c.id);
    expect(ids.every((id) => /^c[a-km-z2-9]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(mintId({ idSecret: ID_SECRET }, 'c', 1));
    expect(table('dnd5e', 3, 1, 0).combatants.map((c) => c.id).slice(0, 3)).toEqual(['c1', 'c2', 'c3']);
    // Replay gives the same ids (they are in the events).
    expect(replay([createEncounter({ id: 'x', name: 'x', system: 'dnd5e', seed: SEED, seedCommitment: COMMITMENT, idSecret: ID_SECRET })]).idSecret).toBe(ID_SECRET);
  });
});

// ---- Views with and without hidden combatants ----

type VisibleStep = { readonly command: Command; readonly actor: 'gm' | 0 | 1 };
const vid = (n: number) => `v${n}`;

/**
 * Commands about visible things only (names `v0`… are the nth visible combatant, resolved at run time),
 * from the GM or a player; hidden combatants are added by the GM between them in the second run. Setup
 * and initiative only: a hidden unit that rolls from the shared generator or takes a turn is seen as
 * time passing, which no projection can hide (SPEC ENG-38 says so).
 */
const visibleCommand: fc.Arbitrary<VisibleStep> = fc.record({
  actor: fc.constantFrom<'gm' | 0 | 1>('gm', 'gm', 0, 1),
  command: fc.oneof(
    fc.record({ name: fc.constantFrom('Orc', 'Wolf'), side: fc.constantFrom('pc', 'enemy') }).map(
      (r) => ({ type: 'add-combatant', combatant: { name: r.name, side: r.side, stats: {} } }) as Command,
    ),
    fc.nat(5).map((n) => ({ type: 'add-condition', combatantId: vid(n), name: 'Prone' }) as Command),
    fc.nat(5).map((n) => ({ type: 'set-resource', combatantId: vid(n), resource: 'AP', current: 2, max: 3 }) as Command),
    fc.nat(5).map((n) => ({ type: 'spend-resource', combatantId: vid(n), resource: 'AP', amount: 1 }) as Command),
    fc.nat(5).map((n) => ({ type: 'set-max-health', combatantIds: [vid(n)], max: 12 }) as Command),
    fc.nat(5).map((n) => ({ type: 'apply-damage', targets: [{ combatantId: vid(n), amount: 3 }] }) as Command),
    fc.nat(5).map((n) => ({ type: 'set-defeated', combatantId: vid(n), defeated: true }) as Command),
    fc.nat(5).map((n) => ({ type: 'roll-initiative', unit: { kind: 'combatant', id: vid(n) } }) as Command),
    fc.constant({ type: 'begin-initiative' } as Command),
  ),
});
const hiddenCommand: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ count: fc.integer({ min: 1, max: 2 }) }).map((r) => ({ type: 'add-combatant', combatant: { name: 'Shade', side: 'enemy', stats: {}, hidden: true, count: r.count } }) as Command),
  fc.nat(3).map((n) => ({ type: 'add-condition', combatantId: `h${n}`, name: 'Invisible' }) as Command),
  fc.nat(3).map((n) => ({ type: 'set-max-health', combatantIds: [`h${n}`], max: 9 }) as Command),
);

function resolveNames(state: EncounterState, command: Command): Command {
  const visible = state.combatants.filter((c) => !c.hidden).map((c) => c.id);
  const hidden = state.combatants.filter((c) => c.hidden).map((c) => c.id);
  return JSON.parse(
    JSON.stringify(command).replace(/"([vh])(\d)"/g, (_m, k: string, n: string) => JSON.stringify((k === 'v' ? visible : hidden)[Number(n)] ?? NOPE)),
  ) as Command;
}

/** What each non-GM audience receives after each visible step, ids replaced by their order of first appearance. */
function watch(steps: readonly VisibleStep[], hiddenBefore: readonly (readonly Command[])[]): string[] {
  let s = replay([createEncounter({ id: 'enc-v', name: 'Watch', system: 'dnd5e', seed: SEED, seedCommitment: COMMITMENT, idSecret: ID_SECRET })]);
  s = run(s, { type: 'add-combatant', combatant: { name: 'Borin', side: 'pc', stats: {} } });
  s = run(s, { type: 'add-combatant', combatant: { name: 'Mira', side: 'pc', stats: {} } });
  const pcs = s.combatants.map((c) => c.id);
  const out: string[] = [];
  steps.forEach((st, i) => {
    for (const h of hiddenBefore[i] ?? []) s = run(s, resolveNames(s, h));
    const actor: Actor = st.actor === 'gm' ? GM : { role: 'player', combatantIds: [pcs[st.actor] as string] };
    const command = resolveNames(s, st.command);
    const d = decide(s, command, actor);
    if (d.ok) s = d.events.reduce<EncounterState>((x, e: EncounterEvent) => evolve(x, e), s);
    const audiences: Audience[] = [{ role: 'spectator' }, ...pcs.map((id) => ({ role: 'player', combatantIds: [id] }) as const)];
    out.push(JSON.stringify({ answer: d.ok ? 'ok' : d.violation, views: audiences.map((a) => project(s, a)) }));
  });
  // Ids made from the counter differ between runs, like any two encounters' ids; renamed in order of
  // appearance, as a player (who sees one run and not the secret) can only tell them apart.
  const names = new Map<string, string>();
  return out.map((json) => json.replace(/"([cgskam][a-km-z2-9]{12})"/g, (_m, id: string) => `"${names.get(id) ?? (names.set(id, `#${names.size}`), `#${names.size - 1}`)}"`));
}

describe('views with and without hidden combatants', () => {
  it('[ENG-38] [ENG-37] players and spectators receive the same answers and views whether or not hidden combatants exist', () => {
    fc.assert(
      fc.property(
        fc.array(visibleCommand, { minLength: 5, maxLength: 40 }),
        fc.array(fc.array(hiddenCommand, { maxLength: 3 }), { maxLength: 40 }),
        (steps, hidden) => {
          const withHidden = watch(steps, hidden);
          const withoutHidden = watch(steps, []);
          expect(withHidden).toEqual(withoutHidden);
        },
      ),
      { numRuns: 150, seed: 1618 },
    );
  }, 120_000);
});
