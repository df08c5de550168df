// [ENG-16] add-condition and remove-condition. The GM may change anyone's conditions, a player
// only those of their own combatants.
import type { Command } from '../commands.js';
import { CONDITION_ENDS, type Combatant } from '../model.js';
import type { Decision } from '../system.js';
import { findCombatant } from '../units.js';
import { accept, refuse, requireCommandPhase, type DecideContext } from './context.js';
import { roundsFor, TIME_UNITS } from '../time.js';
import { expiryFor, MAX_CONDITION_ROUNDS } from './expiry.js';
import { mintId } from '../ids.js';

/** The combatant the actor may change conditions on, or the refusal. */
function target(ctx: DecideContext, type: 'add-condition' | 'remove-condition', combatantId: string, doing: string): Combatant | Decision {
  const wrong = requireCommandPhase(ctx, type, doing);
  if (wrong) return wrong;
  const c = findCombatant(ctx.state, combatantId);
  const mine = ctx.actor.role === 'gm' || ctx.actor.combatantIds.includes(combatantId);
  if (c && !mine) return refuse('not-your-combatant', 'You can only change the conditions of your own character.');
  return c ?? refuse('unknown-combatant', 'There is no such combatant in this encounter.');
}

type AddCondition = Extract<Command, { type: 'add-condition' }>;

/** [ENG-35] The rounds a condition lasts: as given, or its in-game duration in the system's rounds. */
function roundsOf(ctx: DecideContext, command: AddCondition): number | undefined | Decision {
  const { duration, rounds } = command;
  if (!duration) return rounds;
  if (rounds !== undefined) return refuse('invalid-command', 'Give a duration in rounds or in time, not both.');
  const roundSeconds = ctx.system.roundSeconds;
  if (roundSeconds === undefined) {
    return refuse('invalid-command', `${ctx.system.shortLabel} leaves the length of a round open: give the duration in rounds.`);
  }
  if (!Number.isInteger(duration.amount) || duration.amount < 1 || !TIME_UNITS.includes(duration.unit)) {
    return refuse('invalid-command', 'A duration in time is a whole number of seconds or minutes, at least 1.');
  }
  return roundsFor(duration, roundSeconds);
}

export function addCondition(ctx: DecideContext, command: AddCondition): Decision {
  const ids = [command.combatantId, ...(command.alsoOn ?? [])];
  if (new Set(ids).size !== ids.length) return refuse('invalid-command', 'Name each combatant once.');
  const targets: Combatant[] = [];
  for (const id of ids) {
    const c = target(ctx, 'add-condition', id, 'add conditions');
    if ('ok' in c) return c;
    targets.push(c);
  }
  const name = command.name.trim();
  if (name === '') return refuse('invalid-command', 'A condition needs a name.');
  const rounds = roundsOf(ctx, command);
  if (typeof rounds === 'object') return rounds;
  const { endsAt } = command;
  if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_CONDITION_ROUNDS)) {
    return refuse('invalid-command', `A duration is a whole number of rounds from 1 to ${MAX_CONDITION_ROUNDS}.`);
  }
  if (endsAt !== undefined && !CONDITION_ENDS.includes(endsAt)) {
    return refuse('invalid-command', `A condition ends at one of: ${CONDITION_ENDS.join(', ')}.`);
  }
  // endsAt alone means one round ("until the end of the round", "until the start of your next turn").
  const timed = rounds !== undefined || endsAt !== undefined;
  const expiry = timed ? expiryFor(ctx.state, rounds ?? 1, endsAt ?? ctx.system.conditionExpiry) : null;
  // One condition each, with its own id (each 'condition-added' moves nextId on by one).
  return accept(
    targets.map((c, i) => ({ type: 'condition-added' as const, combatantId: c.id, condition: { id: mintId(ctx.state, 'k', ctx.state.nextId + i), name, expiry } })),
  );
}

export function removeCondition(ctx: DecideContext, combatantId: string, conditionId: string): Decision {
  const c = target(ctx, 'remove-condition', combatantId, 'remove conditions');
  if ('ok' in c) return c;
  if (!c.conditions.some((k) => k.id === conditionId)) {
    return refuse('unknown-condition', `${c.name} has no such condition.`);
  }
  return accept([{ type: 'condition-removed', combatantId: c.id, conditionId }]);
}
