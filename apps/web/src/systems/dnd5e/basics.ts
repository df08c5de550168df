import type { EncounterView, SlotView } from '@roundkeeper/rules';
import type { SystemBasics } from '../types.js';

/**
 * [DND-27] [DND-30] What a slot's tag says on every screen: a legendary creature's legendary actions
 * left ("Legendary 2/3"), and where the lair acts on count 20 (before the first slot below 20).
 */
function dnd5eSlotTag(view: EncounterView, slot: SlotView): string | null {
  const ext = view.ext?.system === 'dnd5e' ? view.ext : null;
  if (!ext || view.phase !== 'active') return null;
  const unit = slot.unit;
  const tags = (ext.legendary ?? [])
    .filter((l) => unit?.kind === 'combatant' && unit.id === l.combatantId)
    .map((l) => `Legendary ${l.left}/${l.max}`);
  const lair = ext.lair;
  const lairHere = lair && (lair.slotId === slot.id || (lair.slotId === null && view.order.at(-1)?.id === slot.id));
  if (lairHere) tags.push(lair.usedThisRound ? 'Lair acted' : lair.slotId === null ? 'Lair acts after' : 'Lair acts first');
  return tags.length > 0 ? tags.join(' · ') : null;
}


export const dnd5eBasics: SystemBasics = {
  id: 'dnd5e',
  physicalDice: [{ sides: 20, count: 1 }],
  // [DND-2] Advantage and disadvantage: two d20s.
  rollModes: true,
  supportsDelay: false,
  pasteAliases: { init: 'initBonus' },
  slotTag: dnd5eSlotTag,
};
