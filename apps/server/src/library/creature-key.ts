// [issue 28] Two bestiary entries that say exactly the same thing are one: importing a file twice, or
// saving the same monster again, kept exact duplicates. A creature's key is its JSON with every
// object's keys sorted, so stats given in another order are the same creature.
import type { Creature } from '@roundkeeper/protocol';

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, sorted(v)]));
};

export const creatureKey = (creature: Creature): string => JSON.stringify(sorted(creature));

/** `creatures` without those already `kept` and without repeats among themselves, in their order. */
export function withoutDuplicates(creatures: readonly Creature[], kept: readonly Creature[]): Creature[] {
  const seen = new Set(kept.map(creatureKey));
  return creatures.filter((creature) => {
    const key = creatureKey(creature);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
