// The open slot now up and waiting to be filled, read from the view alone: light, for the overlay and
// the phone's "Now" line (who may fill it is systems/open-slots.ts).
import type { EncounterView, SlotView } from '@roundkeeper/rules';

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
 * [issue 28] What the open slot now up waits for, for the phones and the overlay (which get no turn
 * until it is filled, and showed nobody acting): PC slots are taken by the players, the others filled
 * by the GM. Null when no open slot is waiting.
 */
export function openSlotWaiting(view: EncounterView): { readonly slot: SlotView; readonly words: string } | null {
  const slot = openSlotNow(view);
  if (!slot) return null;
  return { slot, words: slot.side === 'pc' ? 'open: waiting for a PC to take it' : 'open: waiting for the GM to fill it' };
}
