// genesys's `decide` hook: its own commands, and the core commands whose outcome genesys extends
// (auto-filled slots, newcomers' slot ranks, the GM's round-end answer, what ends with the encounter).
// Core commands it takes over are decided by the engine's own handlers first; roles are checked here
// for those, since the engine checks 'gm-only' only for commands it decides itself.
import type { Actor, Command } from '../../core/commands.js';
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext, type Draft } from '../../core/decide/context.js';
import { enterInitiative, rollInitiative, rollNpcInitiative } from '../../core/decide/initiative.js';
import { endEncounter, endTurn, startCombat } from '../../core/decide/turns.js';
import type { EncounterEvent } from '../../core/events.js';
import type { EncounterState, UnitRef } from '../../core/model.js';
import type { Decision, InitiativeSystem } from '../../core/system.js';
import { findCombatant, unitInfo } from '../../core/units.js';
import type { GenesysCommand } from './commands.js';
import { genesysExt } from './state.js';
import { recoverStrain } from './strain.js';
import { checkProblem } from './initiative.js';
import { genesysSide } from './ranking.js';
import { autoFill, rankNewcomers, waitingForGm } from './turns.js';

type Handler = (ctx: DecideContext) => Decision;

/** The engine's handler, then genesys's additions to the events it decided. */
function extend(ctx: DecideContext, core: Handler, more: (ctx: DecideContext, d: Draft) => Draft): Decision {
  const decided = core(ctx);
  if (!decided.ok) return decided;
  const d = append(draft(ctx), ...decided.events);
  return accept(more(ctx, d).events);
}

const gmOnly = (actor: Actor, doing: string): Decision | undefined =>
  actor.role === 'gm' ? undefined : refuse('gm-only', `Only the GM can ${doing}.`);

const CONTINUE_SENTENCE = (round: number): string =>
  `Round ${round} is over: the GM decides first whether the action goes on (continue, or end the encounter).`;

/** [GEN-13] A unit's Cool or Vigilance check (and situational dice), before it rolls. */
function declareCheck(ctx: DecideContext, command: Extract<GenesysCommand, { type: 'genesys-declare-check' }>): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'genesys-declare-check', 'choose an initiative check');
  if (wrong) return wrong;
  const ref: UnitRef = command.unit;
  if (actor.role === 'player' && (ref.kind === 'group' || !actor.combatantIds.includes(ref.id))) {
    return refuse('not-your-combatant', "You can only choose your own character's initiative check.");
  }
  if (ref.kind === 'combatant') {
    const c = findCombatant(state, ref.id);
    if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (c.groupId !== null) {
      return refuse('invalid-command', `${c.name} belongs to a group, and the group makes one check: choose it for the group.`);
    }
  }
  const unit = unitInfo(state, ref);
  if (!unit) return refuse('unknown-group', 'There is no such group in this encounter.');
  if (unit.initiative) return refuse('already-rolled', `${unit.name} has already made its initiative check.`);
  const check = { skill: command.skill, boost: command.boost, setback: command.setback };
  const problem = checkProblem(check);
  if (problem) return refuse('invalid-command', problem);
  return accept([{ type: 'genesys-check-declared', unit: ref, check }]);
}

/** [GEN-25] The GM says the action goes on; a turn waiting for that may now be filled. */
function continueCombat(ctx: DecideContext): Decision {
  const notGm = gmOnly(ctx.actor, 'decide whether the action goes on');
  if (notGm) return notGm;
  const wrong = requireCommandPhase(ctx, 'genesys-continue-combat', 'continue the fight');
  if (wrong) return wrong;
  const round = genesysExt(ctx.state).continueAsked;
  if (round === null) return refuse('invalid-command', 'No round end is waiting for an answer.');
  return accept(autoFill(ctx, append(draft(ctx), { type: 'genesys-combat-continued', round })).events);
}

/** [GEN-19] [GEN-20] Players fill PC slots; only the GM chooses the NPC that takes an NPC slot. */
function checkClaim(ctx: DecideContext): Decision | undefined {
  const { state, actor } = ctx;
  if (state.phase !== 'active') return undefined;
  if (waitingForGm(state)) return refuse('decision-pending', CONTINUE_SENTENCE(genesysExt(state).continueAsked ?? state.round));
  const slot = state.slots.find((s) => s.id === state.turn?.slotId);
  if (actor.role === 'player' && slot?.filler.kind === 'open' && genesysSide(slot.side) === 'npc') {
    return refuse('gm-only', 'Only the GM chooses which NPC takes an NPC slot.');
  }
  return undefined;
}

/** [GEN-31] Whatever lasts "until the end of the Encounter" ends with it: every condition still held. */
function endWithConditions(ctx: DecideContext): Decision {
  const notGm = gmOnly(ctx.actor, 'end the encounter');
  if (notGm) return notGm;
  const ended = endEncounter(ctx);
  if (!ended.ok) return ended;
  const expired: EncounterEvent[] = ctx.state.combatants.flatMap((c) =>
    c.conditions.map((k) => ({ type: 'condition-expired', combatantId: c.id, conditionId: k.id }) as const),
  );
  return accept([...expired, ...ended.events]);
}

/** Core commands that roll during combat may place newcomers, whose slots genesys ranks (GEN-27). */
const duringCombat = (ctx: DecideContext, core: Handler): Decision | undefined =>
  ctx.state.phase === 'active' ? extend(ctx, core, (_ctx, d) => rankNewcomers(d)) : undefined;

export function decideGenesys(system: InitiativeSystem, state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  const ctx: DecideContext = { state, system, actor };
  switch (command.type) {
    case 'genesys-declare-check':
      return declareCheck(ctx, command);
    case 'genesys-continue-combat':
      return continueCombat(ctx);
    case 'genesys-recover-strain':
      return recoverStrain(state, command, actor);
    case 'claim-turn':
      return checkClaim(ctx);
    case 'end-turn':
      if (waitingForGm(state)) return refuse('decision-pending', CONTINUE_SENTENCE(genesysExt(state).continueAsked ?? state.round));
      return extend(ctx, endTurn, autoFill);
    case 'start-combat':
      return gmOnly(actor, 'start combat') ?? extend(ctx, startCombat, autoFill);
    case 'roll-initiative':
      return duringCombat(ctx, (c) => rollInitiative(c, command.unit, command.mode));
    case 'enter-initiative':
      return duringCombat(ctx, (c) => enterInitiative(c, command.unit, command.faces, command.mode));
    case 'roll-npc-initiative':
      return state.phase === 'active' ? (gmOnly(actor, 'roll for the monsters') ?? duringCombat(ctx, rollNpcInitiative)) : undefined;
    case 'end-encounter':
      return endWithConditions(ctx);
    default:
      return undefined;
  }
}
