import type { CombatantView, ConditionView, EncounterView, Resource } from '@roundkeeper/rules';

export const conditionsOf = (c: CombatantView): readonly ConditionView[] => c.conditions;

/** A combatant's pools (AP), as name and value pairs; empty where it has none or the viewer may not see them. */
export const resourcesOf = (c: CombatantView): readonly (readonly [string, Resource])[] => Object.entries(c.resources ?? {});

/** "Poisoned (2 rounds)": how long a condition still lasts, as the table says it. */
export function describeCondition(condition: ConditionView, view: Pick<EncounterView, 'round'>): string {
  if (!condition.endsAt || condition.round === null) return condition.name;
  const left = condition.round - Math.max(view.round, 1) + 1;
  return `${condition.name} (${left <= 1 ? 'ends this round' : `${left} rounds`})`;
}

export const describeResource = ([name, r]: readonly [string, Resource]): string => `${name} ${r.current}/${r.max}`;
