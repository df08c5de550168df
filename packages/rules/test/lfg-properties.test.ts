// Seeded property tests for lfg over random command sequences from random GM and player actors,
// lfg's own commands and undo/redo included: nothing throws, replay and undo/redo are exact, hidden
// combatants never leak, nobody acts twice in a round (everyone once in an undisturbed round), the
// roller rotates clockwise, and every round's order keeps the bands of the party's outcome.
import fc from 'fast-check';
import { aimedHealth, healthCommands } from './health-steps.js';
import { describe, expect, it } from 'vitest';
import { evolve, getSystem, verifyDice, type Actor, type Command, type EncounterState, type TurnSlot, type UnitRef } from '../src/index.js';
import { canRoll, seatingOf, unitRank } from '../src/systems/lfg/lookup.js';
import { lfgExt } from '../src/systems/lfg/state.js';
import { bandsFor } from '../src/systems/lfg/order.js';
import { GM, lfgCreated } from './lfg-harness.js';
import { unitInfo } from '../src/core/units.js';
import { expectHiddenAbsent, expectSeatsDifferOnlyInAudienceParts, expectReplayMatches, expectUndoRedo, playSteps, setupLog, type Check } from './invariants.js';

const MIN_STEPS = 20;
const MAX_STEPS = 120;
const RUNS = 120;
const TIMEOUT_MS = 60_000;

const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10', 'c11', 'c12');
const groupIds = fc.constantFrom('g1', 'g2', 'g3', 'g4', 'g5', 'g6');
const unitRef: fc.Arbitrary<UnitRef> = fc.oneof(
  ids.map((id) => ({ kind: 'combatant', id }) as const),
  groupIds.map((id) => ({ kind: 'group', id }) as const),
);
const score = fc.integer({ min: 1, max: 20 });

/** Pseudo-steps the runner turns into a command that fits the state, so runs get deep into combat. */
type Pseudo = 'next-phase' | 'roll-party' | 'seat' | 'dismiss' | 'resume' | 'call-suggested' | 'trigger' | 'health';
type Step = { readonly command: Command | Pseudo; readonly actor: Actor; readonly pick: number };

const command: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        name: fc.constantFrom('Orc', 'Ana', 'Bo', 'Shade', 'Wolf'),
        side: fc.constantFrom('pc', 'pc', 'enemy', 'enemy', 'npc'),
        stats: fc.record({ initiative: score, will: score, luck: score, rank: fc.integer({ min: 0, max: 2 }), leader: fc.integer({ min: 0, max: 1 }) }),
        hidden: fc.boolean(),
        count: fc.integer({ min: 1, max: 3 }),
      })
      .map((combatant) => ({ type: 'add-combatant', combatant }) as const),
  },
  { weight: 4, arbitrary: ids.map((combatantId) => ({ type: 'remove-combatant', combatantId }) as const) },
  { weight: 8, arbitrary: fc.record({ combatantId: ids, hidden: fc.boolean() }).map((r) => ({ type: 'set-hidden', ...r }) as const) },
  { weight: 10, arbitrary: fc.record({ combatantId: ids, defeated: fc.boolean() }).map((r) => ({ type: 'set-defeated', ...r }) as const) },
  { weight: 6, arbitrary: fc.constant({ type: 'begin-initiative' } as const) },
  { weight: 20, arbitrary: fc.constant('next-phase' as const) },
  { weight: 40, arbitrary: fc.constant('roll-party' as const) },
  {
    weight: 6,
    arbitrary: fc
      .record({ unit: unitRef, mode: fc.constantFrom('normal', 'advantage', 'disadvantage') })
      .map((r) => ({ type: 'roll-initiative', ...r }) as const),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({ unit: unitRef, faces: fc.array(fc.integer({ min: 0, max: 21 }), { minLength: 1, maxLength: 2 }) })
      .map((r) => ({ type: 'enter-initiative', ...r }) as const),
  },
  { weight: 3, arbitrary: fc.constant({ type: 'roll-npc-initiative' } as const) },
  { weight: 6, arbitrary: fc.constant({ type: 'start-combat' } as const) },
  { weight: 70, arbitrary: fc.constant({ type: 'end-turn' } as const) },
  { weight: 10, arbitrary: fc.option(fc.constantFrom('s3', 's8', 's12', 's20'), { nil: undefined }).map((targetSlotId) => ({ type: 'delay-turn', ...(targetSlotId ? { targetSlotId } : {}) }) as Command) },
  { weight: 8, arbitrary: fc.constant('resume' as const) },
  { weight: 4, arbitrary: ids.map((combatantId) => ({ type: 'lfg-set-roller', combatantId }) as const) },
  { weight: 2, arbitrary: fc.constant('seat' as const) },
  { weight: 1, arbitrary: fc.constantFrom('party', 'enemies', null).map((side) => ({ type: 'lfg-declare-surprise', side }) as const) },
  { weight: 3, arbitrary: fc.array(unitRef, { maxLength: 4 }).map((order) => ({ type: 'lfg-order-monsters', order }) as const) },
  { weight: 6, arbitrary: fc.constant({ type: 'lfg-ready-action', trigger: 'the door opens' } as const) },
  { weight: 4, arbitrary: fc.constant('trigger' as const) },
  {
    weight: 3,
    arbitrary: fc
      .record({ combatantId: ids, simultaneous: fc.boolean(), opposedScore: fc.option(score, { nil: undefined }) })
      .map((r) => ({ type: 'lfg-trigger-ready', ...r }) as Command),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        combatantIds: fc.uniqueArray(ids, { minLength: 1, maxLength: 3 }),
        scope: fc.constantFrom('kind', 'group', 'individual'),
        timing: fc.constantFrom('end-of-round', 'immediate'),
        modifier: fc.integer({ min: -3, max: 3 }),
      })
      .map((r) => ({ type: 'lfg-call-morale', ...r }) as const),
  },
  { weight: 6, arbitrary: fc.constant('call-suggested' as const) },
  { weight: 2, arbitrary: fc.constant('dismiss' as const) },
  { weight: 2, arbitrary: fc.uniqueArray(ids, { minLength: 1, maxLength: 2 }).map((combatantIds) => ({ type: 'lfg-break-morale', combatantIds }) as const) },
  {
    weight: 2,
    arbitrary: fc
      .record({ rallierId: ids, combatantIds: fc.uniqueArray(ids, { minLength: 1, maxLength: 2 }) })
      .map((r) => ({ type: 'lfg-rally', ...r }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'lfg-finish-them', modifier: 1 } as const) },
  { weight: 3, arbitrary: fc.constant({ type: 'lfg-propose-retreat' } as const) },
  { weight: 3, arbitrary: fc.record({ allow: fc.boolean(), modifier: fc.integer({ min: -2, max: 2 }) }).map((r) => ({ type: 'lfg-answer-retreat', ...r }) as const) },
  { weight: 2, arbitrary: fc.boolean().map((allow) => ({ type: 'lfg-permit-flight', allow }) as const) },
  {
    weight: 6,
    arbitrary: fc
      .record({ combatantId: ids, name: fc.constantFrom('Charging', 'Prone'), rounds: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }) })
      .map((r) => ({ type: 'add-condition', ...r }) as Command),
  },
  { weight: 8, arbitrary: fc.constantFrom({ type: 'undo' } as const, { type: 'redo' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'end-encounter' } as const) },
  { weight: 1, arbitrary: fc.constantFrom('halfScore', 'natural1').map((greatSuccess) => ({ type: 'set-options', options: { greatSuccess } }) as const) },
  // Health: aimed at who is there, and blind (ENG-25…ENG-34).
  ...healthCommands(ids),
  { weight: 30, arbitrary: fc.constant('health' as const) },
);

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(GM) },
  { weight: 1, arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((combatantIds) => ({ role: 'player', combatantIds }) as const) },
);

const steps = fc.array(fc.record({ command, actor, pick: fc.nat() }), { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' });

function concrete(state: EncounterState, step: Step, i: number): { readonly command: Command; readonly actor: Actor } {
  const ext = lfgExt(state);
  const pickOf = <T,>(xs: readonly T[]): T | undefined => xs[step.pick % Math.max(xs.length, 1)];
  switch (step.command) {
    case 'health':
      return aimedHealth(state, step.pick, step.actor);
    case 'next-phase':
      return { command: state.phase === 'setup' ? { type: 'begin-initiative' } : { type: 'start-combat' }, actor: GM };
    case 'roll-party': {
      const who = ext.roller ?? pickOf(seatingOf(state).filter((id) => canRoll(state, id))) ?? 'c1';
      const asPlayer = step.actor.role === 'player';
      return { command: { type: 'roll-initiative', unit: { kind: 'combatant', id: who } }, actor: asPlayer ? { role: 'player', combatantIds: [who] } : GM };
    }
    case 'seat': {
      const seats = [...seatingOf(state)];
      const first = seats.splice(step.pick % Math.max(seats.length, 1), 1);
      return { command: { type: 'lfg-set-seating', order: [...seats, ...first] }, actor: step.actor };
    }
    case 'trigger': {
      const r = ext.readied[0];
      const simultaneous = step.pick % 3 === 0;
      const opposed = step.pick % 3 === 1 ? { opposedScore: 10 } : {};
      return { command: { type: 'lfg-trigger-ready', combatantId: r?.combatantId ?? 'c1', simultaneous, ...opposed }, actor: step.actor };
    }
    case 'dismiss':
      return { command: { type: 'lfg-dismiss-morale', suggestionId: ext.suggestions[0]?.id ?? 'm1' }, actor: step.actor };
    case 'call-suggested': {
      const s = ext.suggestions[0];
      const command: Command = { type: 'lfg-call-morale', combatantIds: s?.members ?? ['c1'], ...(s ? { suggestionId: s.id } : {}) };
      return { command, actor: step.actor };
    }
    case 'resume': {
      const held = pickOf(ext.held);
      const id = held?.filler.kind === 'unit' ? held.filler.unit.id : 'c1';
      return { command: { type: 'lfg-resume-turn', combatantId: id }, actor: step.actor.role === 'gm' ? GM : { role: 'player', combatantIds: [id] } };
    }
    default: {
      const c = step.command;
      // Unique names, so a hidden combatant's name never equals a visible one's.
      const named: Command = c.type === 'add-combatant' ? { ...c, combatant: { ...c.combatant, name: `${c.combatant.name}-${i}` } } : c;
      return { command: named, actor: step.actor };
    }
  }
}

const CAST: readonly Command[] = [
  { type: 'add-combatant', combatant: { name: 'Ana', side: 'pc', stats: { initiative: 12 } } },
  { type: 'add-combatant', combatant: { name: 'Bo', side: 'pc', stats: { initiative: 8 } } },
  { type: 'add-combatant', combatant: { name: 'Cy', side: 'pc', stats: { initiative: 15 } } },
  { type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { will: 7 }, count: 2 } },
  { type: 'add-combatant', combatant: { name: 'Ogre', side: 'enemy', stats: { rank: 1 } } },
  { type: 'add-combatant', combatant: { name: 'Lich', side: 'enemy', stats: { rank: 2, leader: 1 }, hidden: true } },
  { type: 'add-combatant', combatant: { name: 'Torchbearer', side: 'npc', stats: { will: 5 } } },
];

// Every run starts at a table: three PCs, a goblin pair, a heavy ogre, a hidden boss, a hireling.
const play = (list: readonly Step[], check: Check) => playSteps(setupLog(lfgCreated(), CAST), list, concrete, check);

/** Band ranks of a freshly built order: each slot's band must come no earlier than the one before. */
function bandIndex(state: EncounterState, slot: TurnSlot, bands: readonly string[]): number {
  if (slot.side !== 'enemy') return bands.indexOf('party');
  const unit = slot.filler.kind === 'unit' ? unitInfo(state, slot.filler.unit) : undefined;
  const heavy = unit !== undefined && unitRank(unit) !== 'normal';
  const own = bands.includes('all-enemies') ? 'all-enemies' : heavy ? 'bosses-and-heavies' : 'other-enemies';
  return bands.indexOf(own);
}

/** The first PC clockwise after `last` who can roll, computed here independently of the engine. */
function clockwiseAfter(state: EncounterState, last: string): string | null {
  const seating = seatingOf(state);
  const at = seating.indexOf(last);
  const ring = at === -1 ? seating : [...seating.slice(at + 1), ...seating.slice(0, at + 1)];
  return ring.find((id) => canRoll(state, id)) ?? null;
}

describe('lfg properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] [ENG-22] [LFG-7] no command throws, replaying the events gives the state built step by step, and every die checks out', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const run = play(list, () => undefined);
        expectReplayMatches(run);
        expect(verifyDice(run.log).mismatches).toEqual([]);
      }),
      { numRuns: RUNS, seed: 31337 },
    );
  }, TIMEOUT_MS);

  it('[ENG-18] after any accepted command, undo gives the state before and redo the state after', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, expectUndoRedo);
      }),
      { numRuns: RUNS, seed: 4242 },
    );
  }, TIMEOUT_MS);

  it("[ENG-6] non-GM views never contain a hidden combatant's (or all-hidden group's) id or name", () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => {
          for (const json of expectHiddenAbsent(state, { groups: true })) {
            expect(json).not.toContain('"calledMorale":[');
          }
        });
      }),
      { numRuns: RUNS, seed: 777 },
    );
  }, TIMEOUT_MS);

  it("[ENG-44] a seat's view differs from the spectator's only in the audience's parts", () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => expectSeatsDifferOnlyInAudienceParts(state));
      }),
      { numRuns: RUNS, seed: 7744 },
    );
  }, TIMEOUT_MS);

  it('[ENG-9] [LFG-12] [LFG-15] nobody acts twice in a round, and an undisturbed round gives every eligible combatant one turn', () => {
    // Commands that leave a round's roster alone: turns pass, delays and resumes, the party's roll.
    const calm = new Set(['end-turn', 'delay-turn', 'lfg-resume-turn', 'roll-initiative', 'enter-initiative', 'add-condition']);
    fc.assert(
      fc.property(steps, (list) => {
        let expected: ReadonlySet<string> | null = null;
        let undisturbed = false;
        play(list, (before, events, _after, command) => {
          if (!calm.has(command.type)) undisturbed = false;
          let s = before;
          for (const e of events) {
            if (e.type === 'undone' || e.type === 'redone') undisturbed = false;
            if (e.type === 'turn-started') {
              for (const id of e.actorIds) expect(s.acted).not.toContain(id);
              if (expected === null) {
                const system = getSystem(s.system);
                const fresh = { ...s, acted: [] };
                expected = new Set(s.slots.flatMap((slot) => system?.eligibleActors(fresh, slot) ?? []));
              }
            }
            if (e.type === 'round-ended' && undisturbed && expected !== null) {
              expect(new Set(s.acted)).toEqual(expected);
            }
            if (e.type === 'round-started') {
              expected = null;
              undisturbed = true;
            }
            s = evolve(s, e);
          }
        });
      }),
      { numRuns: RUNS, seed: 2024 },
    );
  }, TIMEOUT_MS);

  it('[LFG-8] the roller rotates clockwise each round unless the GM names someone', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (before, events, _after, command) => {
          let s = before;
          for (const e of events) {
            if (e.type === 'lfg-round-prepared' && e.awaitingCheck && command.type !== 'lfg-set-roller') {
              const ext = lfgExt(s);
              if (ext.lastRoller !== null && ext.nominated === null) {
                expect(e.rollerId).toBe(clockwiseAfter(s, ext.lastRoller));
                if (seatingOf(s).filter((id) => canRoll(s, id)).length > 1) expect(e.rollerId).not.toBe(ext.lastRoller);
              }
            }
            s = evolve(s, e);
          }
        });
      }),
      { numRuns: RUNS, seed: 8 },
    );
  }, TIMEOUT_MS);

  it('[LFG-11] [LFG-12] every round order keeps the bands of the outcome, the party led by its roller', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (before, events) => {
          let s = before;
          for (const e of events) {
            s = evolve(s, e);
            const built = e.type === 'lfg-party-rolled' || e.type === 'lfg-round-prepared' ? e.slots : [];
            if (built.length === 0 || s.phase !== 'active') continue;
            const ext = lfgExt(s);
            const surprise = s.round === 1 && ext.surprise !== null;
            const outcome = e.type === 'lfg-party-rolled' ? (e.roll.outcome ?? 'failure') : ext.check?.round === s.round ? (ext.check.roll.outcome ?? 'failure') : 'failure';
            const bands = surprise ? ['party', 'all-enemies'] : bandsFor(outcome);
            const ranks = built.map((slot) => bandIndex(s, slot, bands));
            expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
            const pcs = built.filter((slot) => slot.side === 'pc');
            if (!surprise && ext.roller !== null && pcs.length > 0) expect(pcs[0]?.filler).toMatchObject({ unit: { id: ext.roller } });
            // Within the party band, the PCs come before the allies.
            const sides = built.filter((slot) => slot.side !== 'enemy').map((slot) => slot.side);
            expect(sides).toEqual([...sides].sort((a, b) => (a === b ? 0 : a === 'pc' ? -1 : 1)));
          }
        });
      }),
      { numRuns: RUNS, seed: 1111 },
    );
  }, TIMEOUT_MS);
});
