// [GEN-12] [GEN-13] The initiative check: each character (or minion group, GEN-26) makes a Simple Cool or
// Vigilance check. The dice spec comes from the check declared for the unit (Vigilance by default); the
// score comes from the faces alone, so server rolls and physically entered faces (GEN-29) read the same.
import type { Combatant, DieFace, InitiativeRoll, RngState, UnitRef } from '../../core/model.js';
import type { ScoredRoll } from '../../core/system.js';
import { unitKey } from '../../core/units.js';
import { rollSpec } from './narrative-dice.js';
import { initiativePool, MAX_SITUATIONAL_DICE, poolSpec } from './pool.js';
import { DEFAULT_OPTIONS, rankingNumbers, readDice } from './results.js';
import {
  INITIATIVE_SKILLS,
  type GenesysOptions,
  type GenesysState,
  type InitiativeCheck,
  type NarrativeDiceSpec,
} from './types.js';

/** [GEN-13] "If the GM and players are unsure … they should default to using Vigilance." */
export const DEFAULT_CHECK: InitiativeCheck = { skill: 'vigilance', boost: 0, setback: 0 };

const situational = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= MAX_SITUATIONAL_DICE;

/** Why a declared check cannot be rolled ('invalid-command'), or undefined when it can. */
export function checkProblem(check: InitiativeCheck): string | undefined {
  if (!INITIATIVE_SKILLS.includes(check.skill)) return 'Initiative uses Cool or Vigilance.';
  if (!situational(check.boost) || !situational(check.setback)) {
    return `Boost and Setback dice are whole numbers from 0 to ${MAX_SITUATIONAL_DICE}.`;
  }
  return undefined;
}

/** [GEN-13] The check declared for `unit`, or Vigilance with no extra dice when nobody declared one. */
export const declaredCheck = (genesys: GenesysState, unit: UnitRef): InitiativeCheck =>
  genesys.checks[unitKey(unit)] ?? DEFAULT_CHECK;

/** [GEN-13] Records a declared check (the state change of the genesys 'declare-initiative-check' event). */
export const withCheck = (genesys: GenesysState, unit: UnitRef, check: InitiativeCheck): GenesysState => ({
  ...genesys,
  checks: { ...genesys.checks, [unitKey(unit)]: check },
});

/** The `initiativeDice` hook's answer. A minion group shares its stats, so they come from its first member. */
export function initiativeDice(members: readonly Combatant[], check: InitiativeCheck): readonly NarrativeDiceSpec[] {
  return poolSpec(initiativePool(members[0]?.stats ?? {}, check.skill, check.boost, check.setback));
}

/**
 * [GEN-14] The `scoreInitiative` hook's answer. `detail` holds the net result (successes, advantages,
 * failures, threats, triumphs, despairs; at most one of each opposed pair is non-zero) and `total` the
 * successes it ranks by. A narrative check has no single kept face and no modifier: both are 0.
 * Faces must carry their die's kind (the engine copies it from the spec); anything else is a bug and throws.
 */
export function scoreInitiative(dice: readonly DieFace[], options: GenesysOptions = DEFAULT_OPTIONS): ScoredRoll {
  const net = readDice(dice);
  return { dice, kept: 0, modifier: 0, total: rankingNumbers(net, options).successes, mode: 'normal', detail: { ...net } };
}

/** A whole server roll, as the engine does it with the two hooks above. */
export function rollGenesysInitiative(
  members: readonly Combatant[],
  check: InitiativeCheck,
  rng: RngState,
  options: GenesysOptions = DEFAULT_OPTIONS,
): { readonly roll: InitiativeRoll; readonly rng: RngState } {
  const rolled = rollSpec(rng, initiativeDice(members, check));
  // Not spread: see core/decide/initiative.ts.
  return { roll: Object.assign({}, scoreInitiative(rolled.dice, options), { source: 'server' as const }), rng: rolled.rng };
}
