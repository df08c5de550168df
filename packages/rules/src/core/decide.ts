// decideWith(system, state, command, actor): the events a command leads to, or a rule violation. Never throws
// for a bad command; throwing here means a bug.
import type { Actor, Command, CoreCommandType } from './commands.js';
import { claimTurn } from './decide/claim.js';
import { addCondition, removeCondition } from './decide/conditions.js';
import { applyDamage, applyHealing, setMaxHealth, setTempHealth } from './decide/health.js';
import { refuse, type DecideContext } from './decide/context.js';
import { redoCommand, setOptions, undoCommand } from './decide/history.js';
import { beginInitiative, enterInitiative, resolveTie, rollInitiative, rollNpcInitiative } from './decide/initiative.js';
import { setResource, spendResource } from './decide/resources.js';
import { addCombatant, removeCombatant, setDefeated, setHidden, setNote } from './decide/roster.js';
import { delayTurn, endEncounter, endTurn, startCombat } from './decide/turns.js';
import { refuseUnseen } from './decide/references.js';
import type { EncounterEvent } from './events.js';
import { nonGmSight } from './project.js';
import type { EncounterState } from './model.js';
import type { SystemCommand } from './system-types.js';
import type { Decision, InitiativeSystem } from './system.js';
import { refuseTimerCommand, timedOut, type DecideMoment } from './decide/timer.js';
import { pinOf, samePin, stampTurns, turnStamp } from './turn-timer.js';

/** What the GM alone may do, in words for the refusal a player sees; null: players too (with limits). */
const GM_ONLY: Readonly<Record<CoreCommandType, string | null>> = {
  'add-combatant': 'add combatants',
  'remove-combatant': 'remove combatants',
  'set-hidden': 'hide or reveal combatants',
  'set-note': 'write notes',
  'set-defeated': 'mark combatants as defeated',
  'set-options': 'change the options',
  'begin-initiative': 'call for initiative',
  'roll-initiative': null,
  'enter-initiative': null,
  'roll-npc-initiative': 'roll for the monsters',
  'resolve-tie': 'decide the order of tied results',
  'start-combat': 'start combat',
  'claim-turn': null,
  'end-turn': null,
  'delay-turn': null,
  'add-condition': null,
  'remove-condition': null,
  'spend-resource': null,
  'set-resource': 'set resources',
  'apply-damage': null,
  'apply-healing': null,
  'set-max-health': 'set maximum health',
  'set-temp-health': 'give temporary hit points',
  undo: 'undo',
  redo: 'redo',
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
    case 'set-note':
      return setNote(ctx, command.combatantId, command.note);
    case 'set-defeated':
      return setDefeated(ctx, command.combatantId, command.defeated);
    case 'set-options':
      return setOptions(ctx, command.options);
    case 'begin-initiative':
      return beginInitiative(ctx);
    case 'roll-initiative':
      return rollInitiative(ctx, command.unit, command.mode);
    case 'enter-initiative':
      return enterInitiative(ctx, command.unit, command.faces, command.mode);
    case 'roll-npc-initiative':
      return rollNpcInitiative(ctx);
    case 'resolve-tie':
      return resolveTie(ctx, command.order);
    case 'start-combat':
      return startCombat(ctx);
    case 'claim-turn':
      return claimTurn(ctx, command.combatantIds);
    case 'end-turn':
      return endTurn(ctx);
    case 'delay-turn':
      return delayTurn(ctx, command.targetSlotId);
    case 'add-condition':
      return addCondition(ctx, command);
    case 'remove-condition':
      return removeCondition(ctx, command.combatantId, command.conditionId);
    case 'spend-resource':
      return spendResource(ctx, command);
    case 'set-resource':
      return setResource(ctx, command);
    case 'apply-damage':
      return applyDamage(ctx, command);
    case 'apply-healing':
      return applyHealing(ctx, command);
    case 'set-max-health':
      return setMaxHealth(ctx, command);
    case 'set-temp-health':
      return setTempHealth(ctx, command);
    case 'undo':
      return undoCommand(ctx);
    case 'redo':
      return redoCommand(ctx);
    case 'end-encounter':
      return endEncounter(ctx);
    default: {
      // Every core command is handled above; a system's own command reaches here only when its
      // system's `decide` hook did not take it.
      const _own: SystemCommand = command;
      return refuse('invalid-command', 'This game has no such command.');
    }
  }
}

function decideCommand(system: InitiativeSystem, state: EncounterState, command: Command, actor: Actor): Decision {
  // [ENG-38] Before any rule: what a player names must be in that player's view.
  if (actor.role !== 'gm') {
    const unseen = refuseUnseen(command, nonGmSight(system, state));
    if (unseen) return unseen;
  }
  // [ENG-41] A pinned end is for that turn only, whoever decides ends (a system may take 'end-turn' over):
  // late or repeated, it changes nothing.
  if (command.type === 'end-turn' && command.turn) {
    const current = pinOf(state);
    if (!(current && samePin(current, command.turn))) return refuse('invalid-command', 'That turn has already ended.');
  }
  const own = system.decide?.(state, command, actor);
  if (own) return own;
  const gmOnly = (GM_ONLY as Readonly<Record<string, string | null | undefined>>)[command.type];
  if (actor.role === 'player' && gmOnly) return refuse('gm-only', `Only the GM can ${gmOnly}.`);
  return route({ state, system, actor }, command);
}

/**
 * [ENG-18] Every accepted command but undo and redo starts with one 'command-applied' marker, added
 * here and nowhere else: evolve keeps the state before it for undo, and the log records who did what.
 * [ENG-39] With the server's clock, every turn the command starts is stamped here, in one place,
 * whichever rule (the core's or a system's) started it; undo and redo carry the time too ([ENG-40]).
 * [ENG-41] A command from the turn timer is checked first, then decided as the GM's and marked 'timer'.
 */
export function decideWith(system: InitiativeSystem, state: EncounterState, command: Command, actor: Actor, moment: DecideMoment = {}): Decision {
  const timerRefusal = moment.byTimer ? refuseTimerCommand(state, command, moment.now) : undefined;
  if (timerRefusal) return timerRefusal;
  const decision = decideCommand(system, state, command, moment.byTimer ? { role: 'gm' } : actor);
  if (!decision.ok || decision.events.length === 0) return decision;
  const at = moment.now === undefined ? undefined : turnStamp(state, moment.now);
  const events = at === undefined ? decision.events : stampTurns(decision.events, at);
  if (command.type === 'undo' || command.type === 'redo') {
    return { ok: true, events: at === undefined ? events : events.map((e) => (e.type === 'undone' || e.type === 'redone' ? { ...e, at } : e)) };
  }
  if (moment.byTimer) return { ok: true, events: [{ type: 'command-applied', command: command.type, by: 'timer' }, ...timedOut(state, events)] };
  const marker: EncounterEvent =
    actor.role === 'player'
      ? { type: 'command-applied', command: command.type, by: 'player', player: actor.combatantIds }
      : { type: 'command-applied', command: command.type, by: 'gm' };
  return { ok: true, events: [marker, ...events] };
}
