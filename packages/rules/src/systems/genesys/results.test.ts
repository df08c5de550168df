import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DieFace } from '../../core/model.js';
import { sidesOf } from './narrative-dice.js';
import { genesysOptions, netResult, rankingNumbers, readDice, tallySymbols } from './results.js';
import { showing } from './test-fixtures.js';
import { NARRATIVE_DIE_KINDS } from './types.js';

const RUNS = 500;
const MAX_DICE = 12;
const net = (successes: number, advantages: number, failures: number, threats: number, triumphs = 0, despairs = 0) => ({
  successes,
  advantages,
  failures,
  threats,
  triumphs,
  despairs,
});

describe('genesys results', () => {
  it('[GEN-6] symbols are added up face by face, Triumph and Despair counted as themselves', () => {
    const dice = [showing('proficiency', 'T'), showing('ability', 'sa'), showing('challenge', 'D'), showing('setback', 'h')];
    expect(tallySymbols(dice)).toEqual(net(1, 1, 0, 1, 1, 1));
  });

  it('[GEN-7] successes cancel failures and advantages cancel threats, one for one', () => {
    expect(readDice([showing('ability', 'ss'), showing('difficulty', 'f'), showing('boost', 'aa'), showing('difficulty', 'hh')])).toEqual(
      net(1, 0, 0, 0),
    );
    expect(readDice([showing('ability', 's'), showing('difficulty', 'ff'), showing('ability', 'a'), showing('setback', 'h')])).toEqual(
      net(0, 0, 1, 0),
    );
    expect(readDice([showing('ability', 'aa'), showing('difficulty', 'fh')])).toEqual(net(0, 1, 1, 0));
  });

  it('[GEN-7] blank faces add nothing', () => {
    expect(readDice(NARRATIVE_DIE_KINDS.map((kind) => showing(kind, '')))).toEqual(net(0, 0, 0, 0));
  });

  it('[GEN-6] [GEN-8] a Triumph is a success that cancels a failure, yet the Triumph itself stays', () => {
    expect(readDice([showing('proficiency', 'T'), showing('difficulty', 'f')])).toEqual(net(0, 0, 0, 0, 1, 0));
    expect(readDice([showing('proficiency', 'T'), showing('setback', '')])).toEqual(net(1, 0, 0, 0, 1, 0));
  });

  it('[GEN-6] [GEN-8] a Despair is a failure cancelled by a success, yet the Despair itself stays', () => {
    expect(readDice([showing('challenge', 'D'), showing('ability', 'ss')])).toEqual(net(1, 0, 0, 0, 0, 1));
  });

  it('[GEN-8] a Triumph and a Despair cancel each other\'s success and failure, never each other', () => {
    expect(readDice([showing('proficiency', 'T'), showing('challenge', 'D')])).toEqual(net(0, 0, 0, 0, 1, 1));
  });

  it('[GEN-14] by default net failures and threats rank as zero; signedNetRanking makes them negative', () => {
    const result = net(0, 0, 2, 1);
    expect(rankingNumbers(result)).toEqual({ successes: 0, advantages: 0 });
    expect(rankingNumbers(result, { signedNetRanking: true })).toEqual({ successes: -2, advantages: -1 });
    expect(rankingNumbers(net(3, 2, 0, 0), { signedNetRanking: true })).toEqual({ successes: 3, advantages: 2 });
  });

  it('[GEN-14] the flag is read from the encounter options, default false', () => {
    expect(genesysOptions({})).toEqual({ signedNetRanking: false });
    expect(genesysOptions({ signedNetRanking: true })).toEqual({ signedNetRanking: true });
    expect(genesysOptions({ signedNetRanking: 'yes' })).toEqual({ signedNetRanking: false });
  });

  it('[GEN-7] [GEN-8] property: a net result never holds both successes and failures, and keeps every T and D', () => {
    const die: fc.Arbitrary<DieFace> = fc
      .constantFrom(...NARRATIVE_DIE_KINDS)
      .chain((kind) => fc.integer({ min: 1, max: sidesOf(kind) }).map((face) => ({ sides: sidesOf(kind), face, kind })));
    fc.assert(
      fc.property(fc.array(die, { maxLength: MAX_DICE }), (dice) => {
        const raw = tallySymbols(dice);
        const result = netResult(raw);
        expect(Math.min(result.successes, result.failures)).toBe(0);
        expect(Math.min(result.advantages, result.threats)).toBe(0);
        expect(result.triumphs).toBe(raw.triumphs);
        expect(result.despairs).toBe(raw.despairs);
        expect(result.successes - result.failures).toBe(raw.successes + raw.triumphs - raw.failures - raw.despairs);
        expect(result.advantages - result.threats).toBe(raw.advantages - raw.threats);
      }),
      { seed: 20240601, numRuns: RUNS },
    );
  });
});
