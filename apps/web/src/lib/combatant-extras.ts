import type { CombatantView, ConditionView, EncounterView, Resource } from '@roundkeeper/rules';

export const conditionsOf = (c: CombatantView): readonly ConditionView[] => c.conditions;

/** A combatant's pools (AP), as name and value pairs; empty where it has none or the viewer may not see them. */
export const resourcesOf = (c: CombatantView): readonly (readonly [string, Resource])[] => Object.entries(c.resources ?? {});

/** "Poisoned (2 rounds)": how long a condition still lasts, as the table says it. */
export function describeCondition(condition: ConditionView, view: Pick<EncounterView, 'round'>): string {
  if (!condition.endsAt || condition.round === null) return condition.name;
  // [ENG-16] A condition anchored to a turn ends at that turn in round `round`: in the rounds before it
  // there are `round − now` rounds to go. One that ends with a round counts the current one too.
  const now = Math.max(view.round, 1);
  const left = condition.endsAt === 'round-end' ? condition.round - now + 1 : condition.round - now;
  const endsNow = condition.endsAt === 'round-end' ? left <= 1 : left <= 0;
  return `${condition.name} (${endsNow ? 'ends this round' : `${left} round${left === 1 ? '' : 's'}`})`;
}

/** [ENG-36] When a pool fills back by itself, in words ('never' says nothing). */
export const REFRESH_WORDS = { round: 'each round', turn: 'each turn', encounter: 'each encounter', never: 'never' } as const;

/** "AP 2/4", "Luck 1/2 (each encounter)". */
export const describeResource = ([name, r]: readonly [string, Resource]): string =>
  `${name} ${r.current}/${r.max}${r.refresh && r.refresh !== 'never' ? ` (${REFRESH_WORDS[r.refresh]})` : ''}`;
