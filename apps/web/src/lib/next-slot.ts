import { openCandidates } from '@roundkeeper/rules/core';
import type { CombatantView, EncounterView, SlotView } from '@roundkeeper/rules';

const membersOf = (view: EncounterView, slot: SlotView): CombatantView[] => {
  const unit = slot.unit;
  if (!unit) return [];
  return view.combatants.filter((c) => (unit.kind === 'group' ? c.groupId === unit.id : c.id === unit.id));
};

/**
 * The slot after the current one as this audience sees the order: defeated units are skipped (ENG-29),
 * and after the last slot the next round starts from the top. A preview for "You're next"; the rules
 * decide who really acts (a system's own eligibility and a round that re-orders are not seen here: the
 * view does not carry the next slot yet).
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
  const mine = new Set(view.combatants.filter((c) => c.mine).map((c) => c.id));
  return openCandidates(view, slot.side).some((id) => mine.has(id));
}
