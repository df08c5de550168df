// lfg's `decide` hook: its own commands, and the core commands whose meaning differs here (the
// party rolls instead of every unit, combat starts without enemy rolls, blocking decisions hold
// 'end-turn'). Everything else is left to the engine; morale suggestions follow defeats through the
// `onDefeated` hook (system.ts).
import type { Actor, Command } from '../../core/commands.js';
import { refuse, type DecideContext } from '../../core/decide/context.js';
import type { EncounterState } from '../../core/model.js';
import type { Decision, InitiativeSystem } from '../../core/system.js';
import { blockingSentence } from './decisions.js';
import { spend } from './economy.js';
import { intercept } from './intercept.js';
import { breakMorale, callMorale, dismissMorale, finishThemCheck, rally } from './morale-flow.js';
import { answerRetreat, permitFlight, proposeRetreat } from './retreat-flow.js';
import { orderWithoutCheck, rollPartyCheck, startCombat } from './rounds.js';
import { declareSurprise, orderMonsters, setRoller, setSeating } from './setup-commands.js';
import { readyAction, resumeTurn, triggerReady } from './turn-flow.js';

const gmOnly = (actor: Actor, doing: string): Decision | undefined =>
  actor.role === 'gm' ? undefined : refuse('gm-only', `Only the GM can ${doing}.`);

/** [ENG-15] While a blocking lfg decision is open the turn waits; a round nobody can roll for moves on. */
function endTurn(ctx: DecideContext): Decision | undefined {
  if (ctx.state.phase !== 'active') return undefined;
  const waiting = blockingSentence(ctx.state);
  if (waiting) return refuse('decision-pending', waiting);
  return orderWithoutCheck(ctx);
}

export function decideLfg(system: InitiativeSystem, state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  const ctx: DecideContext = { state, system, actor };
  switch (command.type) {
    case 'start-combat':
      return gmOnly(actor, 'start combat') ?? startCombat(ctx);
    case 'roll-initiative':
      return rollPartyCheck(ctx, command.unit, command.mode ?? 'normal', undefined);
    case 'enter-initiative':
      return rollPartyCheck(ctx, command.unit, command.mode ?? 'normal', command.faces);
    case 'roll-npc-initiative':
      return (
        gmOnly(actor, 'roll for the monsters') ??
        refuse('not-supported', "In Low Fantasy Gaming monsters don't roll initiative: the GM orders them.")
      );
    case 'end-turn':
      return endTurn(ctx);
    case 'lfg-set-seating':
      return gmOnly(actor, 'change the seating') ?? setSeating(ctx, command.order);
    case 'lfg-set-roller':
      return setRoller(ctx, command.combatantId);
    case 'lfg-declare-surprise':
      return gmOnly(actor, 'declare surprise') ?? declareSurprise(ctx, command.side);
    case 'lfg-order-monsters':
      return gmOnly(actor, 'order the monsters') ?? orderMonsters(ctx, command.order);
    case 'lfg-resume-turn':
      return resumeTurn(ctx, command.combatantId);
    case 'lfg-ready-action':
      return readyAction(ctx, command.trigger);
    case 'lfg-trigger-ready':
      return gmOnly(actor, 'say when a readied action is triggered') ?? triggerReady(ctx, command);
    case 'lfg-call-morale':
      return gmOnly(actor, 'call for a morale check') ?? callMorale(ctx, command);
    case 'lfg-dismiss-morale':
      return gmOnly(actor, 'dismiss a morale check') ?? dismissMorale(ctx, command.suggestionId);
    case 'lfg-break-morale':
      return gmOnly(actor, 'break morale') ?? breakMorale(ctx, command.combatantIds, command.suggestionId);
    case 'lfg-spend':
      return spend(ctx, command.combatantId, command.spend);
    case 'lfg-intercept':
      return gmOnly(actor, 'call an intercept') ?? intercept(ctx, command);
    case 'lfg-rally':
      return gmOnly(actor, 'allow a rally') ?? rally(ctx, command);
    case 'lfg-finish-them':
      return gmOnly(actor, 'call for Finish Them!') ?? finishThemCheck(ctx, command.modifier, command.faces);
    case 'lfg-propose-retreat':
      return proposeRetreat(ctx);
    case 'lfg-answer-retreat':
      return gmOnly(actor, 'answer a retreat') ?? answerRetreat(ctx, command);
    case 'lfg-permit-flight':
      return gmOnly(actor, 'let PCs flee alone') ?? permitFlight(ctx, command.allow);
    default:
      return undefined;
  }
}
