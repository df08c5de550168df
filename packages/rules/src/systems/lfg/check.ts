// [LFG-1] [LFG-2] [LFG-3] [LFG-4] Roll-under d20 checks: succeed on a face equal to or under the
// score, a natural 20 always fails, and a Great Success is read per the `greatSuccess` option.
// Dice are a spec first and faces later, so the same scoring serves server rolls and physical dice.
import { rollDice } from '../../core/dice/rng.js';
import type { CheckOutcome, InitiativeRoll, RngState, RollMode } from '../../core/model.js';
import type { CheckResult, DiceSpec, GreatSuccessRule } from './types.js';

export const D20 = 20;
/** [LFG-1] This face fails whatever the score. */
export const NATURAL_FAILURE = 20;
export const DEFAULT_GREAT_SUCCESS: GreatSuccessRule = 'halfScore';
/** [LFG-2] halfScore never asks for less than this face. */
const MIN_GREAT_SUCCESS_FACE = 1;

export interface CheckInput {
  /** The score from the sheet (Initiative, Will, Luck, Cha …). */
  readonly score: number;
  /** [LFG-1] The GM's modifier, added to the score (roll-under: +2 makes success likelier). */
  readonly modifier?: number;
  readonly mode?: RollMode;
  readonly greatSuccess?: GreatSuccessRule;
}

/** [LFG-3] Advantage and disadvantage roll two d20s. */
export function checkDice(mode: RollMode = 'normal'): DiceSpec {
  return { sides: D20, count: mode === 'normal' ? 1 : 2 };
}

/** [LFG-3] Lower is better when rolling under: advantage keeps the lower face, disadvantage the higher. */
export function keptFace(faces: readonly number[], mode: RollMode): number {
  switch (mode) {
    case 'normal':
      return faces[0] ?? NATURAL_FAILURE;
    case 'advantage':
      return Math.min(...faces);
    case 'disadvantage':
      return Math.max(...faces);
    default: {
      const _exhaustive: never = mode;
      return _exhaustive;
    }
  }
}

/** [LFG-2] The highest face that is a Great Success under `halfScore`. */
export const halfScoreThreshold = (target: number): number =>
  Math.max(MIN_GREAT_SUCCESS_FACE, Math.floor(target / 2));

/**
 * [LFG-1] [LFG-2] A Great Success is also a success: with a target below 1 even a natural 1 fails.
 * The text has no critical failure for these checks, so a natural 20 is a plain 'failure'.
 */
export function classifyCheck(face: number, target: number, rule: GreatSuccessRule = DEFAULT_GREAT_SUCCESS): CheckOutcome {
  if (face === NATURAL_FAILURE || face > target) return 'failure';
  switch (rule) {
    case 'halfScore':
      return face <= halfScoreThreshold(target) ? 'critical-success' : 'success';
    case 'natural1':
      return face === 1 ? 'critical-success' : 'success';
    default: {
      const _exhaustive: never = rule;
      return _exhaustive;
    }
  }
}

export const isSuccess = (outcome: CheckOutcome): boolean => outcome === 'success' || outcome === 'critical-success';

/** Scores faces already rolled (by the server or at the table). */
export function scoreCheck(faces: readonly number[], input: CheckInput): CheckResult {
  const mode = input.mode ?? 'normal';
  const kept = keptFace(faces, mode);
  const target = input.score + (input.modifier ?? 0);
  return { faces, kept, target, outcome: classifyCheck(kept, target, input.greatSuccess) };
}

/** Rolls and scores one check with the encounter's generator. */
export function rollCheck(rng: RngState, input: CheckInput): { readonly result: CheckResult; readonly rng: RngState } {
  const spec = checkDice(input.mode);
  const rolled = rollDice(rng, spec.sides, spec.count);
  return { result: scoreCheck(rolled.faces, input), rng: rolled.rng };
}

/**
 * [LFG-6] The party's Initiative check as a roll (the engine adds `source`). Roll-under has no sum:
 * `total` is the kept face, `modifier` is what the GM added to the score, and `detail.target` is what
 * it was rolled against; `outcome` carries success, failure or Great Success ('critical-success').
 */
export function scoreInitiative(faces: readonly number[], input: CheckInput): Omit<InitiativeRoll, 'source'> {
  const mode = input.mode ?? 'normal';
  const result = scoreCheck(faces, input);
  return {
    dice: faces.map((face) => ({ sides: D20, face })),
    kept: result.kept,
    modifier: input.modifier ?? 0,
    total: result.kept,
    mode,
    outcome: result.outcome,
    detail: { target: result.target },
  };
}

/**
 * [LFG-4] A group check: everyone rolls, and the group succeeds when at least half succeed
 * (⌈n / 2⌉ of n). An empty group has nobody to succeed.
 */
export function groupCheckPasses(outcomes: readonly CheckOutcome[]): boolean {
  const successes = outcomes.filter(isSuccess).length;
  return outcomes.length > 0 && successes * 2 >= outcomes.length;
}
