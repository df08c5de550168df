// [LFG-5] Surprise: before the first Initiative check the GM may give one side a free round. Only
// that side acts in it (the party clockwise from the combat's first roller, then its allies; the
// enemies in the GM's order), and no Initiative check is made for it: the first check is the next
// round's, by the same first roller, so the rotation is not shifted by the free round.
import type { CombatantId, TurnSlot, UnitRef } from '../../core/model.js';
import { partyBand, toSlot, type TurnSlotSeed } from './order.js';
import type { RankedEnemy, SurpriseSide } from './types.js';

export interface SurpriseInput {
  /** The combat's first roller; null while not chosen (the party then starts from the first seat). */
  readonly firstRoller: CombatantId | null;
  readonly seating: readonly CombatantId[];
  readonly allies: readonly UnitRef[];
  readonly enemies: readonly RankedEnemy[];
}

/** [LFG-5] The free round's slots for the side entitled to surprise. */
export function surpriseRoundSlots(side: SurpriseSide, input: SurpriseInput, nextId: () => string): readonly TurnSlot[] {
  const seeds: readonly TurnSlotSeed[] =
    side === 'party'
      ? partyBand(input.firstRoller, input.seating, input.allies)
      : input.enemies.map((e) => ({ side: 'enemy', unit: e.unit }));
  return seeds.map((seed) => toSlot(seed, nextId()));
}

/**
 * [LFG-5] [LFG-7] Whether round `round` (1-based) has a party Initiative check: every round does,
 * except the free round a surprise puts first.
 */
export const roundHasInitiativeCheck = (round: number, surprise: SurpriseSide | null): boolean =>
  !(surprise !== null && round === 1);
