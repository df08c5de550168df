import { describe, expect, it } from 'vitest';
import { rngFromSeed, rollDice } from '../../core/dice/rng.js';
import {
  checkDice,
  classifyCheck,
  groupCheckPasses,
  halfScoreThreshold,
  keptFace,
  rollCheck,
  scoreCheck,
  scoreInitiative,
} from './check.js';

const SEED = '00112233445566778899aabbccddeeff';

describe('lfg checks', () => {
  it('[LFG-1] a face equal to or under the score succeeds, above it fails', () => {
    expect(classifyCheck(12, 12)).toBe('success');
    expect(classifyCheck(13, 12)).toBe('failure');
    expect(classifyCheck(7, 12)).toBe('success');
  });

  it('[LFG-1] a natural 20 always fails, even against a score of 20 or more', () => {
    expect(classifyCheck(20, 20)).toBe('failure');
    expect(classifyCheck(20, 25, 'natural1')).toBe('failure');
    expect(classifyCheck(19, 25)).toBe('success');
  });

  it('[LFG-1] the GM modifier moves the target score', () => {
    expect(scoreCheck([13], { score: 12, modifier: 2 })).toEqual({ faces: [13], kept: 13, target: 14, outcome: 'success' });
    expect(scoreCheck([11], { score: 12, modifier: -2 }).outcome).toBe('failure');
  });

  it('[LFG-2] halfScore: a Great Success is at or under half the score, rounded down, at least 1', () => {
    expect([1, 2, 3, 12, 13, 20].map(halfScoreThreshold)).toEqual([1, 1, 1, 6, 6, 10]);
    expect(classifyCheck(6, 13, 'halfScore')).toBe('critical-success');
    expect(classifyCheck(7, 13, 'halfScore')).toBe('success');
    expect(classifyCheck(1, 1, 'halfScore')).toBe('critical-success');
  });

  it('[LFG-2] natural1: only a natural 1 is a Great Success', () => {
    expect(classifyCheck(1, 13, 'natural1')).toBe('critical-success');
    expect(classifyCheck(2, 13, 'natural1')).toBe('success');
    expect(classifyCheck(6, 13, 'natural1')).toBe('success');
  });

  it('[LFG-2] a Great Success is a success first: nothing succeeds against a target below 1', () => {
    expect(classifyCheck(1, 0, 'halfScore')).toBe('failure');
    expect(classifyCheck(1, 0, 'natural1')).toBe('failure');
  });

  it('[LFG-3] advantage rolls two d20s and keeps the lower, disadvantage the higher', () => {
    expect(checkDice('normal')).toEqual({ sides: 20, count: 1 });
    expect(checkDice('advantage')).toEqual({ sides: 20, count: 2 });
    expect(keptFace([4, 15], 'advantage')).toBe(4);
    expect(keptFace([4, 15], 'disadvantage')).toBe(15);
    expect(scoreCheck([4, 15], { score: 10, mode: 'disadvantage' }).outcome).toBe('failure');
  });

  it('[LFG-4] a group check passes when at least half of its members succeed', () => {
    expect(groupCheckPasses(['success', 'failure'])).toBe(true);
    expect(groupCheckPasses(['success', 'failure', 'failure'])).toBe(false);
    expect(groupCheckPasses(['critical-success', 'success', 'failure'])).toBe(true);
    expect(groupCheckPasses([])).toBe(false);
  });

  it('[LFG-6] the party roll records faces, the kept face, the target and the outcome', () => {
    expect(scoreInitiative([5], { score: 11, modifier: 1 })).toEqual({
      dice: [{ sides: 20, face: 5 }],
      kept: 5,
      modifier: 1,
      total: 5,
      mode: 'normal',
      outcome: 'critical-success',
      detail: { target: 12 },
    });
    expect(scoreInitiative([20], { score: 19 }).outcome).toBe('failure');
    expect(scoreInitiative([9], { score: 11, greatSuccess: 'natural1' }).outcome).toBe('success');
  });

  it('[LFG-1] a server check is the seeded generator\'s faces, scored', () => {
    const rng = rngFromSeed(SEED);
    const expected = rollDice(rng, 20, 2);
    const rolled = rollCheck(rng, { score: 10, mode: 'advantage' });
    expect(rolled.result.faces).toEqual(expected.faces);
    expect(rolled.result.kept).toBe(Math.min(...expected.faces));
    expect(rolled.rng).toEqual(expected.rng);
    expect(rollCheck(rng, { score: 10, mode: 'advantage' })).toEqual(rolled);
  });
});
