// Seeded property tests of genesys over random command sequences from random actors: its own commands,
// claims of PC and NPC slots, physical dice, flags, conditions, undo and redo included (ENG-1, ENG-2,
// ENG-6, ENG-9, ENG-18, GEN-19..GEN-24, GEN-33).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolve, getSystem, type Actor, type Command, type EncounterState, type UnitRef } from '../src/index.js';
import { allUnits, isLive, unitInfo } from '../src/core/units.js';
import { genesysSide } from '../src/systems/genesys/ranking.js';
import { GM } from './harness.js';
import { expectHealthSeen, expectHiddenRefusedAsUnknown } from './health-invariants.js';
import { aimedHealth, healthCommands } from './health-steps.js';
import { expectHiddenAbsent, expectSeatsDifferOnlyInAudienceParts, expectReplayMatches, expectUndoRedo, playSteps, type Check } from './invariants.js';
import { genesysCreated, genesysView, membersOf } from './genesys-harness.js';

const RUNS = 120;
const MIN_STEPS = 20;
const MAX_STEPS = 120;
const TIMEOUT_MS = 60_000;

const ids = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10');
const unitRef: fc.Arbitrary<UnitRef> = fc.oneof(
  ids.map((id) => ({ kind: 'combatant', id }) as const),
  fc.constantFrom('g1', 'g2', 'g3', 'g4').map((id) => ({ kind: 'group', id }) as const),
);

/**
 * 'roll-next' / 'enter-next' roll or enter valid faces for the first unit still to roll; 'claim' takes
 * the open slot; 'health' aims a health command at a combatant that is there (minion pools included).
 */
type Pseudo = 'roll-next' | 'enter-next' | 'claim' | 'health';
type Step = { readonly command: Command | Pseudo; readonly actor: Actor; readonly shuffle: number };

const stat = fc.integer({ min: 0, max: 7 });
const command: fc.Arbitrary<Command | Pseudo> = fc.oneof(
  { weight: 30, arbitrary: fc.constant('roll-next' as const) },
  { weight: 15, arbitrary: fc.constant('enter-next' as const) },
  { weight: 60, arbitrary: fc.constant('claim' as const) },
  {
    weight: 20,
    arbitrary: fc
      .record({
        name: fc.constantFrom('Kira', 'Tam', 'Trooper', 'Vex'),
        side: fc.constantFrom('pc', 'enemy', 'npc'),
        stats: fc.oneof(fc.constant({}), fc.record({ presence: stat, willpower: stat, cool: stat, vigilance: stat })),
        hidden: fc.boolean(),
        count: fc.integer({ min: 1, max: 3 }),
      })
      .map((combatant) => ({ type: 'add-combatant', combatant }) as const),
  },
  { weight: 5, arbitrary: ids.map((combatantId) => ({ type: 'remove-combatant', combatantId }) as const) },
  { weight: 10, arbitrary: fc.record({ combatantId: ids, hidden: fc.boolean() }).map((r) => ({ type: 'set-hidden', ...r }) as const) },
  { weight: 10, arbitrary: fc.record({ combatantId: ids, defeated: fc.boolean() }).map((r) => ({ type: 'set-defeated', ...r }) as const) },
  { weight: 20, arbitrary: fc.constant({ type: 'begin-initiative' } as const) },
  {
    weight: 10,
    arbitrary: fc
      .record({ unit: unitRef, mode: fc.constantFrom('normal', 'advantage', 'disadvantage') })
      .map((r) => ({ type: 'roll-initiative', ...r }) as const),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({ unit: unitRef, faces: fc.array(fc.integer({ min: 0, max: 13 }), { minLength: 1, maxLength: 5 }) })
      .map((r) => ({ type: 'enter-initiative', ...r }) as const),
  },
  { weight: 8, arbitrary: fc.constant({ type: 'roll-npc-initiative' } as const) },
  {
    weight: 12,
    arbitrary: fc
      .record({
        unit: unitRef,
        skill: fc.constantFrom('cool', 'vigilance'),
        boost: fc.integer({ min: 0, max: 11 }),
        setback: fc.integer({ min: 0, max: 3 }),
      })
      .map((r) => ({ type: 'genesys-declare-check', ...r }) as const),
  },
  { weight: 20, arbitrary: fc.constant({ type: 'start-combat' } as const) },
  { weight: 60, arbitrary: fc.constant({ type: 'end-turn' } as const) },
  { weight: 4, arbitrary: fc.array(ids, { maxLength: 3 }).map((combatantIds) => ({ type: 'claim-turn', combatantIds }) as const) },
  { weight: 10, arbitrary: fc.constant({ type: 'genesys-continue-combat' } as const) },
  {
    weight: 8,
    arbitrary: fc
      .record({
        combatantId: ids,
        name: fc.constantFrom('Staggered', 'Disoriented'),
        rounds: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      })
      .map((r) => ({ type: 'add-condition', ...r }) as const),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ combatantId: ids, conditionId: fc.integer({ min: 1, max: 40 }).map((n) => `k${n}`) })
      .map((r) => ({ type: 'remove-condition', ...r }) as const),
  },
  { weight: 8, arbitrary: fc.constantFrom({ type: 'undo' } as const, { type: 'redo' } as const) },
  {
    weight: 3,
    arbitrary: fc
      .record({ confirmNextRound: fc.boolean(), autoFillSingle: fc.boolean(), signedNetRanking: fc.boolean() })
      .map((options) => ({ type: 'set-options', options }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'end-encounter' } as const) },
  ...healthCommands(ids),
  { weight: 40, arbitrary: fc.constant('health' as const) },
);

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(GM) },
  { weight: 1, arbitrary: fc.uniqueArray(ids, { maxLength: 3 }).map((combatantIds) => ({ role: 'player', combatantIds }) as const) },
);

const step: fc.Arbitrary<Step> = fc.record({ command, actor, shuffle: fc.nat() });
const steps = fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' });

function nextToRoll(state: EncounterState): UnitRef | undefined {
  return allUnits(state).find((u) => u.initiative === null && u.members.length > 0)?.ref;
}

/** A valid physical entry for the first unit still to roll: random faces per die of its spec. */
function enterNext(state: EncounterState, shuffle: number): Command {
  const ref = nextToRoll(state) ?? { kind: 'combatant', id: 'c1' };
  const info = unitInfo(state, ref);
  const specs = info ? (getSystem('genesys')?.initiativeDice(state, info, 'normal') ?? []) : [];
  let k = shuffle;
  const faces = specs.flatMap((spec) =>
    Array.from({ length: spec.count }, () => {
      const face = (k % spec.sides) + 1;
      k = Math.floor(k / 3) + 7;
      return face;
    }),
  );
  return { type: 'enter-initiative', unit: ref, faces };
}

/** Claims the open slot for one of its candidates: the GM, or (PC slots) the candidate's own player. */
function claimNext(state: EncounterState, shuffle: number): { command: Command; actor: Actor } {
  const fill = state.phase === 'active' && state.ext.system === 'genesys' ? genesysView(state).fill : null;
  const candidates = fill?.candidates ?? [];
  const ref = candidates[shuffle % Math.max(candidates.length, 1)];
  if (!ref) return { command: { type: 'end-turn' }, actor: GM };
  const combatantIds = membersOf(state, ref);
  const byPlayer = fill?.decidedBy === 'players' && shuffle % 2 === 1;
  return { command: { type: 'claim-turn', combatantIds }, actor: byPlayer ? { role: 'player', combatantIds } : GM };
}

function resolve(state: EncounterState, s: Step, i: number): { command: Command; actor: Actor } {
  switch (s.command) {
    case 'roll-next': {
      const ref = nextToRoll(state) ?? { kind: 'combatant', id: 'c1' };
      return { command: { type: 'roll-initiative', unit: ref }, actor: GM };
    }
    case 'enter-next':
      return { command: enterNext(state, s.shuffle), actor: GM };
    case 'claim':
      return claimNext(state, s.shuffle);
    case 'health':
      return aimedHealth(state, s.shuffle, s.actor);
    default: {
      const c = s.command;
      // Unique names, so a hidden combatant's name never collides with a visible one's.
      const command = c.type === 'add-combatant' ? { ...c, combatant: { ...c.combatant, name: `${c.combatant.name}-${i}` } } : c;
      return { command, actor: s.actor };
    }
  }
}

const play = (list: readonly Step[], check: Check) => playSteps([genesysCreated()], list, resolve, check);

/** Events of an undisturbed round: turns passing, claims, the GM's round-end question and answer. */
const TURN_FLOW: ReadonlySet<string> = new Set([
  'command-applied',
  'turn-started',
  'turn-claimed',
  'turn-ended',
  'decision-opened',
  'decision-closed',
  'round-ended',
  'condition-expired',
  'genesys-continue-asked',
  'genesys-combat-continued',
]);

/** Who should act in a round starting now: standing members of live rolled units, when every side has enough slots. */
function expectedActors(state: EncounterState): string[] | undefined {
  const units = allUnits(state).filter((u) => u.initiative !== null && isLive(u));
  for (const side of ['pc', 'npc'] as const) {
    const slots = state.slots.filter((x) => genesysSide(x.side) === side).length;
    if (units.filter((u) => genesysSide(u.side) === side).length > slots) return undefined;
  }
  return units.flatMap((u) => u.members.filter((m) => !m.defeated).map((m) => m.id)).sort();
}

describe('genesys properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] no command throws, and replaying the events gives the state built step by step', () => {
    fc.assert(
      fc.property(steps, (list) => {
        expectReplayMatches(play(list, () => undefined));
      }),
      { numRuns: RUNS, seed: 3101 },
    );
  }, TIMEOUT_MS);

  it('[ENG-18] undo then redo of any accepted command gives the same state', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, expectUndoRedo);
      }),
      { numRuns: RUNS, seed: 3102 },
    );
  }, TIMEOUT_MS);

  it('[ENG-6] [GEN-33] non-GM views never contain a hidden combatant\'s id or name', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => {
          expectHiddenAbsent(state, { groups: true, bareNames: true });
        });
      }),
      { numRuns: RUNS, seed: 3103 },
    );
  }, TIMEOUT_MS);

  it("[ENG-44] a seat's view differs from the spectator's only in the audience's parts", () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => expectSeatsDifferOnlyInAudienceParts(state));
      }),
      { numRuns: RUNS, seed: 3144 },
    );
  }, TIMEOUT_MS);

  it('[ENG-32] [ENG-28] [GEN-38] no view holds a wound or strain count its audience may not see, pools included', () => {
    fc.assert(
      fc.property(steps, (list) => {
        play(list, (_before, _events, state) => {
          expectHealthSeen(state);
          expectHiddenRefusedAsUnknown(state);
        });
      }),
      { numRuns: RUNS / 2, seed: 3105 },
    );
  }, TIMEOUT_MS);

  it('[ENG-9] [GEN-1] [GEN-19] [GEN-20] [GEN-22] [GEN-24] each combatant acts at most once a round, every eligible one exactly once in an undisturbed round, and no round has more turns than slots', () => {
    let undisturbedRounds = 0;
    fc.assert(
      fc.property(steps, (list) => {
        let acted: string[] = [];
        let turns = 0;
        let expected: string[] | undefined;
        let undisturbed = false;
        let tracking = false;
        play(list, (before, events, after) => {
          let s = before;
          for (const e of events) {
            const next = evolve(s, e);
            if (e.type === 'round-started') {
              if (undisturbed && expected) {
                expect([...acted].sort()).toEqual(expected);
                undisturbedRounds++;
              }
              acted = [];
              turns = 0;
              tracking = true;
              undisturbed = true;
              expected = expectedActors(next);
            } else if (e.type === 'undone' || e.type === 'redone' || e.type === 'encounter-ended') {
              tracking = false;
              undisturbed = false;
            } else if (!TURN_FLOW.has(e.type)) {
              undisturbed = false;
            }
            if (tracking && (e.type === 'turn-started' || e.type === 'turn-claimed') && e.actorIds.length > 0) {
              for (const id of e.actorIds) expect(acted).not.toContain(id);
              acted.push(...e.actorIds);
            }
            if (tracking && e.type === 'turn-started') {
              turns++;
              expect(turns).toBeLessThanOrEqual(next.slots.length);
            }
            s = next;
          }
          expect(s).toEqual(after);
        });
      }),
      { numRuns: RUNS, seed: 3104 },
    );
    // The generator does reach whole undisturbed rounds, so the "exactly once" half is exercised.
    expect(undisturbedRounds).toBeGreaterThan(20);
  }, TIMEOUT_MS);
});
