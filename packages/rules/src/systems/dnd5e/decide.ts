// dnd5e's `decide` hook: its own commands, and the core commands where its rules add something
// (players ordering their ties, surprise under srd52, who may end surprise, bringing back the dead).
// `undefined`: the engine decides.
import type { Actor, Command } from '../../core/commands.js';
import type { EncounterState } from '../../core/model.js';
import type { Decision, InitiativeSystem } from '../../core/system.js';
import { rollWithSources } from './advantage.js';
import { decideDeathSave, setDeathSaves } from './death-save-command.js';
import { revive } from './dying.js';
import { decideRollOff } from './roll-off.js';
import { checkGroupSurprise, checkModeChange, checkSurpriseRemoval, npcUnitsToRoll, setSurprised } from './surprise.js';
import { resolveTieByPlayer } from './ties.js';
import { resolveSurprise } from './stealth.js';
import { useLairAction, useLegendaryAction } from './legendary.js';

export function decideDnd5e(system: InitiativeSystem, state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  switch (command.type) {
    case 'dnd5e-roll-initiative':
      return rollWithSources(system, state, command, actor);
    case 'dnd5e-death-save':
      return decideDeathSave(system, state, command, actor);
    case 'dnd5e-set-death-saves':
      return setDeathSaves(system, state, command, actor);
    case 'set-defeated':
      return revive(state, command.combatantId, command.defeated, actor);
    case 'dnd5e-set-surprised':
      return setSurprised(state, command, actor);
    case 'dnd5e-resolve-surprise':
      return resolveSurprise(state, command, actor);
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
    case 'dnd5e-legendary-action':
      return useLegendaryAction(state, command, actor);
    case 'dnd5e-lair-action':
      return useLairAction(state, command, actor);
    default:
      return undefined;
  }
}
