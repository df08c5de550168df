// The `decide` hook: uesrpg's own commands, and the core commands its rules change (PCs never share
// a roll; initiative has no advantage and waits for surprise; a turn waits for its open action).
import type { Actor, Command } from '../../core/commands.js';
import { refuse } from '../../core/decide/context.js';
import { checkTurnOwner } from '../../core/decide/turns.js';
import type { EncounterState, RollMode } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import {
  abandonExtendedAction,
  continueExtendedAction,
  declareAction,
  holdsTurn,
  resolveOpenAction,
} from './action-commands.js';
import { checkGroup } from './initiative.js';
import { orderMembers } from './order.js';
import { rollOffLuck } from './roll-off.js';
import { awaitingSurprise, setSurprise } from './surprise.js';

/** [UES-31] An Initiative Roll is a plain 1d6: advantage and disadvantage do not apply to it. */
function plainRoll(mode: RollMode | undefined): Decision | undefined {
  if (mode === undefined || mode === 'normal') return undefined;
  return refuse('not-supported', 'UESRPG initiative is 1d6 + Initiative Rating: it has no advantage or disadvantage.');
}

export function decideUesrpg(state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  switch (command.type) {
    case 'add-combatant': {
      if (actor.role !== 'gm') return undefined;
      const { side, count = 1 } = command.combatant;
      const checked = checkGroup(side, count);
      return checked.ok ? undefined : refuse(checked.violation.code, checked.violation.message);
    }
    case 'roll-initiative':
    case 'enter-initiative':
      return plainRoll(command.mode) ?? awaitingSurprise(state, 'roll initiative');
    // GM-only commands: a player's attempt is left to the engine's 'gm-only' refusal.
    case 'roll-npc-initiative':
      return actor.role === 'gm' ? awaitingSurprise(state, 'roll initiative') : undefined;
    case 'start-combat':
      return actor.role === 'gm' ? awaitingSurprise(state, 'start combat') : undefined;
    case 'end-turn':
      return state.phase !== 'active' || checkTurnOwner(state, actor) ? undefined : holdsTurn(state, actor);
    case 'uesrpg-set-surprise':
      return setSurprise(state, actor, command.surprised);
    case 'uesrpg-declare-action':
      return declareAction(state, actor, command);
    case 'uesrpg-resolve-action':
      return resolveOpenAction(state, actor, command.actionId);
    case 'uesrpg-continue-extended':
      return continueExtendedAction(state, actor, command.combatantId);
    case 'uesrpg-abandon-extended':
      return abandonExtendedAction(state, actor, command.combatantId);
    case 'uesrpg-order-members':
      return orderMembers(state, actor, command.groupId, command.order);
    case 'uesrpg-roll-off-luck':
      return rollOffLuck(state, actor, command.units);
    default:
      return undefined;
  }
}
