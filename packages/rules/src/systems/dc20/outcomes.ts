// [DC20-9] [DC20-10] [DC20-11] [DC20-12] What an Initiative Check earns one PC, and which team wins
// the first turn. Only PCs roll: enemies, NPCs and Important NPCs never do.
import type { InitiativeRoll } from '../../core/model.js';
import { fail, ok, type Dc20Flags, type Dc20Role, type Result } from './types.js';

export const INSPIRATION_DIE_SIDES = 6;

/** What a PC gains (or suffers) from its own Initiative Check; each ends as `expires` says. */
export type InitiativeBenefit =
  /** [DC20-9] Add a d6 to 1 Check or Save of your choice this Combat. */
  | { readonly kind: 'inspiration-die'; readonly sides: typeof INSPIRATION_DIE_SIDES; readonly expires: 'combat-end' }
  /** [DC20-10] ADV on 1 Check or Save of your choice during the first Round. */
  | { readonly kind: 'first-round-adv'; readonly expires: 'round-1-end' }
  /** [DC20-11] The first Attack against you during the first Round has ADV. */
  | { readonly kind: 'first-attack-against-has-adv'; readonly expires: 'round-1-end' };

/**
 * Whether a check beats the DC. A Critical Success counts when its total does, or always with
 * `critCountsAsSuccess`; a Critical Failure never counts (it is a failure, whatever the total).
 */
export function countsAsSuccess(roll: InitiativeRoll, dc: number, flags: Pick<Dc20Flags, 'critCountsAsSuccess'>): boolean {
  switch (roll.outcome) {
    case 'critical-failure':
      return false;
    case 'critical-success':
      return flags.critCountsAsSuccess || roll.total >= dc;
    case 'success':
    case 'failure':
    case undefined:
      return roll.total >= dc;
    default: {
      const _exhaustive: never = roll.outcome;
      return _exhaustive;
    }
  }
}

export function individualOutcome(
  roll: InitiativeRoll,
  dc: number,
  flags: Pick<Dc20Flags, 'critCountsAsSuccess'>,
): readonly InitiativeBenefit[] {
  const benefits: InitiativeBenefit[] = [];
  if (countsAsSuccess(roll, dc, flags)) {
    benefits.push({ kind: 'inspiration-die', sides: INSPIRATION_DIE_SIDES, expires: 'combat-end' });
  }
  if (roll.outcome === 'critical-success') benefits.push({ kind: 'first-round-adv', expires: 'round-1-end' });
  if (roll.outcome === 'critical-failure') benefits.push({ kind: 'first-attack-against-has-adv', expires: 'round-1-end' });
  return benefits;
}

/** At least half the PCs: 1 PC needs 1, 2 need 1, 3 need 2, 4 need 2, 5 need 3. */
export const successesNeeded = (pcs: number): number => Math.ceil(pcs / 2);

export interface PartyMember {
  readonly role: Dc20Role;
  readonly roll: InitiativeRoll | null;
}

export interface PartyOutcome {
  readonly winner: 'pc' | 'enemy';
  readonly successes: number;
  readonly needed: number;
}

/** Counts the PCs who roll; Important NPCs count toward turns (order.ts), not here. */
export function partyOutcome(
  members: readonly PartyMember[],
  dc: number,
  flags: Pick<Dc20Flags, 'critCountsAsSuccess'>,
): Result<PartyOutcome> {
  const rollers = members.filter((m) => m.role === 'pc');
  if (rollers.length === 0) return fail('no-pcs');
  const rolls = rollers.flatMap((m) => (m.roll ? [m.roll] : []));
  if (rolls.length < rollers.length) return fail('initiative-missing');
  const successes = rolls.filter((r) => countsAsSuccess(r, dc, flags)).length;
  const needed = successesNeeded(rollers.length);
  return ok({ winner: successes >= needed ? 'pc' : 'enemy', successes, needed });
}
