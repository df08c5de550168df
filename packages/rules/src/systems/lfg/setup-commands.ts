// [LFG-5] [LFG-8] [LFG-13] The GM's arrangements: seating, the roller, surprise, the order of monsters.
import { accept, refuse, requireCommandPhase, type DecideContext } from '../../core/decide/context.js';
import type { CombatantId, EncounterState, TurnSlot, UnitRef } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant, unitInfo, unitKey } from '../../core/units.js';
import { rollerUndecided } from './decisions.js';
import { canRoll, orderedUnits, seatingOf } from './lookup.js';
import { lfgExt, withExt } from './state.js';
import { reseat } from './roller.js';
import type { SurpriseSide } from './types.js';


/** [LFG-8] 'lfg-set-seating' (GM): the same PCs in a new clockwise order. */
export function setSeating(ctx: DecideContext, order: readonly CombatantId[]): Decision {
  const wrong = requireCommandPhase(ctx, 'lfg-set-seating', 'change the seating');
  if (wrong) return wrong;
  const seating = seatingOf(ctx.state);
  const next = reseat({ seating, current: null, firstOfCombat: null }, order);
  if (!next) return refuse('invalid-command', 'List every PC exactly once, clockwise round the table.');
  return accept([{ type: 'lfg-seating-set', seating: next.seating }]);
}

/** [LFG-8] [LFG-9] 'lfg-set-roller': the GM names the roller; a player may name their own PC while the table must choose. */
export function setRoller(ctx: DecideContext, combatantId: CombatantId): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-set-roller', 'choose who rolls');
  if (wrong) return wrong;
  const pc = findCombatant(state, combatantId);
  if (!pc || pc.side !== 'pc') return refuse('not-eligible', "Only a PC rolls the party's Initiative check.");
  if (actor.role === 'player') {
    if (!actor.combatantIds.includes(pc.id)) return refuse('not-your-combatant', 'You can only volunteer your own character.');
    if (!rollerUndecided(state)) return refuse('gm-only', 'Only the GM can change who rolls for the party.');
  }
  if (!canRoll(state, pc.id)) return refuse('not-eligible', `${pc.name} is down or gone and cannot roll for the party.`);
  const current = state.phase === 'active' && lfgExt(state).awaitingCheck;
  return accept([{ type: 'lfg-roller-set', rollerId: pc.id, scope: current ? 'current' : 'next' }]);
}

/** [LFG-5] 'lfg-declare-surprise' (GM): before combat, and before the first check is rolled. */
export function declareSurprise(ctx: DecideContext, side: SurpriseSide | null): Decision {
  const wrong = requireCommandPhase(ctx, 'lfg-declare-surprise', 'declare surprise');
  if (wrong) return wrong;
  if (side !== null && side !== 'party' && side !== 'enemies') return refuse('invalid-command', 'Surprise belongs to the party or the enemies.');
  if (lfgExt(ctx.state).check !== null) {
    return refuse('invalid-command', "The party's check for round 1 is already rolled: undo it before declaring surprise.");
  }
  return accept([{ type: 'lfg-surprise-set', side }]);
}

/**
 * [LFG-13] The current round with the new order applied to what is still to come: each run of
 * not-yet-started monster slots of one side is re-sorted, so nobody changes band.
 */
function reorderRest(state: EncounterState): readonly TurnSlot[] {
  const position = new Map<string, number>();
  [...orderedUnits(state, 'enemy'), ...orderedUnits(state, 'npc')].forEach((u, i) => position.set(unitKey(u.ref), i));
  const at = (slot: TurnSlot): number => (slot.filler.kind === 'unit' ? (position.get(unitKey(slot.filler.unit)) ?? position.size) : position.size);
  const start = state.turn ? state.slots.findIndex((s) => s.id === state.turn?.slotId) + 1 : 0;
  const slots = [...state.slots];
  let i = start;
  while (i < slots.length) {
    const side = slots[i]?.side;
    let j = i;
    while (j < slots.length && slots[j]?.side === side) j++;
    if (side !== 'pc') slots.splice(i, j - i, ...slots.slice(i, j).sort((a, b) => at(a) - at(b)));
    i = j;
  }
  return slots;
}

/** [LFG-13] 'lfg-order-monsters' (GM): the order of monsters (and allies), from now on. */
export function orderMonsters(ctx: DecideContext, order: readonly UnitRef[]): Decision {
  const { state } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-order-monsters', 'order the monsters');
  if (wrong) return wrong;
  if (new Set(order.map(unitKey)).size !== order.length) return refuse('invalid-command', 'Name each monster once.');
  for (const ref of order) {
    const unit = unitInfo(state, ref);
    if (!unit) return refuse('unknown-combatant', 'There is no such monster in this encounter (a group is ordered as one).');
    if (unit.side === 'pc') return refuse('invalid-command', 'PCs act clockwise from the roller; only monsters and allies are ordered by the GM.');
  }
  const slots = state.phase === 'active' ? reorderRest(withExt(state, { monsterOrder: order })) : state.slots;
  return accept([{ type: 'lfg-monsters-ordered', order, slots }]);
}
