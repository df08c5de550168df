// [LFG-10] [LFG-11] [LFG-12] [LFG-13] The order of one round, rebuilt every round from the party's
// Initiative check. The party band is fixed unit slots: the PCs clockwise from the roller, then the
// party's hirelings and pets in the GM's order. Enemy bands are fixed unit slots in the GM's order.
// Delay (delay.ts) moves party slots later within the round.
import type { CheckOutcome, CombatantId, TurnSlot, UnitRef } from '../../core/model.js';
import { clockwiseFrom } from './roller.js';
import { ENEMY_RANKS, type Band, type EnemyRank, type RankedEnemy } from './types.js';

/** [LFG-10] The stat that carries the rank until the model has enumerated stats: 0, 1, 2. */
export const RANK_STAT = 'rank';

/** [LFG-10] The rank stored as a number; anything unknown is a normal enemy. */
export function rankFromStat(value: number | undefined): EnemyRank {
  return ENEMY_RANKS[value ?? 0] ?? 'normal';
}

export const rankToStat = (rank: EnemyRank): number => ENEMY_RANKS.indexOf(rank);

/** [LFG-11] Which bands act, in order, for the party's outcome. */
export function bandsFor(outcome: CheckOutcome): readonly Band[] {
  switch (outcome) {
    case 'critical-success':
      return ['party', 'all-enemies'];
    case 'success':
      return ['bosses-and-heavies', 'party', 'other-enemies'];
    case 'failure':
    case 'critical-failure':
      return ['all-enemies', 'party'];
    default: {
      const _exhaustive: never = outcome;
      return _exhaustive;
    }
  }
}

const isBossOrHeavy = (e: RankedEnemy): boolean => e.rank !== 'normal';

/** [LFG-13] The enemies of a band, kept in the GM's order. */
export function enemiesInBand(band: Exclude<Band, 'party'>, enemies: readonly RankedEnemy[]): readonly UnitRef[] {
  switch (band) {
    case 'bosses-and-heavies':
      return enemies.filter(isBossOrHeavy).map((e) => e.unit);
    case 'other-enemies':
      return enemies.filter((e) => !isBossOrHeavy(e)).map((e) => e.unit);
    case 'all-enemies':
      return enemies.map((e) => e.unit);
    default: {
      const _exhaustive: never = band;
      return _exhaustive;
    }
  }
}

export interface RoundOrderInput {
  readonly outcome: CheckOutcome;
  /** This round's roller: acts first for the party. */
  readonly roller: CombatantId;
  /** PCs still in the fight, clockwise. */
  readonly seating: readonly CombatantId[];
  /** Hirelings and pets (side 'npc'), in the GM's order: they act after the PCs. */
  readonly allies: readonly UnitRef[];
  /** Enemy units with their rank, in the GM's order. */
  readonly enemies: readonly RankedEnemy[];
}

/** [LFG-12] The party band: the roller first (the first seat when there is none), then clockwise, then the allies. */
export function partyBand(
  roller: CombatantId | null,
  seating: readonly CombatantId[],
  allies: readonly UnitRef[],
): readonly TurnSlotSeed[] {
  const pcs = (roller === null ? seating : clockwiseFrom(seating, roller)).map((id): TurnSlotSeed => ({ side: 'pc', unit: { kind: 'combatant', id } }));
  return [...pcs, ...allies.map((unit): TurnSlotSeed => ({ side: 'npc', unit }))];
}

/** A slot before it gets an id. */
export interface TurnSlotSeed {
  readonly side: TurnSlot['side'];
  readonly unit: UnitRef;
}

export const toSlot = (seed: TurnSlotSeed, id: string): TurnSlot => ({
  id,
  side: seed.side,
  filler: { kind: 'unit', unit: seed.unit },
});

/** [LFG-11] The round's slots, band after band. */
export function buildRoundSlots(input: RoundOrderInput, nextId: () => string): readonly TurnSlot[] {
  return bandsFor(input.outcome)
    .flatMap((band): readonly TurnSlotSeed[] =>
      band === 'party'
        ? partyBand(input.roller, input.seating, input.allies)
        : enemiesInBand(band, input.enemies).map((unit) => ({ side: 'enemy', unit })),
    )
    .map((seed) => toSlot(seed, nextId()));
}
