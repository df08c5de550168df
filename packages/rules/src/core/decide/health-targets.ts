// [ENG-28] Checking who a health command names and whether the actor may name them. A player never
// learns of a hidden combatant from a refusal: naming one is refused exactly as naming none.
import type { Actor } from '../commands.js';
import { MAX_HEALTH } from '../health/model.js';
import type { Combatant, CombatantId, EncounterState } from '../model.js';
import type { Decision } from '../system.js';
import { findCombatant } from '../units.js';
import { refuse } from './context.js';

export const UNKNOWN_COMBATANT = 'There is no such combatant in this encounter.';

/** A whole number from `min` to MAX_HEALTH. */
export const healthAmountFits = (n: number, min: number): boolean => Number.isInteger(n) && n >= min && n <= MAX_HEALTH;

/**
 * The combatants `targets` name, each once, as `actor` may name them: unknown and (for a player)
 * hidden ones are 'unknown-combatant' with one sentence, then a player's others' 'not-your-combatant'.
 */
export function namedTargets<T extends { readonly combatantId: CombatantId }>(
  state: EncounterState,
  actor: Actor,
  targets: readonly T[],
  doing: string,
): readonly (T & { readonly c: Combatant })[] | Decision {
  if (targets.length === 0) return refuse('invalid-command', 'Name at least one combatant.');
  if (new Set(targets.map((t) => t.combatantId)).size !== targets.length) return refuse('invalid-command', 'Name each combatant once.');
  const found: (T & { readonly c: Combatant })[] = [];
  for (const t of targets) {
    const c = findCombatant(state, t.combatantId);
    if (!c || (actor.role === 'player' && c.hidden)) return refuse('unknown-combatant', UNKNOWN_COMBATANT);
    found.push({ ...t, c });
  }
  if (actor.role === 'player' && found.some(({ c }) => !actor.combatantIds.includes(c.id))) {
    return refuse('not-your-combatant', `You can only ${doing} your own character.`);
  }
  return found;
}
