// [GEN-14] [GEN-15] [GEN-16] [GEN-17] Ranking the initiative results: most successes first, then most
// advantages, then a PC's result above an NPC's. What is still tied is two results of the same kind, and
// those become two interchangeable slots of one side, so no one needs to order them (GEN-17).
import type { InitiativeRoll, Side, UnitRef } from '../../core/model.js';
import { isLive, type UnitInfo } from '../../core/units.js';
import { DEFAULT_OPTIONS, rankingNumbers, readDice } from './results.js';
import type { GenesysOptions, GenesysSide, RankedResult, RankKey } from './types.js';

/** [GEN-18] Genesys has Player Characters and NPCs; the model's `enemy` and `npc` sides are both NPCs. */
export function genesysSide(side: Side): GenesysSide {
  switch (side) {
    case 'pc':
      return 'pc';
    case 'enemy':
    case 'npc':
      return 'npc';
    default: {
      const _exhaustive: never = side;
      return _exhaustive;
    }
  }
}

/** Read from the faces, not from `detail`, so the flag in force decides and stored detail cannot drift. */
export function rankKey(roll: InitiativeRoll, side: Side, options: GenesysOptions = DEFAULT_OPTIONS): RankKey {
  return { ...rankingNumbers(readDice(roll.dice), options), side: genesysSide(side) };
}

const SIDE_RANK: Readonly<Record<GenesysSide, number>> = { pc: 0, npc: 1 };

/** Negative when `a` ranks above `b`; 0 only for results of the same side with equal numbers. */
export function compareKeys(a: RankKey, b: RankKey): number {
  return b.successes - a.successes || b.advantages - a.advantages || SIDE_RANK[a.side] - SIDE_RANK[b.side];
}

/**
 * The ranked results of every rolled unit still in the fight, highest first. Display order breaks
 * exact ties, only so that the list the GM sees is stable; the slots do not depend on it (GEN-17).
 */
export function rankResults(units: readonly UnitInfo[], options: GenesysOptions = DEFAULT_OPTIONS): readonly RankedResult[] {
  return units
    .flatMap((u, position): RankedResult[] =>
      u.initiative && isLive(u) ? [{ unit: u.ref, key: rankKey(u.initiative, u.side, options), position }] : [],
    )
    .sort((a, b) => compareKeys(a.key, b.key) || a.position - b.position);
}

/** [GEN-17] Nothing ever waits for a tie to be ordered in genesys. */
export const pendingTies = (): readonly (readonly UnitRef[])[] => [];
