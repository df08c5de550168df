import type { EncounterView, UnitRef } from '@roundkeeper/rules';

/** A unit's name as this audience sees it (a group's name, or the combatant's). */
export function unitName(view: EncounterView, ref: UnitRef): string {
  if (ref.kind === 'group') return view.groups.find((g) => g.id === ref.id)?.name ?? 'a group';
  return view.combatants.find((c) => c.id === ref.id)?.name ?? 'someone';
}

export const isMineRef = (view: EncounterView, ref: UnitRef): boolean =>
  view.combatants.some((c) => c.mine && (ref.kind === 'group' ? c.groupId === ref.id : c.id === ref.id));
