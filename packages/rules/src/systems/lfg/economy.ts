// [LFG-33] One action and one move per turn: each combatant's action and move within the current turn,
// spent by 'lfg-spend' (an action, a move, a second move paid with the action, a charge using both) and
// by a rally (LFG-25). Tracked while the option `actionEconomy` is on (default).
import { accept, refuse, requireCommandPhase, type DecideContext } from '../../core/decide/context.js';
import type { CombatantId, EncounterState } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import type { LfgSpend } from './commands.js';
import { lfgExt } from './state.js';

/** What a combatant has used of the current turn. */
export interface TurnUse {
  readonly action: boolean;
  readonly move: boolean;
}

const FRESH: TurnUse = { action: false, move: false };

/** [LFG-33] Whether the table tracks actions and moves (option `actionEconomy`, default on). */
export const economyOn = (state: EncounterState): boolean => state.options['actionEconomy'] !== false;

/** [LFG-33] What `id` has used this turn (nothing when it is not the turn it was spent in). */
export function turnUse(state: EncounterState, id: CombatantId): TurnUse {
  const slotId = state.turn?.slotId;
  const entry = lfgExt(state).spent.find((s) => s.combatantId === id && s.slotId === slotId) ?? FRESH;
  // [LFG-34] An intercept earlier this round used the move of the interceptor's turn.
  const intercepted = lfgExt(state).moves.some((m) => m.combatantId === id && m.round === state.round && m.intercept);
  return intercepted && !entry.move ? { ...entry, move: true } : entry;
}

/**
 * [LFG-33] What spending `spend` leaves used, or the sentence refusing it: one action; one move, a
 * second move only by spending the action; a charge needs both unspent; a rally spends the action.
 */
export function spendOf(used: TurnUse, spend: LfgSpend | 'rally'): TurnUse | string {
  switch (spend) {
    case 'action':
    case 'rally':
      return used.action ? 'The action of this turn is already spent.' : { ...used, action: true };
    case 'move':
      if (!used.move) return { ...used, move: true };
      return used.action ? 'No move is left this turn (the action went on something else).' : { action: true, move: true };
    case 'charge':
      return used.action || used.move ? 'A charge uses both the action and the move of the turn.' : { action: true, move: true };
  }
}

/** [LFG-33] 'lfg-spend': the combatant's player or the GM, during that combatant's turn. */
export function spend(ctx: DecideContext, combatantId: CombatantId, what: LfgSpend): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-spend', 'use an action or a move');
  if (wrong) return wrong;
  if (!economyOn(state)) return refuse('not-supported', 'This table does not track actions and moves.');
  if (actor.role === 'player' && !actor.combatantIds.includes(combatantId)) {
    return refuse('not-your-combatant', 'You can only spend your own character\'s action or move.');
  }
  if (!state.turn || !state.turn.actorIds.includes(combatantId)) return refuse('not-your-turn', 'Actions and moves are spent on their own turn.');
  const after = spendOf(turnUse(state, combatantId), what);
  if (typeof after === 'string') return refuse('lfg-nothing-left', after);
  return accept([{ type: 'lfg-turn-spent', combatantId, slotId: state.turn.slotId, spend: what, ...after }]);
}
