// Imported creatures as the console adds them: identical monsters (same name, side, stats, health, note
// and stat block) become one group with a count, as the paste box's "4 Goblin" does — one initiative roll and one
// turn for the lot, as D&D's "identical creatures" rule and the tables using it expect. PCs are never
// grouped: each is a seat for a player.
import type { Creature } from '@roundkeeper/protocol';
import { MAX_GROUP_SIZE } from '@roundkeeper/protocol/limits';
import type { NewCombatant } from '@roundkeeper/rules';

/** Object keys in a fixed order, so equal creatures give equal keys whatever order the file used. */
const sameKey = (creature: Creature): string =>
  JSON.stringify([creature.name, creature.side, Object.entries(creature.stats).sort(), creature.health ?? null, creature.note ?? null, creature.statBlock ?? null]);

export function asAddCombatants(creatures: readonly Creature[]): NewCombatant[] {
  const out: NewCombatant[] = [];
  const open = new Map<string, number>();
  for (const creature of creatures) {
    const key = sameKey(creature);
    const at = creature.side === 'pc' ? undefined : open.get(key);
    const group = at === undefined ? undefined : out[at];
    if (group && (group.count ?? 1) < MAX_GROUP_SIZE) {
      out[at!] = { ...group, count: (group.count ?? 1) + 1 };
      continue;
    }
    open.set(key, out.length);
    out.push({ ...creature });
  }
  return out;
}
