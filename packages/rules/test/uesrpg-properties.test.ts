// Seeded property tests for uesrpg over random command sequences from random GM and player actors,
// uesrpg's own commands and undo/redo included (ENG-1, ENG-2, ENG-6, ENG-9, ENG-18, UES-15, UES-18, UES-22).
import fc from 'fast-check';
import { aimedHealth, healthCommands } from './health-steps.js';
import { describe, expect, it } from 'vitest';
import { evolve, getSystem, type Actor, type Command, type EncounterState, type UnitRef } from '../src/index.js';
import { finalTies } from '../src/systems/uesrpg/ties.js';
import { GM, SEED } from './harness.js';
import { expectHiddenAbsent, expectSeatsDifferOnlyInAudienceParts, expectReplayMatches, expectUndoRedo, playSteps, RoundTurns, type Check } from './invariants.js';
import { extOf, uesCreated } from './uesrpg-harness.js';

const MIN_STEPS = 20;
const MAX_STEPS = 120;
const RUNS = 150;
const PROPERTY_TIMEOUT_MS = 60_000;

const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10');
const unitRef: fc.Arbitrary<UnitRef> = fc.oneof(
  ids.map((id) => ({ kind: 'combatant', id }) as const),
  fc.constantFrom('g1', 'g2', 'g3', 'g4').map((id) => ({ kind: 'group', id }) as const),
);

/**
 * Pseudo-steps the runner turns into commands that fit the state, so runs get into combat and use
 * the action rules: 'roll-next' rolls for the first unit without initiative, 'tie' orders (or rolls
 * off) the first pending tie, 'act' declares an action for a random combatant (a reaction names the
 * open action), 'resolve' resolves the open action, 'finish-turn' resolves it if needed and ends the turn;
 * 'begin', 'surprise' (a few existing combatants) and 'start' are the GM's steps into combat.
 */
type Pseudo = 'begin' | 'surprise' | 'start' | 'roll-next' | 'tie' | 'act' | 'resolve' | 'finish-turn' | 'health';
interface Step {
  readonly command: Command | Pseudo;
  readonly actor: Actor;
  readonly pick: number;
}

const KINDS = ['primary', 'secondary', 'reaction', 'free'] as const;

const command: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 40, arbitrary: fc.constant('roll-next' as const) },
  {
    weight: 20,
    arbitrary: fc
      .record({
        name: fc.constantFrom('Orc', 'Aela', 'Brand', 'Shade'),
        side: fc.constantFrom('pc', 'enemy', 'npc'),
        stats: fc.oneof(
          fc.constant({}),
          // Equal numbers make ties the chain cannot break, so roll-offs happen.
          fc.constant({ agility: 40, luck: 40 }),
          fc.record({ agility: fc.integer({ min: 0, max: 100 }), luck: fc.integer({ min: 0, max: 100 }) }),
          fc.record({ initiativeRating: fc.integer({ min: -1, max: 12 }), maxAp: fc.integer({ min: 1, max: 3 }) }),
        ),
        hidden: fc.boolean(),
        count: fc.integer({ min: 1, max: 3 }),
      })
      .map((combatant) => ({ type: 'add-combatant', combatant }) as const),
  },
  // Player characters alike (same default numbers), each rolling alone.
  {
    weight: 16,
    arbitrary: fc.boolean().map((hidden) => ({ type: 'add-combatant', combatant: { name: 'Hero', side: 'pc', stats: {}, hidden } }) as const),
  },
  { weight: 6, arbitrary: ids.map((combatantId) => ({ type: 'remove-combatant', combatantId }) as const) },
  { weight: 10, arbitrary: fc.record({ combatantId: ids, hidden: fc.boolean() }).map((r) => ({ type: 'set-hidden', ...r }) as const) },
  { weight: 10, arbitrary: fc.record({ combatantId: ids, defeated: fc.boolean() }).map((r) => ({ type: 'set-defeated', ...r }) as const) },
  { weight: 40, arbitrary: fc.constant('begin' as const) },
  { weight: 30, arbitrary: fc.constant('surprise' as const) },
  {
    weight: 4,
    arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((surprised) => ({ type: 'uesrpg-set-surprise', surprised }) as const),
  },
  {
    weight: 12,
    arbitrary: fc
      .record({ unit: unitRef, mode: fc.constantFrom('normal', 'normal', 'advantage') })
      .map((r) => ({ type: 'roll-initiative', ...r }) as const),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({ unit: unitRef, faces: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 0, maxLength: 2 }) })
      .map((r) => ({ type: 'enter-initiative', ...r }) as const),
  },
  { weight: 12, arbitrary: fc.constant({ type: 'roll-npc-initiative' } as const) },
  { weight: 20, arbitrary: fc.constant('tie' as const) },
  { weight: 4, arbitrary: fc.array(unitRef, { maxLength: 3 }).map((units) => ({ type: 'uesrpg-roll-off-luck', units }) as const) },
  { weight: 40, arbitrary: fc.constant('start' as const) },
  { weight: 4, arbitrary: fc.constant({ type: 'start-combat' } as const) },
  { weight: 50, arbitrary: fc.constant('finish-turn' as const) },
  { weight: 20, arbitrary: fc.constant({ type: 'end-turn' } as const) },
  { weight: 60, arbitrary: fc.constant('act' as const) },
  { weight: 20, arbitrary: fc.constant('resolve' as const) },
  {
    weight: 8,
    arbitrary: fc
      .record({ combatantId: ids, kind: fc.constantFrom(...KINDS), cost: fc.integer({ min: 0, max: 6 }), threatId: fc.option(fc.constantFrom('t1', 't2'), { nil: undefined }) })
      .map((r) => ({ type: 'uesrpg-declare-action', label: 'Swing', ...r }) as const),
  },
  { weight: 10, arbitrary: ids.map((combatantId) => ({ type: 'uesrpg-continue-extended', combatantId }) as const) },
  { weight: 4, arbitrary: ids.map((combatantId) => ({ type: 'uesrpg-abandon-extended', combatantId }) as const) },
  { weight: 4, arbitrary: fc.constantFrom('a1', 'a20', 'a40').map((actionId) => ({ type: 'uesrpg-resolve-action', actionId }) as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'end-encounter' } as const) },
  { weight: 12, arbitrary: fc.constantFrom({ type: 'undo' } as const, { type: 'redo' } as const) },
  {
    weight: 10,
    arbitrary: fc
      .record({
        combatantId: ids,
        name: fc.constantFrom('Prone', 'Staggered'),
        rounds: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        endsAt: fc.option(fc.constantFrom('turn-start', 'turn-end', 'round-end'), { nil: undefined }),
      })
      .map((r) => ({ type: 'add-condition', ...r }) as const),
  },
  {
    weight: 6,
    arbitrary: fc
      .record({ combatantId: ids, amount: fc.integer({ min: 1, max: 3 }) })
      .map((r) => ({ type: 'spend-resource', resource: 'AP', ...r }) as const),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ combatantId: ids, current: fc.integer({ min: 0, max: 3 }), max: fc.constant(3) })
      .map((r) => ({ type: 'set-resource', resource: 'AP', ...r }) as const),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('roundStart', 'turnStart', 'never').map((apRefresh) => ({ type: 'set-options', options: { apRefresh } }) as const),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'delay-turn' } as const) },
);

/** The same runs with health in the mix (aimed and blind), for the properties that must hold with it too. */
const withHealth: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 4, arbitrary: command },
  { weight: 1, arbitrary: fc.oneof(...healthCommands(ids), { weight: 30, arbitrary: fc.constant('health' as const) }) },
);

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(GM) },
  { weight: 1, arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((combatantIds) => ({ role: 'player', combatantIds }) as const) },
);

const steps = fc.array(fc.record({ command, actor, pick: fc.nat() }), { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' });
/** [UES-35] The same runs with the GM now and then switching how groups take their turns. */
const switching: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 60, arbitrary: command },
  { weight: 1, arbitrary: fc.constantFrom('each', 'together').map((groupTurns) => ({ type: 'set-options', options: { groupTurns } }) as const) },
);
const switchingSteps = fc.array(fc.record({ command: switching, actor, pick: fc.nat() }), { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' });
const healthSteps = fc.array(fc.record({ command: withHealth, actor, pick: fc.nat() }), { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' });

const pickOf = <T,>(list: readonly T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];

/** Who controls a combatant at this table: the GM for non-PCs, its own player otherwise. */
const controller = (s: EncounterState, id: string, fallback: Actor): Actor =>
  s.combatants.find((c) => c.id === id)?.side === 'pc' && fallback.role === 'player' ? { role: 'player', combatantIds: [id] } : GM;

function concrete(s: EncounterState, step: Step): { readonly command: Command; readonly actor: Actor } {
  const { pick } = step;
  switch (step.command) {
    case 'health':
      return aimedHealth(s, pick, step.actor);
    case 'begin':
      return { command: { type: 'begin-initiative' }, actor: GM };
    case 'start':
      return { command: { type: 'start-combat' }, actor: GM };
    case 'surprise': {
      const surprised = s.combatants.filter((_c, i) => (pick >> i) % 5 === 0).map((c) => c.id);
      return { command: { type: 'uesrpg-set-surprise', surprised }, actor: GM };
    }
    case 'roll-next': {
      const c = s.combatants.find((x) => (x.groupId === null ? x.initiative : s.groups.find((g) => g.id === x.groupId)?.initiative) === null);
      const unit: UnitRef = c?.groupId ? { kind: 'group', id: c.groupId } : { kind: 'combatant', id: c?.id ?? 'c1' };
      const who = unit.kind === 'combatant' ? controller(s, unit.id, step.actor) : GM;
      // Half the time a physical 3, so equal numbers tie often (and roll-offs happen).
      if (pick % 2 === 0) return { command: { type: 'enter-initiative', unit, faces: [3] }, actor: who };
      return { command: { type: 'roll-initiative', unit }, actor: who };
    }
    case 'tie': {
      const luckTie = finalTies(s).find((t) => t.resolutions.includes('luck-roll-off'));
      if (luckTie && pick % 2 === 0) return { command: { type: 'uesrpg-roll-off-luck', units: luckTie.units }, actor: GM };
      const tie = [...(getSystem(s.system)?.pendingTies(s)[0] ?? [])];
      const order: UnitRef[] = [];
      let k = pick;
      while (tie.length > 0) {
        order.push(...tie.splice(k % tie.length, 1));
        k = Math.floor(k / 2) + 1;
      }
      return { command: { type: 'resolve-tie', order }, actor: GM };
    }
    case 'act': {
      // Carry on an extended action of someone whose turn it is, when there is one.
      const busy = s.turn?.actorIds.find((id) => extOf(s).combatants[id]?.extended);
      if (busy && pick % 2 === 0) {
        const type = pick % 6 === 0 ? 'uesrpg-abandon-extended' : 'uesrpg-continue-extended';
        return { command: { type, combatantId: busy }, actor: controller(s, busy, step.actor) };
      }
      const c = pickOf(s.combatants, pick);
      const id = c?.id ?? 'c1';
      const open = extOf(s).openAction?.id;
      const kind = pickOf(KINDS, Math.floor(pick / 7)) ?? 'primary';
      const cost = kind === 'free' ? 0 : 1 + (Math.floor(pick / 29) % 4);
      const threatId = kind === 'reaction' || (kind === 'secondary' && !s.turn?.actorIds.includes(id)) ? (open ?? `t${pick % 3}`) : undefined;
      const command: Command = { type: 'uesrpg-declare-action', combatantId: id, kind, cost, label: 'Strike', ...(threatId ? { threatId } : {}) };
      return { command, actor: controller(s, id, step.actor) };
    }
    case 'resolve':
      return { command: { type: 'uesrpg-resolve-action', actionId: extOf(s).openAction?.id ?? 'a0' }, actor: step.actor };
    case 'finish-turn': {
      const open = extOf(s).openAction?.id;
      if (open) return { command: { type: 'uesrpg-resolve-action', actionId: open }, actor: GM };
      const owner = s.turn?.actorIds[0];
      return { command: { type: 'end-turn' }, actor: owner ? controller(s, owner, step.actor) : GM };
    }
    default:
      // Unique names per add, so a hidden combatant's name never collides with a visible one's.
      return {
        command:
          step.command.type === 'add-combatant'
            ? { ...step.command, combatant: { ...step.command.combatant, name: `${step.command.combatant.name}-${pick}-${s.nextId}` } }
            : step.command,
        actor: step.actor,
      };
  }
}

/** [UES-35] Both ways a group takes its turns; the GM may also switch between them mid-run. */
const GROUP_TURNS = ['each', 'together'] as const;
type GroupTurns = (typeof GROUP_TURNS)[number];

const play = (list: readonly Step[], check: Check, groupTurns: GroupTurns = 'each') =>
  playSteps([uesCreated(SEED, { groupTurns })], list, (state, step) => concrete(state, step), check);

/** [UES-35] With 'each', a group's slot starts once per member, one right after another. */
const turnPerMember = (s: EncounterState): boolean => s.options['groupTurns'] === 'each';

const UESRPG_EVENTS = [
  'uesrpg-surprise-set',
  'uesrpg-surprise-ended',
  'uesrpg-action-declared',
  'uesrpg-action-resolved',
  'uesrpg-extended-continued',
  'uesrpg-extended-abandoned',
  'uesrpg-round-cleared',
  'uesrpg-luck-rolled',
] as const;

const TURN_FLOW: ReadonlySet<string> = new Set([
  'command-applied',
  'turn-ended',
  'round-ended',
  'condition-expired',
  'resource-changed',
  'uesrpg-surprise-ended',
  'uesrpg-round-cleared',
  'uesrpg-action-resolved',
]);

describe('uesrpg properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] no command throws, replay gives the state built step by step, and the encounter reaches combat', () => {
    let reachedRound2 = 0;
    const seen = new Set<string>();
    fc.assert(
      fc.property(steps, (list) => {
        const run = play(list, () => undefined);
        expectReplayMatches(run);
        const { state, log } = run;
        if (state.round >= 2) reachedRound2++;
        for (const e of log) seen.add(e.type);
      }),
      { numRuns: RUNS, seed: 3103 },
    );
    expect(reachedRound2).toBeGreaterThan(RUNS / 10);
    // The runs exercise uesrpg's own facts, not only the core's.
    for (const type of UESRPG_EVENTS) expect(seen).toContain(type);
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-18] [ENG-16] undo then redo returns the same state after any accepted command', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, expectUndoRedo);
      }),
      { numRuns: RUNS, seed: 3104 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-6] non-GM views never contain a hidden combatant\'s id or name', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => {
          expectHiddenAbsent(state, { groups: true });
        });
      }),
      { numRuns: RUNS, seed: 3105 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it("[ENG-44] a seat's view differs from the spectator's only in the audience's parts", () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => expectSeatsDifferOnlyInAudienceParts(state));
      }),
      { numRuns: RUNS, seed: 3145 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it.each(GROUP_TURNS)('[ENG-9] [UES-15] [UES-35] groupTurns %s: each combatant acts at most once a round, and an undisturbed round gives every eligible slot its turns', (groupTurns) => {
    fc.assert(
      fc.property(switchingSteps, (list) => {
        const rounds = new RoundTurns({ isFlow: (type) => TURN_FLOW.has(type) || type.startsWith('uesrpg-'), perCombatant: true, turnPerMember });
        play(
          list,
          (before, events) => {
            let s = before;
            for (const e of events) {
              rounds.see(s, e);
              s = evolve(s, e);
            }
          },
          groupTurns,
        );
      }),
      { numRuns: RUNS, seed: 3106 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it.each(GROUP_TURNS)('[UES-33] [ENG-9] [ENG-18] [UES-35] groupTurns %s, with damage and healing in the mix: replay matches, undo/redo hold, nobody acts twice a round', (groupTurns) => {
    fc.assert(
      fc.property(healthSteps, (list) => {
        const rounds = new RoundTurns({ isFlow: (type) => TURN_FLOW.has(type) || type.startsWith('uesrpg-'), perCombatant: true, turnPerMember });
        expectReplayMatches(
          play(
            list,
            (before, events, after) => {
              let s = before;
              for (const e of events) {
                rounds.see(s, e);
                s = evolve(s, e);
              }
              expectUndoRedo(before, events, after);
            },
            groupTurns,
          ),
        );
      }),
      { numRuns: RUNS, seed: 3107 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[UES-18] [UES-22] [ENG-17] AP never go below 0 nor above their maximum', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => {
          for (const c of state.combatants) {
            const pool = c.resources['AP'];
            if (!pool) continue;
            expect(pool.current).toBeGreaterThanOrEqual(0);
            expect(pool.current).toBeLessThanOrEqual(pool.max);
          }
          for (const c of Object.values(extOf(state).combatants)) {
            if (c.extended) expect(c.extended.paid).toBeLessThan(c.extended.cost);
          }
        });
      }),
      { numRuns: RUNS, seed: 3107 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
