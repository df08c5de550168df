// [UES-2] [UES-5] [UES-13] An Initiative Roll is 1d6 + Initiative Rating. A surprised character
// rolls nothing and uses its rating; a group of similar NPCs rolls once, with its first member's
// numbers. Split as the engine wants it: which dice to roll, then the roll scored from their faces.
import type { Combatant, DieFace, Side } from '../../core/model.js';
import type { DiceSpec, ScoredRoll } from '../../core/system.js';
import { initiativeRating, luckBonus } from './ratings.js';
import type { Checked } from './types.js';
import { uesViolation } from './violations.js';

export const INITIATIVE_DIE = 6;
const SURPRISED_MARK = 1;

export interface UnitRatings {
  readonly rating: number;
  readonly luckBonus: number | null;
}

/** [UES-2] [UES-5] Surprised: no dice; otherwise one d6. */
export const initiativeDice = (surprised: boolean): readonly DiceSpec[] =>
  surprised ? [] : [{ sides: INITIATIVE_DIE, count: 1 }];

/** [UES-13] A group shares one roll, so its numbers come from its first member (similar NPCs). */
export function unitRatings(side: Side, members: readonly Combatant[]): UnitRatings {
  const stats = members[0]?.stats ?? {};
  return { rating: initiativeRating(stats), luckBonus: luckBonus(side, stats) };
}

/**
 * The roll scored from faces already checked against `initiativeDice`. The modifier is the
 * Initiative Rating (the first tie-breaker); `detail.luckBonus` (PCs only) is the second;
 * `detail.surprised` marks a rating used without a roll.
 */
export function scoreInitiative(dice: readonly DieFace[], ratings: UnitRatings, surprised: boolean): ScoredRoll {
  const kept = surprised ? 0 : (dice[0]?.face ?? 0);
  const detail: Record<string, number> = {};
  if (ratings.luckBonus !== null) detail['luckBonus'] = ratings.luckBonus;
  if (surprised) detail['surprised'] = SURPRISED_MARK;
  return { dice: surprised ? [] : dice, kept, modifier: ratings.rating, total: kept + ratings.rating, mode: 'normal', detail };
}

/** [UES-12] [UES-13] Only NPCs share a roll: every player character rolls for itself. */
export function checkGroup(side: Side, count: number): Checked<number> {
  if (count > 1 && side === 'pc') {
    return { ok: false, violation: uesViolation('invalid-command', 'Player characters each roll their own initiative.') };
  }
  return { ok: true, value: count };
}

/** [UES-2] A unit uses its rating without rolling only when every member still standing is surprised. */
export function unitSurprised(members: readonly Combatant[], isSurprised: (id: string) => boolean): boolean {
  const standing = members.filter((m) => !m.defeated);
  return standing.length > 0 && standing.every((m) => isSurprised(m.id));
}
