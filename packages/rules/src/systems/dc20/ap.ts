// [DC20-31] [DC20-35] [DC20-36] [DC20-37] [DC20-38] Action Points: 4 at most, all regained when your
// own turn ends; Surprised costs 2 current and maximum AP until the end of your first turn; Legendary
// AP are spent between PC turns and, with the Beta Note, whatever is left at the end of the round.
import type { Side } from '../../core/model.js';
import { fail, ok, type ApState, type Dc20Flags, type LapState, type Result } from './types.js';

export const AP_MAX = 4;
export const SURPRISED_AP_PENALTY = 2;

/** [DC20-31] [DC20-36] Everyone gains their AP when combat begins; the Surprised start with fewer. */
export function startingAp(surprised: boolean, flags: Pick<Dc20Flags, 'surprised'>): ApState {
  if (!surprised) return { current: AP_MAX, max: AP_MAX, surprised: false, regainDeferred: false };
  switch (flags.surprised) {
    case 'apPenalty': {
      const reduced = AP_MAX - SURPRISED_AP_PENALTY;
      return { current: reduced, max: reduced, surprised: true, regainDeferred: false };
    }
    case 'unableToAct':
      return { current: 0, max: AP_MAX, surprised: true, regainDeferred: false };
    default: {
      const _exhaustive: never = flags.surprised;
      return _exhaustive;
    }
  }
}

export function spendAp(ap: ApState, amount: number): Result<ApState> {
  if (!Number.isInteger(amount) || amount < 1 || amount > ap.current) return fail('not-enough-ap');
  return ok({ ...ap, current: ap.current - amount });
}

/** [DC20-21] A delay: unspent AP stay, nothing is regained until the new PC turn ends. */
export const deferRegain = (ap: ApState): ApState => ({ ...ap, regainDeferred: true });

/**
 * [DC20-37] The end of one's own turn (the new one after a delay): Surprised ends with the first
 * turn, so the maximum is back to 4, and all AP are regained.
 */
export const endOwnTurn = (_ap: ApState): ApState => ({ current: AP_MAX, max: AP_MAX, surprised: false, regainDeferred: false });

/** [DC20-38] LAP are spent in-between the PCs' turns: a window opens when a PC turn ends. */
export const lapWindowAfter = (endedSide: Side): boolean => endedSide === 'pc';

export type LapWindow = 'between-pc-turns' | 'round-end';

export function spendLap(lap: LapState, amount: number, window: LapWindow, flags: Pick<Dc20Flags, 'lapMode'>): Result<LapState> {
  if (!Number.isInteger(amount) || amount < 1 || amount > lap.current) return fail('not-enough-lap');
  // `perTurn` here is what is left of the allowance in this window (decide-points.ts subtracts what was spent).
  if (window === 'between-pc-turns' && lap.perTurn === 0) {
    return fail('not-enough-lap', 'No more LAP until after the next PC turn: this window’s allowance is spent.');
  }
  if (window === 'between-pc-turns' && amount > lap.perTurn) return fail('not-enough-lap', `At most ${lap.perTurn} LAP now.`);
  if (window === 'round-end' && flags.lapMode === 'strict') return fail('not-enough-lap', 'Leftover LAP cannot be spent at the end of the round.');
  return ok({ ...lap, current: lap.current - amount });
}

/** [DC20-38] At round end: how many leftover LAP may still be spent (before regaining), then the refill. */
export function roundEndLap(lap: LapState, flags: Pick<Dc20Flags, 'lapMode'>): { readonly spendable: number; readonly regained: LapState } {
  return { spendable: flags.lapMode === 'roundEnd' ? lap.current : 0, regained: { ...lap, current: lap.max } };
}
