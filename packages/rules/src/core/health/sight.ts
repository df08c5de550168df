// [ENG-32] Who sees what of health. The GM sees every number; a player sees their own characters'
// numbers; for everyone else the encounter's options say: PCs per `partyHealthView` (default: the
// numbers), enemies, NPCs and their groups per `npcHealthView` (default: states only).
import type { Audience } from '../view.js';
import type { CombatantId, EncounterState, Side } from '../model.js';
import { healthOptionsOf, type HealthViewMode } from './options.js';
import type { Health, HealthView } from './model.js';

/** Whose health: its side and the combatants it belongs to (a combatant, or a pooled group's members). */
export interface HealthOwner {
  readonly side: Side;
  readonly combatantIds: readonly CombatantId[];
}

/** How `audience` sees the health of `owner`. */
export function healthSight(state: Pick<EncounterState, 'options'>, audience: Audience, owner: HealthOwner): HealthViewMode {
  if (audience.role === 'gm') return 'numbers';
  if (audience.role === 'player' && owner.combatantIds.some((id) => audience.combatantIds.includes(id))) return 'numbers';
  const options = healthOptionsOf(state);
  return owner.side === 'pc' ? options.partyHealthView : options.npcHealthView;
}

/** The view of `health` (in `state`, the system's state id) for a sight; undefined when nothing is shown. */
export function healthView(sight: HealthViewMode, health: Health | null, state: string): HealthView | undefined {
  if (health === null) return undefined;
  switch (sight) {
    case 'numbers':
      return { shown: 'numbers', state, health };
    case 'states':
      return { shown: 'states', state };
    case 'none':
      return undefined;
    default: {
      const _exhaustive: never = sight;
      return _exhaustive;
    }
  }
}
