import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/dice/rng.js';
import {
  checkProblem,
  declaredCheck,
  DEFAULT_CHECK,
  initiativeDice,
  rollGenesysInitiative,
  scoreInitiative,
  withCheck,
} from './initiative.js';
import { readDice } from './results.js';
import { combatant, showing } from './test-fixtures.js';
import type { GenesysState } from './types.js';

const SEED = '00112233445566778899aabbccddeeff';
const kyra = combatant('c1', 'pc', null, { stats: { presence: 3, cool: 2, willpower: 2, vigilance: 1 } });
const EMPTY: GenesysState = { checks: {}, slotKeys: {} };

describe('genesys initiative', () => {
  it('[GEN-13] with no declared check a unit makes Vigilance with no situational dice', () => {
    expect(DEFAULT_CHECK).toEqual({ skill: 'vigilance', boost: 0, setback: 0 });
    expect(declaredCheck(EMPTY, { kind: 'combatant', id: 'c1' })).toEqual(DEFAULT_CHECK);
  });

  it('[GEN-13] a declared check is kept per unit: different characters may use different skills', () => {
    const cool = { skill: 'cool', boost: 1, setback: 0 } as const;
    const state = withCheck(EMPTY, { kind: 'combatant', id: 'c1' }, cool);
    expect(declaredCheck(state, { kind: 'combatant', id: 'c1' })).toEqual(cool);
    expect(declaredCheck(state, { kind: 'group', id: 'c1' })).toEqual(DEFAULT_CHECK);
  });

  it('[GEN-12] [GEN-13] the chosen skill decides the dice spec', () => {
    expect(initiativeDice([kyra], { skill: 'cool', boost: 0, setback: 0 })).toEqual([
      { kind: 'proficiency', sides: 12, count: 2 },
      { kind: 'ability', sides: 8, count: 1 },
    ]);
    expect(initiativeDice([kyra], { skill: 'vigilance', boost: 1, setback: 2 })).toEqual([
      { kind: 'proficiency', sides: 12, count: 1 },
      { kind: 'ability', sides: 8, count: 1 },
      { kind: 'boost', sides: 6, count: 1 },
      { kind: 'setback', sides: 6, count: 2 },
    ]);
  });

  it('[GEN-13] a check needs Cool or Vigilance and 0 to 10 whole Boost and Setback dice', () => {
    expect(checkProblem({ skill: 'cool', boost: 2, setback: 0 })).toBeUndefined();
    expect(checkProblem({ skill: 'athletics' as 'cool', boost: 0, setback: 0 })).toMatch(/Cool or Vigilance/);
    expect(checkProblem({ skill: 'cool', boost: -1, setback: 0 })).toMatch(/Boost and Setback/);
    expect(checkProblem({ skill: 'cool', boost: 0, setback: 1.5 })).toMatch(/Boost and Setback/);
    expect(checkProblem({ skill: 'cool', boost: 11, setback: 0 })).toMatch(/Boost and Setback/);
  });

  it('[GEN-14] [GEN-29] the score comes from the faces: detail is the net result, total the successes it ranks by', () => {
    const dice = [showing('proficiency', 'T'), showing('proficiency', 'sa'), showing('ability', 'aa'), showing('setback', 'h')];
    expect(scoreInitiative(dice)).toEqual({
      dice,
      kept: 0,
      modifier: 0,
      total: 2,
      mode: 'normal',
      detail: { successes: 2, advantages: 2, failures: 0, threats: 0, triumphs: 1, despairs: 0 },
    });
  });

  it('[GEN-14] net failures give a total of 0, or below 0 with signedNetRanking', () => {
    const dice = [showing('ability', ''), showing('setback', 'f'), showing('setback', 'f')];
    expect(scoreInitiative(dice).total).toBe(0);
    expect(scoreInitiative(dice, { signedNetRanking: true }).total).toBe(-2);
    expect(scoreInitiative(dice).detail?.['failures']).toBe(2);
  });

  it('[GEN-29] scoring faces without a narrative kind is a bug, not a rule violation', () => {
    expect(() => scoreInitiative([{ sides: 8, face: 3 }])).toThrow(/Not a narrative die/);
  });

  it('[GEN-12] [GEN-5] a server roll rolls the spec with the seeded generator and scores its faces', () => {
    const check = { skill: 'cool', boost: 0, setback: 0 } as const;
    const { roll, rng } = rollGenesysInitiative([kyra], check, rngFromSeed(SEED));
    expect(roll.dice.map((d) => [d.kind, d.sides])).toEqual([
      ['proficiency', 12],
      ['proficiency', 12],
      ['ability', 8],
    ]);
    expect(roll.source).toBe('server');
    expect(roll.detail).toEqual({ ...readDice(roll.dice) });
    expect(rng).not.toEqual(rngFromSeed(SEED));
    expect(rollGenesysInitiative([kyra], check, rngFromSeed(SEED))).toEqual({ roll, rng });
  });
});
