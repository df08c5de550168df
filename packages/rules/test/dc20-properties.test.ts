// Seeded property tests for dc20 over random command sequences from random actors, dc20's own
// commands, claims, assignments, delays and undo/redo included (ENG-1, ENG-2, ENG-6, ENG-18, and
// DC20-13/14/15/26/30/32: everyone acts at most once a round, the PC team exactly once in an
// undisturbed round, and the teams' turns keep alternating).
import fc from 'fast-check';
import { aimedHealth, healthCommands } from './health-steps.js';
import { describe, expect, it } from 'vitest';
import { evolve, project, type Actor, type Command, type EncounterState } from '../src/index.js';
import { dc20Created, GM } from './dc20-harness.js';
import type { Dc20Ext } from '../src/systems/dc20/state.js';
import { expectHiddenAbsent, expectSeatsDifferOnlyInAudienceParts, expectReplayMatches, expectUndoRedo, playSteps, type Check } from './invariants.js';
import type { Dc20PendingView, Dc20ViewExt } from '../src/systems/dc20/view.js';

const RUNS = 100;
const MIN_STEPS = 20;
const MAX_STEPS = 120;
const PROPERTY_TIMEOUT_MS = 60_000;

const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12');
const slotIds = fc.integer({ min: 1, max: 40 }).map((n) => `s${n}`);
const teams = fc.constantFrom('pc', 'npc', 'enemy-1', 'enemy-2') as fc.Arbitrary<'pc' | 'npc' | 'enemy-1' | 'enemy-2'>;

/** 'answer' resolves whatever dc20 waits for; 'roll-next' rolls for the first PC still to roll. */
type Pseudo = 'answer' | 'roll-next' | 'order-teams' | 'health';
interface Step {
  readonly command: Command | Pseudo;
  readonly actor: Actor;
  readonly pick: number;
}

const command: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 120, arbitrary: fc.constant('answer' as const) },
  { weight: 20, arbitrary: fc.constant('roll-next' as const) },
  { weight: 4, arbitrary: fc.constant('order-teams' as const) },
  {
    weight: 16,
    arbitrary: fc
      .record({
        name: fc.constantFrom('Orc', 'Ayla', 'Bram', 'Shade'),
        side: fc.constantFrom('pc', 'pc', 'enemy', 'npc'),
        stats: fc.oneof(fc.constant({}), fc.record({ level: fc.integer({ min: 1, max: 20 }), agility: fc.integer({ min: -2, max: 7 }) })),
        hidden: fc.boolean(),
        count: fc.integer({ min: 1, max: 2 }),
      })
      .map((combatant) => ({ type: 'add-combatant', combatant }) as const),
  },
  { weight: 3, arbitrary: ids.map((combatantId) => ({ type: 'remove-combatant', combatantId }) as const) },
  { weight: 6, arbitrary: fc.record({ combatantId: ids, hidden: fc.boolean() }).map((r) => ({ type: 'set-hidden', ...r }) as const) },
  { weight: 5, arbitrary: fc.record({ combatantId: ids, defeated: fc.boolean() }).map((r) => ({ type: 'set-defeated', ...r }) as const) },
  {
    weight: 10,
    arbitrary: fc.oneof(
      fc.record({ kind: fc.constant('table' as const), level: fc.integer({ min: 0, max: 21 }), difficulty: fc.constantFrom('easy', 'normal', 'hard') }),
      fc.record({ kind: fc.constant('custom' as const), dc: fc.integer({ min: 0, max: 30 }) }),
    ).map((dc) => ({ type: 'dc20-set-encounter-dc', dc }) as const),
  },
  { weight: 5, arbitrary: fc.record({ combatantId: ids, team: teams }).map((r) => ({ type: 'dc20-set-team', ...r }) as const) },
  { weight: 12, arbitrary: fc.constant({ type: 'begin-initiative' } as const) },
  {
    weight: 6,
    arbitrary: fc
      .record({ combatantId: ids, adv: fc.integer({ min: 0, max: 3 }), disadv: fc.integer({ min: 0, max: 3 }) })
      .map((r) => ({ type: 'dc20-roll-initiative', ...r }) as const),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ combatantId: ids, faces: fc.array(fc.integer({ min: 0, max: 21 }), { minLength: 1, maxLength: 2 }), adv: fc.integer({ min: 0, max: 1 }) })
      .map((r) => ({ type: 'dc20-enter-initiative', ...r }) as const),
  },
  { weight: 3, arbitrary: fc.record({ unit: ids.map((id) => ({ kind: 'combatant', id }) as const) }).map((r) => ({ type: 'roll-initiative', ...r }) as const) },
  { weight: 2, arbitrary: fc.constant({ type: 'dc20-fate-check' } as const) },
  { weight: 3, arbitrary: fc.record({ combatantIds: fc.uniqueArray(ids, { minLength: 1, maxLength: 2 }), surprised: fc.boolean() }).map((r) => ({ type: 'dc20-set-surprised', ...r }) as const) },
  { weight: 14, arbitrary: fc.constant({ type: 'start-combat' } as const) },
  { weight: 40, arbitrary: fc.constant({ type: 'end-turn' } as const) },
  { weight: 6, arbitrary: fc.uniqueArray(ids, { minLength: 1, maxLength: 2 }).map((combatantIds) => ({ type: 'claim-turn', combatantIds }) as const) },
  { weight: 3, arbitrary: fc.uniqueArray(ids, { minLength: 1, maxLength: 2 }).map((combatantIds) => ({ type: 'dc20-pass-turn', combatantIds }) as const) },
  { weight: 2, arbitrary: fc.constant({ type: 'dc20-close-claims' } as const) },
  { weight: 4, arbitrary: fc.record({ slotId: slotIds, combatantIds: fc.uniqueArray(ids, { maxLength: 2 }) }).map((r) => ({ type: 'dc20-assign', ...r }) as const) },
  { weight: 2, arbitrary: fc.constantFrom({ type: 'dc20-keep-enemy-turns' } as const, { type: 'dc20-merge-enemy-turns', team: 'enemy-1' } as const) },
  {
    weight: 5,
    arbitrary: fc
      .record({
        combatantId: ids,
        to: fc.oneof(slotIds.map((slotId) => ({ kind: 'pc-turn', slotId }) as const), ids.map((enemyId) => ({ kind: 'after-enemy', enemyId }) as const)),
      })
      .map((r) => ({ type: 'dc20-delay', ...r }) as const),
  },
  { weight: 2, arbitrary: fc.option(slotIds, { nil: undefined }).map((targetSlotId) => ({ type: 'delay-turn', ...(targetSlotId ? { targetSlotId } : {}) }) as const) },
  { weight: 3, arbitrary: fc.record({ combatantId: ids, max: fc.integer({ min: 0, max: 3 }), perTurn: fc.integer({ min: 1, max: 2 }) }).map((r) => ({ type: 'dc20-set-lap', ...r }) as const) },
  { weight: 3, arbitrary: fc.record({ combatantId: ids, amount: fc.integer({ min: 1, max: 2 }) }).map((r) => ({ type: 'dc20-spend-lap', ...r }) as const) },
  { weight: 2, arbitrary: ids.map((combatantId) => ({ type: 'dc20-pass-lap', combatantId }) as const) },
  { weight: 2, arbitrary: fc.record({ combatantId: ids, face: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }) }).map((r) => ({ type: 'dc20-use-inspiration', ...r }) as const) },
  { weight: 2, arbitrary: fc.record({ combatantId: ids, kind: fc.constantFrom('first-round-adv', 'first-attack-against-has-adv') }).map((r) => ({ type: 'dc20-use-benefit', ...r }) as const) },
  {
    weight: 5,
    arbitrary: fc
      .record({ combatantId: ids, name: fc.constantFrom('Prone', 'Blessed'), rounds: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }) })
      .map((r) => ({ type: 'add-condition', ...r }) as const),
  },
  { weight: 4, arbitrary: fc.record({ combatantId: ids, amount: fc.integer({ min: 1, max: 3 }) }).map((r) => ({ type: 'spend-resource', resource: 'AP', ...r }) as const) },
  { weight: 8, arbitrary: fc.constantFrom({ type: 'undo' } as const, { type: 'redo' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'end-encounter' } as const) },
  // Health: aimed at who is there, and blind (ENG-25…ENG-34).
  ...healthCommands(ids),
  { weight: 30, arbitrary: fc.constant('health' as const) },
);

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(GM) },
  { weight: 2, arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((combatantIds) => ({ role: 'player', combatantIds }) as const) },
);

const steps = fc.array(fc.record({ command, actor, pick: fc.nat() }), { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' });

const extOf = (s: EncounterState): Dc20Ext => {
  if (s.ext.system !== 'dc20') throw new Error('not dc20');
  return s.ext;
};
const viewExt = (s: EncounterState): Dc20ViewExt => {
  const ext = project(s, GM).ext;
  if (!ext || ext.system !== 'dc20') throw new Error('no dc20 view');
  return ext;
};
const at = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];
const asPlayer = (id: string): Actor => ({ role: 'player', combatantIds: [id] });

/** A command that moves whatever dc20 waits for (as a sensible table would). */
function answer(state: EncounterState, pick: number): { command: Command; actor: Actor } | undefined {
  const p: Dc20PendingView | undefined = viewExt(state).pending[0];
  if (!p) return progress(state, pick);
  switch (p.kind) {
    case 'set-encounter-dc':
      return { command: { type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 10 + (pick % 8) } }, actor: GM };
    case 'order-enemy-teams':
      return { command: { type: 'dc20-order-enemy-teams', order: pick % 2 ? [...p.teams].reverse() : p.teams }, actor: GM };
    case 'choose-pc-turn': {
      const id = at(p.candidates, pick) ?? 'c1';
      return { command: pick % 4 === 3 ? { type: 'dc20-pass-turn', combatantIds: [id] } : { type: 'claim-turn', combatantIds: [id] }, actor: asPlayer(id) };
    }
    case 'resolve-claim':
      return { command: { type: 'dc20-resolve-claim', combatantIds: pick % 2 ? p.tied : p.tied.slice(0, 1) }, actor: GM };
    case 'assign-turn':
      return {
        command: pick % 3 === 0 ? { type: 'dc20-assign', slotId: p.slotId, combatantIds: [] } : { type: 'claim-turn', combatantIds: p.unassigned.slice(0, 1 + (pick % 2)) },
        actor: GM,
      };
    case 'merge-enemy-turns':
      return { command: pick % 2 ? { type: 'dc20-keep-enemy-turns' } : { type: 'dc20-merge-enemy-turns', team: p.teams[0] ?? 'enemy-1' }, actor: GM };
    case 'spend-leftover-lap':
      return { command: { type: 'dc20-pass-lap', combatantId: p.combatantIds[0] ?? 'c1' }, actor: GM };
    default: {
      const _exhaustive: never = p;
      return _exhaustive;
    }
  }
}

/** Nothing waits: the next step a table would take (call for initiative, roll, start, end the turn). */
function progress(state: EncounterState, pick: number): { command: Command; actor: Actor } | undefined {
  switch (state.phase) {
    case 'setup':
      return { command: { type: 'begin-initiative' }, actor: GM };
    case 'initiative': {
      const pc = state.combatants.find((x) => x.side === 'pc' && !x.initiative);
      if (pc) return { command: { type: 'dc20-roll-initiative', combatantId: pc.id, disadv: pick % 2 }, actor: asPlayer(pc.id) };
      return { command: { type: 'start-combat' }, actor: GM };
    }
    case 'active': {
      const owner = state.turn?.actorIds.find((id) => state.combatants.find((c) => c.id === id)?.side === 'pc');
      const from = state.slots.findIndex((s) => s.id === state.turn?.slotId);
      const later = state.slots.slice(from + 1).filter((s) => s.side === 'pc');
      const target = at(later, pick);
      if (owner && target && pick % 5 === 0) {
        return { command: { type: 'dc20-delay', combatantId: owner, to: { kind: 'pc-turn', slotId: target.id } }, actor: asPlayer(owner) };
      }
      return { command: { type: 'end-turn' }, actor: owner && pick % 2 ? asPlayer(owner) : GM };
    }
    case 'ended':
      return undefined;
    default: {
      const _exhaustive: never = state.phase;
      return _exhaustive;
    }
  }
}

function concrete(state: EncounterState, step: Step, i: number): { command: Command; actor: Actor } | undefined {
  const c = step.command;
  if (c === 'health') return aimedHealth(state, step.pick, step.actor);
  if (c === 'answer') return answer(state, step.pick);
  if (c === 'roll-next') {
    const pc = state.combatants.find((x) => x.side === 'pc' && !x.initiative);
    return pc && { command: { type: 'dc20-roll-initiative', combatantId: pc.id, adv: step.pick % 3 }, actor: asPlayer(pc.id) };
  }
  if (c === 'order-teams') {
    const p = viewExt(state).pending.find((x) => x.kind === 'order-enemy-teams');
    return p?.kind === 'order-enemy-teams' ? { command: { type: 'dc20-order-enemy-teams', order: p.teams }, actor: GM } : undefined;
  }
  // Unique names, so a hidden combatant's name never matches a visible one's.
  if (c.type === 'add-combatant') return { command: { ...c, combatant: { ...c.combatant, name: `${c.combatant.name}-${i}` } }, actor: step.actor };
  return { command: c, actor: step.actor };
}

const play = (list: readonly Step[], check: Check) => playSteps([dc20Created()], list, concrete, check);

/** Commands that only move the round along; anything else disturbs who must act in it. */
const FLOW: ReadonlySet<string> = new Set([
  'end-turn',
  'claim-turn',
  'dc20-pass-turn',
  'dc20-close-claims',
  'dc20-resolve-claim',
  'dc20-merge-enemy-turns',
  'dc20-keep-enemy-turns',
  'dc20-spend-lap',
  'dc20-pass-lap',
  'dc20-delay',
  'delay-turn',
  'spend-resource',
  'add-condition',
  'dc20-use-inspiration',
  'dc20-use-benefit',
]);

describe('dc20 properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] [DC20-1] no command throws, and replaying the events gives the state built step by step', () => {
    fc.assert(
      fc.property(steps, (list) => {
        expectReplayMatches(play(list, () => undefined));
      }),
      { numRuns: RUNS, seed: 2020 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-18] after any accepted command, undo then redo gives the same state', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, expectUndoRedo);
      }),
      { numRuns: RUNS, seed: 2021 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-6] non-GM views never contain a hidden combatant\'s id or name', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => {
          expectHiddenAbsent(state);
        });
      }),
      { numRuns: RUNS, seed: 2022 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it("[ENG-44] a seat's view differs from the spectator's only in the audience's parts", () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => expectSeatsDifferOnlyInAudienceParts(state));
      }),
      { numRuns: RUNS, seed: 2044 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[DC20-15] [DC20-26] [DC20-30] [DC20-32] each creature acts at most once a round, and every PC-team member exactly once in an undisturbed round', () => {
    fc.assert(
      fc.property(steps, (list) => {
        let acted: string[] = [];
        let tracking = false;
        let undisturbed = false;
        play(list, (before, events, _after, cmd) => {
          if (!FLOW.has(cmd.type)) undisturbed = false;
          let s = before;
          for (const e of events) {
            if (e.type === 'undone' || e.type === 'redone') {
              tracking = false;
              undisturbed = false;
            } else if (e.type === 'round-started') {
              acted = [];
              tracking = true;
              undisturbed = true;
            } else if (e.type === 'turn-ended' && tracking) {
              for (const id of s.turn?.actorIds ?? []) {
                expect(acted).not.toContain(id);
                acted.push(id);
              }
            } else if (e.type === 'round-ended' && tracking && undisturbed) {
              const ext = extOf(s);
              const team = s.combatants.filter((c) => !c.defeated && (c.side === 'pc' || ext.teams[c.id] === 'pc'));
              for (const c of team) expect(acted).toContain(c.id);
            }
            s = evolve(s, e);
          }
        });
      }),
      { numRuns: RUNS, seed: 2023 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[DC20-13] [DC20-14] [DC20-27] [DC20-28] the turns the order was built with keep alternating team by team; only delays add PC turns', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const built = new Set<string>();
        play(list, (_before, events, after) => {
          for (const e of events) if (e.type === 'combat-started') for (const s of e.slots) built.add(s.id);
          if (after.phase !== 'active') return;
          const ext = extOf(after);
          const base = after.slots.filter((s) => built.has(s.id)).map((s) => ext.slotTeams[s.id] ?? '?');
          const k = new Set(base).size;
          expect(new Set(base.slice(0, k)).size).toBe(k);
          base.forEach((team, i) => expect(team).toBe(base[i % k]));
          const pcTurns = base.filter((t) => t === 'pc').length;
          for (const team of new Set(base)) expect(base.filter((t) => t === team)).toHaveLength(pcTurns);
          for (const s of after.slots.filter((x) => !built.has(x.id))) expect(ext.slotTeams[s.id]).toBe('pc');
        });
      }),
      { numRuns: RUNS, seed: 2024 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
