// [UES-16] [UES-17] [UES-18] Action Points: 3 at most by default. Everyone replenishes at the start
// of each round; with the turn-based variant, everyone starts combat full and from round 2 on
// replenishes at the start of their own turn. Replenishing sets AP to the maximum (nothing carries).
import type { ApPool, ApRefresh, Checked } from './types.js';
import { uesViolation } from './violations.js';

export const FIRST_ROUND = 1;

export const fullPool = (max: number): ApPool => ({ current: max, max });

const refill = (pool: ApPool): ApPool => fullPool(pool.max);

/** [UES-16] [UES-17] The round-start hook. Round 1 fills everyone in both modes. */
export function apAtRoundStart(pool: ApPool, mode: ApRefresh, round: number): ApPool {
  switch (mode) {
    case 'roundStart':
      return refill(pool);
    case 'turnStart':
      return round === FIRST_ROUND ? refill(pool) : pool;
    default: {
      const _exhaustive: never = mode;
      return _exhaustive;
    }
  }
}

/** [UES-17] The turn-start hook: only the variant refills here, and not in round 1. */
export function apAtTurnStart(pool: ApPool, mode: ApRefresh, round: number): ApPool {
  switch (mode) {
    case 'roundStart':
      return pool;
    case 'turnStart':
      return round === FIRST_ROUND ? pool : refill(pool);
    default: {
      const _exhaustive: never = mode;
      return _exhaustive;
    }
  }
}

/** [UES-22] Spending never goes below zero. */
export function spendAp(pool: ApPool, cost: number): Checked<ApPool> {
  if (!Number.isInteger(cost) || cost < 0) {
    return { ok: false, violation: uesViolation('invalid-action', 'An action costs a whole number of AP.') };
  }
  if (cost > pool.current) {
    return {
      ok: false,
      violation: uesViolation('insufficient-resource', `That costs ${cost} AP and only ${pool.current} remain.`),
    };
  }
  return { ok: true, value: { current: pool.current - cost, max: pool.max } };
}

/** A trait that lowers the maximum also lowers what is left above it. */
export const setMaxAp = (pool: ApPool, max: number): ApPool => ({ current: Math.min(pool.current, max), max });
