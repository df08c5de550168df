import type { LogEntry } from '@roundkeeper/protocol';
import type { CombatantId, EncounterView, SlotId, UnitRef } from '@roundkeeper/rules';
import { slotLabel, unitsOf } from './units.js';

/**
 * How the log names what its events refer to by id. The GM's current view knows everyone still in the
 * encounter; the events shown know those added (or given conditions) within the log, removed since or not.
 */
export interface LogNames {
  combatant(id: CombatantId): string;
  /** "Goblin ×3" for a group, as the initiative panel says it. */
  unit(ref: UnitRef): string;
  /** "Turn: …" text: the slot's name, with who took it when it is open. */
  turn(slotId: SlotId, actorIds: readonly CombatantId[]): string;
  condition(combatantId: CombatantId, conditionId: string): string;
}

export function logNames(view: EncounterView, entries: readonly LogEntry[]): LogNames {
  const combatants = new Map<string, string>();
  const groups = new Map<string, string>();
  const conditions = new Map<string, string>();
  for (const { event } of entries) {
    if (event.type === 'combatant-added') combatants.set(event.combatant.id, event.combatant.name);
    else if (event.type === 'group-added') groups.set(event.group.id, event.group.name);
    else if (event.type === 'condition-added') conditions.set(`${event.combatantId}/${event.condition.id}`, event.condition.name);
  }
  for (const c of view.combatants) {
    combatants.set(c.id, c.name);
    for (const k of c.conditions) conditions.set(`${c.id}/${k.id}`, k.name);
  }
  const units = new Map(unitsOf(view).map((u) => [u.key, u.label]));

  const combatant = (id: CombatantId): string => combatants.get(id) ?? id;
  return {
    combatant,
    unit: (ref) => units.get(`${ref.kind}:${ref.id}`) ?? (ref.kind === 'group' ? (groups.get(ref.id) ?? ref.id) : combatant(ref.id)),
    turn(slotId, actorIds) {
      const actors = actorIds.map(combatant).join(', ');
      const slot = view.order.find((s) => s.id === slotId);
      // A slot gone from the order since (an lfg round re-built, a removed combatant) still has its actors.
      if (!slot) return actors || '?';
      return `${slotLabel(slot)}${slot.unit || !actors ? '' : ` (${actors})`}`;
    },
    condition: (combatantId, conditionId) => conditions.get(`${combatantId}/${conditionId}`) ?? 'a condition',
  };
}
