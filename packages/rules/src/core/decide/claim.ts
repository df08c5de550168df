// [ENG-14] claim-turn: who takes the current open slot (genesys slots, dc20 PC turns).
import type { CombatantId } from '../model.js';
import { defaultCanFill } from '../open-slots.js';
import type { Decision } from '../system.js';
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext } from './context.js';
import { turnStartEffects } from './flow.js';

export function claimTurn(ctx: DecideContext, combatantIds: readonly CombatantId[]): Decision {
  const { state, system, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'claim-turn', 'take a turn');
  if (wrong) return wrong;
  const turn = state.turn;
  const slot = turn ? state.slots.find((s) => s.id === turn.slotId) : undefined;
  if (!turn || !slot) return refuse('invalid-command', 'No turn is waiting to be taken right now.');
  const decision = state.pending.find((p) => p.kind === 'fill-slot' && p.slotId === slot.id);
  if (slot.filler.kind !== 'open' || !decision) {
    return refuse('invalid-command', 'The current turn is not open: it already has whoever takes it.');
  }
  if (actor.role === 'player' && !combatantIds.every((id) => actor.combatantIds.includes(id))) {
    return refuse('not-your-combatant', 'You can only take a turn with your own characters.');
  }
  const problem = (system.canFill ?? defaultCanFill)(state, slot, combatantIds);
  if (problem) return { ok: false, violation: problem };
  const claimed = append(
    draft(ctx),
    { type: 'decision-closed', decisionId: decision.id },
    { type: 'turn-claimed', slotId: slot.id, actorIds: combatantIds },
  );
  return accept(turnStartEffects(ctx, claimed, { slotId: slot.id, actorIds: combatantIds }).events);
}
