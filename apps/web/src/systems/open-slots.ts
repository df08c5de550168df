// Who may take the open slot now up, as far as a page sees: the system's own answer where its profile
// has one (registry), else the rules' usual candidates.
import { openCandidates } from '@roundkeeper/rules/core';
import type { EncounterView, SlotView } from '@roundkeeper/rules';
import { basicsOf } from './basics.js';
import type { FillOption } from './types.js';

/**
 * The open slot now up, waiting for someone to take it (its `fill-slot` decision). Players and the
 * overlay get no `turn` until it is filled, so the decision, not the turn, says which slot it is.
 */
export function openSlotNow(view: EncounterView): SlotView | null {
  if (view.phase !== 'active') return null;
  const decision = view.pending.find((p) => p.kind === 'fill-slot');
  if (!decision || (view.turn && (view.turn.slotId !== decision.slotId || view.turn.actorIds.length > 0))) return null;
  return view.order.find((s) => s.id === decision.slotId) ?? null;
}

/**
 * Who could fill the open slot now up, as far as this audience sees: the system's own answer where it
 * has one (genesys: its candidates), else the rules' usual candidates (`openCandidates`), one each.
 * The rules decide; this only offers.
 */
export function fillOptions(view: EncounterView): FillOption[] {
  const slot = openSlotNow(view);
  if (!slot) return [];
  const own = basicsOf(view.system).fillOptions?.(view, slot);
  if (own) return own;
  const names = new Map(view.combatants.map((c) => [c.id, c.name]));
  return openCandidates(view, slot.side).map((id) => ({ label: names.get(id) ?? id, combatantIds: [id] }));
}

/** The options a player may take: all of whose combatants are theirs; none where the system's own panel offers the claim. */
export const myFillOptions = (view: EncounterView): FillOption[] => {
  if (basicsOf(view.system).ownClaim?.(view)) return [];
  const mine = new Set(view.combatants.filter((c) => c.mine).map((c) => c.id));
  return fillOptions(view).filter((o) => o.combatantIds.every((id) => mine.has(id)));
};

/**
 * [issue 28] What the open slot now up waits for, for the phones and the overlay (which get no turn
 * until it is filled, and showed nobody acting): PC slots are taken by the players, the others filled
 * by the GM. Null when no open slot is waiting.
 */
export function openSlotWaiting(view: EncounterView): { readonly slot: SlotView; readonly words: string } | null {
  const slot = openSlotNow(view);
  if (!slot) return null;
  return { slot, words: slot.side === 'pc' ? 'open: waiting for a PC to take it' : 'open: waiting for the GM to fill it' };
}
