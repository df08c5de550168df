// [GEN-6] [GEN-7] [GEN-8] [GEN-14] Reading a roll: add up the symbols, count a Triumph as a success
// and a Despair as a failure, cancel successes against failures and advantages against threats one
// for one. The Triumph and Despair symbols themselves are never cancelled.
import type { DieFace } from '../../core/model.js';
import { faceSymbols } from './narrative-dice.js';
import type { GenesysOptions, NarrativeSymbol, NetResult, SymbolCounts } from './types.js';

export const DEFAULT_OPTIONS: GenesysOptions = { signedNetRanking: false };

const EMPTY: SymbolCounts = { successes: 0, advantages: 0, failures: 0, threats: 0, triumphs: 0, despairs: 0 };

function countSymbol(counts: SymbolCounts, symbol: NarrativeSymbol): SymbolCounts {
  switch (symbol) {
    case 's':
      return { ...counts, successes: counts.successes + 1 };
    case 'a':
      return { ...counts, advantages: counts.advantages + 1 };
    case 'f':
      return { ...counts, failures: counts.failures + 1 };
    case 'h':
      return { ...counts, threats: counts.threats + 1 };
    case 'T':
      return { ...counts, triumphs: counts.triumphs + 1 };
    case 'D':
      return { ...counts, despairs: counts.despairs + 1 };
    default: {
      const _exhaustive: never = symbol;
      return _exhaustive;
    }
  }
}

/** Every symbol on the dice, uncancelled; Triumphs and Despairs are counted only as themselves here. */
export function tallySymbols(dice: readonly DieFace[]): SymbolCounts {
  return dice.flatMap(faceSymbols).reduce(countSymbol, EMPTY);
}

export function netResult(counts: SymbolCounts): NetResult {
  const successes = counts.successes + counts.triumphs;
  const failures = counts.failures + counts.despairs;
  const cancelled = Math.min(successes, failures);
  const balance = Math.min(counts.advantages, counts.threats);
  return {
    successes: successes - cancelled,
    failures: failures - cancelled,
    advantages: counts.advantages - balance,
    threats: counts.threats - balance,
    triumphs: counts.triumphs,
    despairs: counts.despairs,
  };
}

export const readDice = (dice: readonly DieFace[]): NetResult => netResult(tallySymbols(dice));

/**
 * [GEN-14] [GEN-15] The two numbers a result is ranked by. Default: net failures rank as 0 successes and
 * net threats as 0 advantages; with `signedNetRanking` they count below zero (successes − failures,
 * advantages − threats). The flag treats both the same way so a check with threats never outranks one
 * with none.
 */
export function rankingNumbers(
  net: NetResult,
  options: GenesysOptions = DEFAULT_OPTIONS,
): { readonly successes: number; readonly advantages: number } {
  return options.signedNetRanking
    ? { successes: net.successes - net.failures, advantages: net.advantages - net.threats }
    : { successes: net.successes, advantages: net.advantages };
}

/** Reads the options an encounter stores (unknown keys ignored, missing ones default). */
export function genesysOptions(options: Readonly<Record<string, unknown>>): GenesysOptions {
  return { signedNetRanking: options['signedNetRanking'] === true };
}
