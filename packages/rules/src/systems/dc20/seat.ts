// [DC20-15] [DC20-17] [DC20-26] [DC20-30] [DC20-32] Seating a turn. Every dc20 turn is an open slot:
// when it comes up the engine opens its 'fill-slot' decision, and dc20 fills it at once when nobody
// has a choice to make (only its holders can act, the last PC turn takes every PC left, one PC left
// for an empty PC turn); otherwise the PC team claims it or the GM assigns it.
import type { DecideContext, Draft } from '../../core/decide/context.js';
import { append } from '../../core/decide/context.js';
import { advance, turnStartEffects } from '../../core/decide/flow.js';
import type { CombatantId, SlotId } from '../../core/model.js';
import { holderActors, isLastPcSlot, slotTeam, unseated } from './members.js';

/** The current turn's open 'fill-slot' decision, if the turn still waits to be seated. */
export function waitingSlot(d: Draft['state']): { readonly slotId: SlotId; readonly decisionId: string } | undefined {
  const turn = d.turn;
  if (d.phase !== 'active' || !turn) return undefined;
  const decision = d.pending.find((p) => p.kind === 'fill-slot' && p.slotId === turn.slotId);
  return decision ? { slotId: turn.slotId, decisionId: decision.id } : undefined;
}

/** Puts `ids` on the current turn beside its holders and starts it; with nobody to act, moves on. */
export function seat(ctx: DecideContext, d: Draft, ids: readonly CombatantId[]): Draft {
  const waiting = waitingSlot(d.state);
  if (!waiting) return d;
  const placed = ids.length > 0 ? append(d, { type: 'dc20-seated', slotId: waiting.slotId, combatantIds: ids }) : d;
  const actorIds = holderActors(placed.state, waiting.slotId);
  if (actorIds.length === 0) return settle(ctx, advance(ctx, placed));
  const claimed = append(
    placed,
    { type: 'decision-closed', decisionId: waiting.decisionId },
    { type: 'turn-claimed', slotId: waiting.slotId, actorIds },
  );
  return turnStartEffects(ctx, claimed, { slotId: waiting.slotId, actorIds });
}

/** Who joins the waiting turn without anyone choosing, or undefined when someone must choose. */
function forced(d: Draft['state'], slotId: SlotId): readonly CombatantId[] | undefined {
  const slot = d.slots.find((s) => s.id === slotId);
  if (!slot) return undefined;
  const team = slotTeam(d, slot);
  const free = unseated(d, team);
  if (free.length === 0) return [];
  if (team !== 'pc') return undefined;
  if (isLastPcSlot(d, slotId)) return free;
  return holderActors(d, slotId).length === 0 && free.length === 1 ? free : undefined;
}

/** After anything that may have started a turn: seat it if nobody has a choice to make. */
export function settle(ctx: DecideContext, d: Draft): Draft {
  const waiting = waitingSlot(d.state);
  if (!waiting) return d;
  const ids = forced(d.state, waiting.slotId);
  return ids ? seat(ctx, d, ids) : d;
}
