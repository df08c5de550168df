// Seeded property tests over random command sequences from random actors (ENG-1, ENG-2, ENG-6, ENG-9).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decide,
  evolve,
  getSystem,
  project,
  replay,
  type Actor,
  type Command,
  type EncounterEvent,
  type EncounterState,
  type UnitRef,
} from '../src/index.js';
import { created, GM } from './harness.js';

const MIN_STEPS = 20;
const MAX_STEPS = 80;
const RUNS = 300;
const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10');
const unitRef: fc.Arbitrary<UnitRef> = fc.oneof(
  ids.map((id) => ({ kind: 'combatant', id }) as const),
  fc.constantFrom('g1', 'g2', 'g3', 'g4', 'g5').map((id) => ({ kind: 'group', id }) as const),
);

/**
 * 'tie' asks the runner to order the first pending tie in a random permutation and 'roll-next' to roll
 * for the first unit still to roll, so random runs do get through initiative into combat.
 */
type Pseudo = 'tie' | 'roll-next';
type Step = { readonly command: Command | Pseudo; readonly actor: Actor; readonly shuffle: number };

const command: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 32, arbitrary: fc.constant('roll-next' as const) },
  {
    weight: 48,
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
  { weight: 64, arbitrary: fc.constant({ type: 'end-turn' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'end-encounter' } as const) },
);

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 24, arbitrary: fc.constant(GM) },
  { weight: 16, arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((combatantIds) => ({ role: 'player', combatantIds }) as const) },
);

const step: fc.Arbitrary<Step> = fc.record({ command, actor, shuffle: fc.nat() });

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

/** Unique names per add, so a hidden combatant's name never collides with a visible one's. */
function uniqueNames(c: Command, i: number): Command {
  return c.type === 'add-combatant' ? { ...c, combatant: { ...c.combatant, name: `${c.combatant.name}-${i}` } } : c;
}

interface RunResult {
  readonly state: EncounterState;
  readonly log: readonly EncounterEvent[];
}

function play(steps: readonly Step[], check: (before: EncounterState, events: readonly EncounterEvent[], after: EncounterState) => void): RunResult {
  const log: EncounterEvent[] = [created()];
  let state = replay(log);
  steps.forEach((s, i) => {
    const cmd =
      s.command === 'tie'
        ? resolveTieCommand(state, s.shuffle)
        : s.command === 'roll-next'
          ? rollNextCommand(state)
          : uniqueNames(s.command, i);
    const decision = decide(state, cmd, s.actor);
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

describe('properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] no command throws, and replaying the events gives the state built step by step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        const { state, log } = play(steps, () => undefined);
        expect(replay(log)).toEqual(state);
      }),
      { numRuns: RUNS, seed: 20240601 },
    );
  });

  it('[ENG-6] non-GM views never contain a hidden combatant\'s name or id, nor notes or the seed before the end', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (_before, _events, state) => {
          const hidden = state.combatants.filter((c) => c.hidden);
          const hiddenGroups = state.groups.filter((g) => state.combatants.filter((c) => c.groupId === g.id).every((c) => c.hidden));
          const audiences = [{ role: 'spectator' } as const, { role: 'player', combatantIds: state.combatants.map((c) => c.id) } as const];
          for (const audience of audiences) {
            const json = JSON.stringify(project(state, audience));
            for (const c of hidden) {
              expect(json).not.toContain(`"${c.id}"`);
              expect(json).not.toContain(`"${c.name}"`);
            }
            for (const g of hiddenGroups) {
              expect(json).not.toContain(`"${g.id}"`);
              expect(json).not.toContain(`"${g.name}"`);
            }
            expect(json).not.toContain('"note"');
            if (state.phase !== 'ended') expect(json).not.toContain(state.dice.seed);
          }
        });
      }),
      { numRuns: RUNS, seed: 7 },
    );
  });

  it('[ENG-9] [DND-6] [DND-7] in each round no slot acts twice, and an undisturbed round gives every eligible slot one turn', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        let started: string[] = [];
        let undisturbed = true;
        play(steps, (before, events, after) => {
          let s = before;
          for (const e of events) {
            if (e.type === 'round-started') {
              if (e.round > 1 && undisturbed) {
                const system = getSystem(s.system);
                const eligible = s.slots.filter((slot) => (system?.eligibleActors(s, slot).length ?? 0) > 0).map((x) => x.id);
                expect(started).toEqual(eligible);
              }
              started = [];
              undisturbed = true;
            } else if (e.type === 'turn-started') {
              expect(started).not.toContain(e.slotId);
              started.push(e.slotId);
            } else if (e.type !== 'turn-ended') {
              undisturbed = false;
            }
            s = evolve(s, e);
          }
          expect(s).toEqual(after);
        });
      }),
      { numRuns: RUNS, seed: 42 },
    );
  });
});
