// begin-initiative, roll-initiative, roll-npc-initiative, resolve-tie.
import type { Actor } from '../commands.js';
import type { RollMode, UnitRef } from '../model.js';
import type { Decision } from '../system.js';
import { allUnits, findCombatant, sameUnit, unitInfo, unitKey, type UnitInfo } from '../units.js';
import { accept, append, draft, refuse, requirePhase, type DecideContext, type Draft } from './context.js';

export function beginInitiative(ctx: DecideContext): Decision {
  const wrong = requirePhase(ctx.state, ['setup'], 'call for initiative');
  if (wrong) return wrong;
  if (ctx.state.combatants.length === 0) {
    return refuse('no-combatants', 'Add at least one combatant before calling for initiative.');
  }
  return accept([{ type: 'initiative-begun' }]);
}

/** Rolls for one unit with the encounter's generator; after combat has started the newcomer takes its place. */
function rollUnit(ctx: DecideContext, d: Draft, unit: UnitInfo, mode: RollMode): Draft {
  const rolled = ctx.system.rollInitiative(d.state, unit.ref, unit.members, mode, d.state.dice.rng);
  const next = append(d, { type: 'initiative-rolled', unit: unit.ref, roll: rolled.roll, rng: rolled.rng });
  if (next.state.phase !== 'active') return next;
  const place = ctx.system.placeNewcomer?.(next.state, unit.ref, `s${next.state.nextId}`);
  return place ? append(next, { type: 'slot-inserted', slot: place.slot, index: place.index }) : next;
}

function checkPlayerUnit(actor: Actor, ref: UnitRef): Decision | undefined {
  if (actor.role === 'gm') return undefined;
  if (ref.kind === 'group') return refuse('not-your-combatant', 'Only the GM rolls for a group of creatures.');
  if (!actor.combatantIds.includes(ref.id)) {
    return refuse('not-your-combatant', 'You can only roll initiative for your own character.');
  }
  return undefined;
}

export function rollInitiative(ctx: DecideContext, ref: UnitRef, mode: RollMode = 'normal'): Decision {
  const { state, actor } = ctx;
  const wrong = requirePhase(state, ['initiative', 'active'], 'roll initiative');
  if (wrong) return wrong;
  const notYours = checkPlayerUnit(actor, ref);
  if (notYours) return notYours;
  if (ref.kind === 'combatant') {
    const c = findCombatant(state, ref.id);
    if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
    if (c.groupId !== null) {
      return refuse('invalid-command', `${c.name} belongs to a group, and the group rolls together: roll for the group.`);
    }
  }
  const unit = unitInfo(state, ref);
  if (!unit) return refuse('unknown-group', 'There is no such group in this encounter.');
  if (unit.members.length === 0) return refuse('invalid-command', `${unit.name} has no members left to roll for.`);
  if (unit.initiative) return refuse('already-rolled', `${unit.name} has already rolled initiative.`);
  return accept(rollUnit(ctx, draft(state), unit, mode).events);
}

export function rollNpcInitiative(ctx: DecideContext): Decision {
  const wrong = requirePhase(ctx.state, ['initiative', 'active'], 'roll initiative');
  if (wrong) return wrong;
  const todo = allUnits(ctx.state).filter((u) => u.side !== 'pc' && u.initiative === null && u.members.length > 0);
  if (todo.length === 0) return refuse('already-rolled', 'Every monster and NPC has already rolled initiative.');
  // Each roll sees the generator (and the order) left by the one before.
  const done = todo.reduce((d, unit) => {
    const current = unitInfo(d.state, unit.ref);
    return current ? rollUnit(ctx, d, current, 'normal') : d;
  }, draft(ctx.state));
  return accept(done.events);
}

export function resolveTie(ctx: DecideContext, order: readonly UnitRef[]): Decision {
  const { state, system } = ctx;
  const wrong = requirePhase(state, ['initiative'], 'order tied results');
  if (wrong) return wrong;
  const distinct = new Set(order.map(unitKey));
  const tie = system
    .pendingTies(state)
    .find((t) => t.length === order.length && distinct.size === order.length && order.every((u) => t.some((x) => sameUnit(x, u))));
  if (!tie) {
    return refuse(
      'not-a-tie',
      'Those results are not one of the ties waiting to be ordered: list every unit of that tie exactly once.',
    );
  }
  return accept([{ type: 'tie-resolved', order }]);
}
