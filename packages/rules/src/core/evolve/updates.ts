// Small immutable updates that evolve applies to units and combatants.
import type { Health } from '../health/model.js';
import type { Combatant, CombatantId, EncounterState, Group, UnitRef } from '../model.js';

export function updateUnit(
  state: EncounterState,
  ref: UnitRef,
  change: Partial<Pick<Combatant & Group, 'initiative' | 'tieBreak' | 'health'>>,
): EncounterState {
  switch (ref.kind) {
    case 'combatant':
      return updateCombatant(state, ref.id, () => change);
    case 'group':
      return { ...state, groups: state.groups.map((g) => (g.id === ref.id ? { ...g, ...change } : g)) };
    default: {
      const _exhaustive: never = ref;
      return _exhaustive;
    }
  }
}

export const updateCombatant = (
  state: EncounterState,
  id: CombatantId,
  change: (c: Combatant) => Partial<Combatant>,
): EncounterState => ({
  ...state,
  combatants: state.combatants.map((c) => (c.id === id ? { ...c, ...change(c) } : c)),
});

export const withoutCondition = (state: EncounterState, combatantId: CombatantId, conditionId: string): EncounterState =>
  updateCombatant(state, combatantId, (c) => ({ conditions: c.conditions.filter((k) => k.id !== conditionId) }));

/** [ENG-25] [ENG-31] A combatant's own health, or a group's pool. */
export const withHealth = (state: EncounterState, target: UnitRef, health: Health): EncounterState =>
  updateUnit(state, target, { health });
