// Seeded properties over the random command sequences of random-runs.ts, which include dnd5e's own
// commands (surprise in both modes, roll-offs): every server die in every log can be re-checked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyDice } from '../src/index.js';
import { MAX_STEPS, MIN_STEPS, play, PROPERTY_TIMEOUT_MS, RUNS, step } from './random-runs.js';

describe('dnd5e properties over random command sequences', () => {
  it('[ENG-22] [DND-10] [DND-14] verifyDice accepts every log, roll-offs and surprised rolls included', () => {
    let rollOffs = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        const { log } = play(steps, () => undefined);
        rollOffs += log.filter((e) => e.type === 'dnd5e-rolled-off').length;
        const checked = verifyDice(log);
        expect(checked.mismatches).toEqual([]);
      }),
      { numRuns: RUNS, seed: 5 },
    );
    // The sequences do reach roll-offs, so the property says something about them.
    expect(rollOffs).toBeGreaterThan(0);
  }, PROPERTY_TIMEOUT_MS);
});
