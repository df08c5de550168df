// dnd5e's `decide` hook: its own commands, and the core commands where its rules add something
// (players ordering their ties, surprise under srd52, who may end surprise). `undefined`: the engine decides.
import type { Actor, Command } from '../../core/commands.js';
import type { EncounterState } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { decideRollOff } from './roll-off.js';
import { checkGroupSurprise, checkModeChange, checkSurpriseRemoval, npcUnitsToRoll, setSurprised } from './surprise.js';
import { resolveTieByPlayer } from './ties.js';

export function decideDnd5e(state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  switch (command.type) {
    case 'dnd5e-set-surprised':
      return setSurprised(state, command, actor);
    case 'dnd5e-roll-off':
      return decideRollOff(state, command.units, actor);
    case 'resolve-tie':
      return actor.role === 'player' ? resolveTieByPlayer(state, command.order, actor) : undefined;
    case 'roll-initiative':
    case 'enter-initiative':
      return checkGroupSurprise(state, [command.unit], actor);
    case 'roll-npc-initiative':
      return checkGroupSurprise(state, npcUnitsToRoll(state), actor);
    case 'set-options':
      return actor.role === 'gm' ? checkModeChange(state, command.options) : undefined;
    case 'remove-condition':
      return checkSurpriseRemoval(state, command.combatantId, command.conditionId, actor);
    default:
      return undefined;
  }
}
