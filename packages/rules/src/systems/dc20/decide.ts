// dc20's `decide` hook: its own commands, and the core commands dc20 decides its own way. Roles are
// checked here for those, since the engine checks 'gm-only' only for commands it decides itself.
import type { Actor, Command } from '../../core/commands.js';
import type { DecideContext } from '../../core/decide/context.js';
import type { EncounterState } from '../../core/model.js';
import type { Decision, InitiativeSystem } from '../../core/system.js';
import type { Dc20Command } from './commands.js';
import { setLap, spendLegendary, passLegendary, useBenefit, useInspiration } from './decide-points.js';
import {
  addCombatant,
  beginInitiative,
  coreRoll,
  endTheEncounter,
  fateCheck,
  orderEnemyTeams,
  rollWithAdv,
  setEncounterDc,
  setSurprised,
  setTeam,
  startCombat,
} from './decide-setup.js';
import { answerTurn, assign, closeClaims, delayFor, endTurn, mergeTurns, resolveClaim } from './decide-turns.js';
import { refuse } from '../../core/decide/context.js';

function decideOwn(ctx: DecideContext, command: Dc20Command): Decision {
  switch (command.type) {
    case 'dc20-set-encounter-dc':
      return setEncounterDc(ctx, command);
    case 'dc20-set-team':
      return setTeam(ctx, command);
    case 'dc20-roll-initiative':
    case 'dc20-enter-initiative':
      return rollWithAdv(ctx, command);
    case 'dc20-order-enemy-teams':
      return orderEnemyTeams(ctx, command);
    case 'dc20-fate-check':
      return fateCheck(ctx);
    case 'dc20-set-surprised':
      return setSurprised(ctx, command);
    case 'dc20-pass-turn':
      return answerTurn(ctx, command.combatantIds, 'pass');
    case 'dc20-close-claims':
      return closeClaims(ctx);
    case 'dc20-resolve-claim':
      return resolveClaim(ctx, command);
    case 'dc20-assign':
      return assign(ctx, command);
    case 'dc20-merge-enemy-turns':
    case 'dc20-keep-enemy-turns':
      return mergeTurns(ctx, command);
    case 'dc20-delay':
      return delayFor(ctx, command.combatantId, command.to);
    case 'dc20-set-lap':
      return setLap(ctx, command);
    case 'dc20-spend-lap':
      return spendLegendary(ctx, command);
    case 'dc20-pass-lap':
      return passLegendary(ctx, command);
    case 'dc20-use-inspiration':
      return useInspiration(ctx, command);
    case 'dc20-use-benefit':
      return useBenefit(ctx, command);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

const isDc20Command = (command: Command): command is Dc20Command => command.type.startsWith('dc20-');

export function decideDc20(system: InitiativeSystem, state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  const ctx: DecideContext = { state, system, actor };
  if (isDc20Command(command)) return decideOwn(ctx, command);
  switch (command.type) {
    case 'add-combatant':
      return addCombatant(ctx, command);
    case 'begin-initiative':
      return beginInitiative(ctx);
    case 'roll-initiative':
    case 'enter-initiative':
      return coreRoll(ctx, command);
    case 'roll-npc-initiative':
      return refuse('not-supported', 'In DC20 only PCs make Initiative Checks: the GM places enemies and NPCs on their turns.');
    case 'start-combat':
      return startCombat(ctx);
    case 'claim-turn':
      return answerTurn(ctx, command.combatantIds, 'claim');
    case 'end-turn':
      return endTurn(ctx);
    case 'end-encounter':
      return endTheEncounter(ctx);
    default:
      return undefined;
  }
}
