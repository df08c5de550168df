import type { EncounterView, SlotView } from '@roundkeeper/rules';
import type { FillOption } from '../types.js';

/** [GEN-19] [GEN-20] genesys names the candidates itself: an NPC slot takes enemies too, a minion group fills as one. */
export function genesysFillOptions(view: EncounterView, slot: SlotView): FillOption[] | undefined {
  const fill = view.ext?.system === 'genesys' ? view.ext.fill : null;
  if (!fill || fill.slotId !== slot.id) return undefined;
  return fill.candidates.flatMap((ref) => {
    if (ref.kind === 'combatant') {
      const c = view.combatants.find((x) => x.id === ref.id);
      return c ? [{ label: c.name, combatantIds: [c.id] }] : [];
    }
    const group = view.groups.find((g) => g.id === ref.id);
    const members = view.combatants.filter((c) => c.groupId === ref.id && !c.defeated);
    return group && members.length > 0 ? [{ label: `${group.name} ×${members.length}`, combatantIds: members.map((c) => c.id) }] : [];
  });
}
