// [ENG-17] spend-resource (players on their own combatants) and set-resource (GM): AP and the like.
import type { Command } from '../commands.js';
import type { EncounterEvent } from '../events.js';
import { RESOURCE_REFRESHES, type CombatantId, type EncounterState, type ResourceRefresh } from '../model.js';
import type { Decision } from '../system.js';
import { findCombatant } from '../units.js';
import { accept, refuse, requireCommandPhase, type DecideContext } from './context.js';

/** The largest value a resource may hold. */
export const MAX_RESOURCE = 999;

const wholeIn = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

type Spend = Extract<Command, { type: 'spend-resource' }>;
type SetResource = Extract<Command, { type: 'set-resource' }>;

export function spendResource(ctx: DecideContext, command: Spend): Decision {
  const wrong = requireCommandPhase(ctx, 'spend-resource', 'spend resources');
  if (wrong) return wrong;
  const c = findCombatant(ctx.state, command.combatantId);
  if (c && ctx.actor.role === 'player' && !ctx.actor.combatantIds.includes(c.id)) {
    return refuse('not-your-combatant', "You can only spend your own character's resources.");
  }
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (!wholeIn(command.amount, 1, MAX_RESOURCE)) {
    return refuse('invalid-command', `Spend a whole number from 1 to ${MAX_RESOURCE}.`);
  }
  const pool = c.resources[command.resource];
  if (!pool) return refuse('invalid-command', `${c.name} has no ${command.resource} to spend.`);
  if (pool.current < command.amount) {
    return refuse(
      'insufficient-resource',
      `${c.name} has only ${pool.current} ${command.resource} left and cannot spend ${command.amount}.`,
    );
  }
  const current = pool.current - command.amount;
  return accept([{ type: 'resource-changed', combatantId: c.id, resource: command.resource, current, max: pool.max }]);
}

export function setResource(ctx: DecideContext, command: SetResource): Decision {
  const wrong = requireCommandPhase(ctx, 'set-resource', 'set resources');
  if (wrong) return wrong;
  const c = findCombatant(ctx.state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  const resource = command.resource.trim();
  if (resource === '') return refuse('invalid-command', 'A resource needs a name.');
  if (!wholeIn(command.max, 0, MAX_RESOURCE) || !wholeIn(command.current, 0, command.max)) {
    return refuse('invalid-command', `A resource holds a whole number from 0 to its maximum (at most ${MAX_RESOURCE}).`);
  }
  if (command.refresh !== undefined && !RESOURCE_REFRESHES.includes(command.refresh)) {
    return refuse('invalid-command', 'A resource refreshes each round, each turn, each encounter or never.');
  }
  const refresh = command.refresh ?? c.resources[resource]?.refresh;
  return accept([
    { type: 'resource-changed', combatantId: c.id, resource, current: command.current, max: command.max, ...(refresh ? { refresh } : {}) },
  ]);
}

/**
 * [ENG-36] The pools that fill back now: `when` 'round' at a round's start (everyone's), 'turn' at a turn's
 * start (its actors'), 'encounter' at the encounter's end (everyone's). Full pools emit nothing.
 */
export function refills(state: EncounterState, when: ResourceRefresh, ids?: readonly CombatantId[]): readonly EncounterEvent[] {
  return state.combatants
    .filter((c) => ids === undefined || ids.includes(c.id))
    .flatMap((c) =>
      Object.entries(c.resources)
        .filter(([, pool]) => pool.refresh === when && pool.current < pool.max)
        .map(([resource, pool]): EncounterEvent => ({ type: 'resource-changed', combatantId: c.id, resource, current: pool.max, max: pool.max })),
    );
}
