// [DC20-6] [DC20-7] [DC20-8] The Initiative Check: d20 + Combat Mastery + Agility against the
// Encounter DC. In two parts so physical dice can be entered: which dice to roll for a given
// ADV/DisADV, then the score from the faces.
import { rollDice } from '../../core/dice/rng.js';
import type { CheckOutcome, InitiativeRoll, RngState, RollMode } from '../../core/model.js';
import { fail, ok, type Result } from './types.js';

export const D20 = 20;
export const NATURAL_CRIT_SUCCESS = 20;
export const NATURAL_CRIT_FAILURE = 1;
/** More would be a typo, not a rule: no source stacks ADV that far. */
export const MAX_ADV_STACK = 10;

/** Combat Mastery is half the level, rounded up. */
export const combatMastery = (level: number): number => Math.ceil(level / 2);

/**
 * Stats `level` (default 1), `agility` (default 0) and `initBonus` (default 0): only bonuses that name
 * Initiative Checks go there, never those to Agility Checks (they "don't effect Initiative Checks").
 */
export function initiativeModifier(stats: Readonly<Record<string, number>>): number {
  return combatMastery(stats['level'] ?? 1) + (stats['agility'] ?? 0) + (stats['initBonus'] ?? 0);
}

export interface InitiativeDice {
  /** How many d20s to roll. */
  readonly count: number;
  readonly keep: 'highest' | 'lowest';
  readonly mode: RollMode;
  /** ADV minus DisADV after cancelling one for one. */
  readonly net: number;
}

/** [DC20-7] How many d20s ADV n and DisADV m roll: they cancel one for one, then |ADV − DisADV| + 1. */
export const dc20DiceCount = (adv: number, disadv: number): number => Math.abs(adv - disadv) + 1;

/** ADV n rolls n+1 d20s and keeps the highest, DisADV n keeps the lowest; they cancel one for one. */
export function initiativeDice(adv: number, disadv: number): Result<InitiativeDice> {
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_ADV_STACK;
  if (!valid(adv) || !valid(disadv)) return fail('invalid-dice', `ADV and DisADV run from 0 to ${MAX_ADV_STACK}.`);
  const net = adv - disadv;
  return ok({
    count: dc20DiceCount(adv, disadv),
    keep: net < 0 ? 'lowest' : 'highest',
    mode: net > 0 ? 'advantage' : net < 0 ? 'disadvantage' : 'normal',
    net,
  });
}

/** A natural 20 on the kept die is a Critical Success and a natural 1 a Critical Failure, whatever the total. */
export function checkOutcome(kept: number, total: number, dc: number): CheckOutcome {
  if (kept === NATURAL_CRIT_SUCCESS) return 'critical-success';
  if (kept === NATURAL_CRIT_FAILURE) return 'critical-failure';
  return total >= dc ? 'success' : 'failure';
}

export interface ScoreInput {
  readonly faces: readonly number[];
  readonly adv: number;
  readonly disadv: number;
  readonly modifier: number;
  readonly dc: number;
  readonly source: InitiativeRoll['source'];
}

export function scoreInitiative(input: ScoreInput): Result<InitiativeRoll> {
  const dice = initiativeDice(input.adv, input.disadv);
  if (!dice.ok) return dice;
  const { count, keep, mode, net } = dice.value;
  if (input.faces.length !== count) return fail('invalid-dice', `This check needs ${count} d20${count > 1 ? 's' : ''}.`);
  if (!input.faces.every((f) => Number.isInteger(f) && f >= 1 && f <= D20)) {
    return fail('invalid-dice', 'A d20 shows a whole number from 1 to 20.');
  }
  const kept = keep === 'highest' ? Math.max(...input.faces) : Math.min(...input.faces);
  const total = kept + input.modifier;
  return ok({
    dice: input.faces.map((face) => ({ sides: D20, face })),
    kept,
    modifier: input.modifier,
    total,
    mode,
    source: input.source,
    outcome: checkOutcome(kept, total, input.dc),
    detail: { netAdvantage: net },
  });
}

/** The server's roll: the dice from the generator, then the same scoring as physical dice. */
export function rollInitiative(
  rng: RngState,
  check: Omit<ScoreInput, 'faces' | 'source'>,
): Result<{ readonly roll: InitiativeRoll; readonly rng: RngState }> {
  const dice = initiativeDice(check.adv, check.disadv);
  if (!dice.ok) return dice;
  const rolled = rollDice(rng, D20, dice.value.count);
  const scored = scoreInitiative({ ...check, faces: rolled.faces, source: 'server' });
  return scored.ok ? ok({ roll: scored.value, rng: rolled.rng }) : scored;
}
