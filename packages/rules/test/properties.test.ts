// Seeded property tests over random command sequences from random actors (ENG-1, ENG-2, ENG-6, ENG-9,
// ENG-14, ENG-16, ENG-18, ENG-28, ENG-32): undo/redo, conditions, resources, claims of open slots and
// health (damage, healing, death saves, who sees what) included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolve } from '../src/index.js';
import { expectHealthSeen, expectHiddenRefusedAsUnknown } from './health-invariants.js';
import { expectHiddenAbsent, expectSeatsDifferOnlyInAudienceParts, expectReplayMatches, expectUndoRedo, RoundTurns } from './invariants.js';
import { MAX_STEPS, MIN_STEPS, play, PROPERTY_TIMEOUT_MS, RUNS, step } from './random-runs.js';

/** Fewer runs for the health sight check: it projects for every player at every step. */
const HEALTH_RUNS = 150;

/** Events that the turn machinery adds as turns pass; anything else disturbs a round. */
const TURN_FLOW: ReadonlySet<string> = new Set(['command-applied', 'turn-ended', 'round-ended', 'condition-expired']);

describe('properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] no command throws, and replaying the events gives the state built step by step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        expectReplayMatches(play(steps, () => undefined));
      }),
      { numRuns: RUNS, seed: 20240601 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-6] non-GM views never contain a hidden combatant\'s name or id, nor notes or the seed before the end', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (_before, _events, state) => {
          for (const json of expectHiddenAbsent(state, { groups: true })) {
            expect(json).not.toContain('"note"');
            expect(json).not.toContain('"history"');
            expect(json).not.toContain('"anchor"');
            if (state.phase !== 'ended') expect(json).not.toContain(state.dice.seed);
          }
        });
      }),
      { numRuns: RUNS, seed: 7 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it("[ENG-44] a seat's view differs from the spectator's only in the audience's parts", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (_before, _events, state) => expectSeatsDifferOnlyInAudienceParts(state));
      }),
      { numRuns: RUNS, seed: 4444 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-32] [ENG-28] [DND-21] no view holds a health number its audience may not see, and refusals never tell hidden from unknown', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (_before, _events, state) => {
          expectHealthSeen(state);
          expectHiddenRefusedAsUnknown(state);
        });
      }),
      { numRuns: HEALTH_RUNS, seed: 5150 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-9] [DND-6] [DND-7] in each round no slot acts twice, and an undisturbed round gives every eligible slot one turn', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        // Only orders of unit slots: open slots wait for claims, which a round need not get.
        const rounds = new RoundTurns({ isFlow: (type) => TURN_FLOW.has(type), wholeRoundCounts: (s) => s.slots.every((slot) => slot.filler.kind === 'unit') });
        play(steps, (before, events, after) => {
          let s = before;
          for (const e of events) {
            rounds.see(s, e);
            s = evolve(s, e);
          }
          expect(s).toEqual(after);
        });
      }),
      { numRuns: RUNS, seed: 42 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-18] [ENG-16] after any accepted command, undo then redo gives the same state, and undo brings back ended conditions', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (before, events, after) => {
          if (after.history.past.length === 0) return;
          const undone = expectUndoRedo(before, events, after);
          if (!undone) return;
          for (const e of events) {
            if (e.type !== 'condition-expired' && e.type !== 'condition-removed') continue;
            const back = undone.combatants.find((c) => c.id === e.combatantId)?.conditions.map((k) => k.id);
            expect(back).toContain(e.conditionId);
          }
        });
      }),
      { numRuns: RUNS, seed: 99 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
