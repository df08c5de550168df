import type { CombatantView, EncounterView, SlotView } from '@roundkeeper/rules';

const membersOf = (view: EncounterView, slot: SlotView): CombatantView[] => {
  const unit = slot.unit;
  if (!unit) return [];
  return view.combatants.filter((c) => (unit.kind === 'group' ? c.groupId === unit.id : c.id === unit.id));
};

/**
 * The slot after the current one as this audience sees the order: defeated units are skipped, and
 * after the last slot the next round starts from the top. A preview for "You're next"; the rules
 * decide who really acts.
 */
export function nextSlot(view: EncounterView): SlotView | null {
  if (view.phase !== 'active' || view.order.length < 2) return null;
  const current = view.order.findIndex((s) => s.id === view.turn?.slotId);
  if (current < 0) return null;
  for (let step = 1; step < view.order.length; step++) {
    const slot = view.order[(current + step) % view.order.length]!;
    const members = membersOf(view, slot);
    if (slot.unit && (members.length === 0 || members.every((c) => c.defeated))) continue;
    return slot;
  }
  return null;
}

/** Whether the next slot is the viewer's: theirs outright, or open to their side with someone of theirs yet to act. */
export function nextIsMine(view: EncounterView): boolean {
  const slot = nextSlot(view);
  if (!slot) return false;
  if (slot.unit) return membersOf(view, slot).some((c) => c.mine);
  return view.combatants.some((c) => c.mine && !c.defeated && c.side === slot.side && !view.acted.includes(c.id));
}
