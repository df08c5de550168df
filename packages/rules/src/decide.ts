// decide(state, command, actor): the events a command leads to, or a rule violation. Never throws
// for a bad command; throwing here means a bug.
import type { Actor, Command, CommandType } from './commands.js';
import { refuse, type DecideContext } from './decide/context.js';
import { beginInitiative, resolveTie, rollInitiative, rollNpcInitiative } from './decide/initiative.js';
import { addCombatant, removeCombatant, setDefeated, setHidden } from './decide/roster.js';
import { endEncounter, endTurn, startCombat } from './decide/turns.js';
import type { EncounterState } from './model.js';
import { getSystem } from './systems/registry.js';
import type { Decision } from './system.js';

/** What the GM alone may do, in words for the refusal a player sees. */
const GM_ONLY: Readonly<Record<CommandType, string | null>> = {
  'add-combatant': 'add combatants',
  'remove-combatant': 'remove combatants',
  'set-hidden': 'hide or reveal combatants',
  'set-defeated': 'mark combatants as defeated',
  'begin-initiative': 'call for initiative',
  'roll-initiative': null,
  'roll-npc-initiative': 'roll for the monsters',
  'resolve-tie': 'decide the order of tied results',
  'start-combat': 'start combat',
  'end-turn': null,
  'end-encounter': 'end the encounter',
};

function route(ctx: DecideContext, command: Command): Decision {
  switch (command.type) {
    case 'add-combatant':
      return addCombatant(ctx, command.combatant);
    case 'remove-combatant':
      return removeCombatant(ctx, command.combatantId);
    case 'set-hidden':
      return setHidden(ctx, command.combatantId, command.hidden);
    case 'set-defeated':
      return setDefeated(ctx, command.combatantId, command.defeated);
    case 'begin-initiative':
      return beginInitiative(ctx);
    case 'roll-initiative':
      return rollInitiative(ctx, command.unit, command.mode);
    case 'roll-npc-initiative':
      return rollNpcInitiative(ctx);
    case 'resolve-tie':
      return resolveTie(ctx, command.order);
    case 'start-combat':
      return startCombat(ctx);
    case 'end-turn':
      return endTurn(ctx);
    case 'end-encounter':
      return endEncounter(ctx);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function decide(state: EncounterState, command: Command, actor: Actor): Decision {
  const system = getSystem(state.system);
  if (!system) return refuse('invalid-command', `This server cannot run the rules of "${state.system}".`);
  const own = system.decide?.(state, command, actor);
  if (own) return own;
  const gmOnly = GM_ONLY[command.type];
  if (actor.role === 'player' && gmOnly !== null) {
    return refuse('gm-only', `Only the GM can ${gmOnly}.`);
  }
  return route({ state, system, actor }, command);
}
