// Random command sequences for the property tests: arbitraries for steps (commands from random
// actors, plus pseudo-steps that steer runs into combat and open slots) and a runner that plays them.
// Health commands are in the mix, so defeats by damage, dying PCs and their saves are exercised too.
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  decide,
  evolve,
  getSystem,
  openCandidates,
  replay,
  type Actor,
  type Command,
  type EncounterEvent,
  type EncounterState,
  type TurnSlot,
  type UnitRef,
} from '../src/index.js';
import { created, GM } from './harness.js';
import { aimedHealth, healthCommands } from './health-steps.js';

export const MIN_STEPS = 20;
export const MAX_STEPS = 150;
export const RUNS = 300;
/** Each property runs a few hundred sequences with an undo/redo check after every step. */
export const PROPERTY_TIMEOUT_MS = 120_000;
const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10');
const unitRef: fc.Arbitrary<UnitRef> = fc.oneof(
  ids.map((id) => ({ kind: 'combatant', id }) as const),
  fc.constantFrom('g1', 'g2', 'g3', 'g4', 'g5').map((id) => ({ kind: 'group', id }) as const),
);

/**
 * 'tie' asks the runner to order the first pending tie in a random permutation and 'roll-next' to roll
 * for the first unit still to roll, so random runs do get through initiative into combat.
 * 'open-combat' starts combat with crafted open slots (as genesys and dc20 build them) and 'claim'
 * claims the current open slot with one of its candidates, so claims are exercised with dnd5e too.
 * 'roll-off' rolls off the first pending tie (dnd5e's own command). 'health' aims a health command at
 * a combatant that is there (`aimedHealth`).
 */
type Pseudo = 'tie' | 'roll-next' | 'open-combat' | 'claim' | 'roll-off' | 'health';
type Step = { readonly command: Command | Pseudo; readonly actor: Actor; readonly shuffle: number };

const command: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 48, arbitrary: fc.constant('roll-next' as const) },
  {
    weight: 24,
    arbitrary: fc.record({
      name: fc.constantFrom('Orc', 'Borin', 'Mira', 'Shade'),
      side: fc.constantFrom('pc', 'enemy', 'npc'),
      stats: fc.oneof(fc.constant({}), fc.record({ dex: fc.integer({ min: 0, max: 31 }) })),
      hidden: fc.boolean(),
      count: fc.integer({ min: 1, max: 3 }),
    }).map((combatant) => ({ type: 'add-combatant', combatant }) as const),
  },
  { weight: 8, arbitrary: ids.map((combatantId) => ({ type: 'remove-combatant', combatantId }) as const) },
  { weight: 16, arbitrary: fc.record({ combatantId: ids, hidden: fc.boolean() }).map((r) => ({ type: 'set-hidden', ...r }) as const) },
  { weight: 16, arbitrary: fc.record({ combatantId: ids, defeated: fc.boolean() }).map((r) => ({ type: 'set-defeated', ...r }) as const) },
  { weight: 48, arbitrary: fc.constant({ type: 'begin-initiative' } as const) },
  {
    weight: 24,
    arbitrary: fc
      .record({ unit: unitRef, mode: fc.constantFrom('normal', 'advantage', 'disadvantage') })
      .map((r) => ({ type: 'roll-initiative', ...r }) as const),
  },
  { weight: 16, arbitrary: fc.constant({ type: 'roll-npc-initiative' } as const) },
  { weight: 8, arbitrary: fc.array(unitRef, { maxLength: 4 }).map((order) => ({ type: 'resolve-tie', order }) as const) },
  { weight: 32, arbitrary: fc.constant('tie' as const) },
  { weight: 48, arbitrary: fc.constant({ type: 'start-combat' } as const) },
  { weight: 96, arbitrary: fc.constant({ type: 'end-turn' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'end-encounter' } as const) },
  { weight: 10, arbitrary: fc.constantFrom({ type: 'undo' } as const, { type: 'redo' } as const) },
  {
    weight: 24,
    arbitrary: fc
      .record({
        combatantId: ids,
        name: fc.constantFrom('Prone', 'Blessed', 'Stunned'),
        rounds: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        endsAt: fc.option(fc.constantFrom('turn-start', 'turn-end', 'round-end'), { nil: undefined }),
      })
      .map((r) => ({ type: 'add-condition', ...r }) as const),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ combatantId: ids, conditionId: fc.integer({ min: 1, max: 60 }).map((n) => `k${n}`) })
      .map((r) => ({ type: 'remove-condition', ...r }) as const),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({ combatantId: ids, current: fc.integer({ min: 0, max: 4 }), max: fc.constant(4) })
      .map((r) => ({ type: 'set-resource', resource: 'AP', ...r }) as const),
  },
  {
    weight: 8,
    arbitrary: fc
      .record({ combatantId: ids, amount: fc.integer({ min: 0, max: 3 }) })
      .map((r) => ({ type: 'spend-resource', resource: 'AP', ...r }) as const),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({ unit: unitRef, faces: fc.array(fc.integer({ min: 0, max: 21 }), { minLength: 1, maxLength: 2 }) })
      .map((r) => ({ type: 'enter-initiative', ...r }) as const),
  },
  { weight: 4, arbitrary: fc.array(ids, { maxLength: 2 }).map((combatantIds) => ({ type: 'claim-turn', combatantIds }) as const) },
  { weight: 2, arbitrary: fc.constant({ type: 'delay-turn' } as const) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('off', 'gm', 'everyone', 'never').map((physicalDice) => ({ type: 'set-options', options: { physicalDice } }) as const),
  },
  { weight: 16, arbitrary: fc.constant('open-combat' as const) },
  { weight: 32, arbitrary: fc.constant('claim' as const) },
  // dnd5e's own commands: surprise (both modes) and roll-offs.
  { weight: 12, arbitrary: fc.record({ combatantId: ids, surprised: fc.boolean() }).map((r) => ({ type: 'dnd5e-set-surprised', ...r }) as const) },
  { weight: 4, arbitrary: fc.constantFrom('srd51', 'srd52').map((surpriseMode) => ({ type: 'set-options', options: { surpriseMode } }) as const) },
  { weight: 16, arbitrary: fc.constant('roll-off' as const) },
  { weight: 2, arbitrary: fc.array(unitRef, { maxLength: 3 }).map((units) => ({ type: 'dnd5e-roll-off', units }) as const) },
  // Health: maxima, damage and healing (areas too), temporary hit points, death saves, who sees what.
  ...healthCommands(ids),
  { weight: 40, arbitrary: fc.constant('health' as const) },
);

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 32, arbitrary: fc.constant(GM) },
  { weight: 12, arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((combatantIds) => ({ role: 'player', combatantIds }) as const) },
);

export const step: fc.Arbitrary<Step> = fc.record({ command, actor, shuffle: fc.nat() });

function rollNextCommand(state: EncounterState): Command {
  const c = state.combatants.find((x) => (x.groupId === null ? x.initiative : state.groups.find((g) => g.id === x.groupId)?.initiative) === null);
  const unit: UnitRef = c?.groupId ? { kind: 'group', id: c.groupId } : { kind: 'combatant', id: c?.id ?? 'c1' };
  return { type: 'roll-initiative', unit };
}

function resolveTieCommand(state: EncounterState, shuffle: number): Command {
  const tie = [...(getSystem(state.system)?.pendingTies(state)[0] ?? [])];
  const order: UnitRef[] = [];
  let k = shuffle;
  while (tie.length > 0) {
    order.push(...tie.splice(k % tie.length, 1));
    k = Math.floor(k / 2) + 1;
  }
  return { type: 'resolve-tie', order };
}

/** Crafted facts: combat with an open PC slot and an open enemy slot before the units' own slots. */
function openCombatEvents(state: EncounterState): readonly EncounterEvent[] {
  const system = getSystem(state.system);
  if (state.phase !== 'initiative' || !system || system.pendingTies(state).length > 0) return [];
  const open = (n: number, side: 'pc' | 'enemy'): TurnSlot => ({ id: `s${state.nextId + n}`, side, filler: { kind: 'open', side } });
  let n = 2;
  const units = system.buildSlots(state, () => `s${state.nextId + n++}`);
  return [{ type: 'combat-started', slots: [open(0, 'pc'), open(1, 'enemy'), ...units] }, { type: 'round-started', round: 1 }];
}

function claimCommand(state: EncounterState, shuffle: number, actor: Actor): { command: Command; actor: Actor } {
  const slot = state.slots.find((x) => x.id === state.turn?.slotId);
  const candidates = slot?.filler.kind === 'open' ? openCandidates(state, slot.filler.side) : [];
  const id = candidates[shuffle % Math.max(candidates.length, 1)] ?? 'c1';
  return { command: { type: 'claim-turn', combatantIds: [id] }, actor: actor.role === 'gm' ? actor : { role: 'player', combatantIds: [id] } };
}

/** Unique names per add, so a hidden combatant's name never collides with a visible one's. */
function uniqueNames(c: Command, i: number): Command {
  return c.type === 'add-combatant' ? { ...c, combatant: { ...c.combatant, name: `${c.combatant.name}-${i}` } } : c;
}

export interface RunResult {
  readonly state: EncounterState;
  readonly log: readonly EncounterEvent[];
}

export function play(steps: readonly Step[], check: (before: EncounterState, events: readonly EncounterEvent[], after: EncounterState) => void): RunResult {
  const log: EncounterEvent[] = [created()];
  let state = replay(log);
  steps.forEach((s, i) => {
    if (s.command === 'open-combat') {
      const events = openCombatEvents(state);
      const before = state;
      state = events.reduce<EncounterState>((st, e) => evolve(st, e), state);
      log.push(...events);
      if (events.length > 0) check(before, events, state);
      return;
    }
    const claim =
      s.command === 'claim' ? claimCommand(state, s.shuffle, s.actor) : s.command === 'health' ? aimedHealth(state, s.shuffle, s.actor) : undefined;
    const cmd =
      claim?.command ??
      (s.command === 'tie'
        ? resolveTieCommand(state, s.shuffle)
        : s.command === 'roll-off'
          ? ({ type: 'dnd5e-roll-off', units: getSystem(state.system)?.pendingTies(state)[0] ?? [] } as const)
        : s.command === 'roll-next'
          ? rollNextCommand(state)
          : s.command === 'claim' || s.command === 'health'
            ? { type: 'end-turn' as const }
            : uniqueNames(s.command, i));
    const decision = decide(state, cmd, claim?.actor ?? s.actor);
    if (!decision.ok) {
      expect(decision.violation.message.length).toBeGreaterThan(0);
      return;
    }
    const before = state;
    state = decision.events.reduce<EncounterState>((st, e) => evolve(st, e), state);
    log.push(...decision.events);
    check(before, decision.events, state);
  });
  return { state, log };
}

