// [UES-8] [UES-14] [UES-15] A fixed order of unit slots, highest initiative first by the tie-break
// chain, then people's decided order. Rolled once per combat and kept every round; each character
// takes one turn. A newcomer rolls and goes before the first slot the chain puts after it; what the
// chain cannot separate is people's choice (UES-11), so its place after those units is provisional.
// If that place has passed, it first acts next round. [UES-35] A group's slot is taken by its standing
// members one after another, each its own turn, in the GM's order (option `groupTurns` 'each').
import { UESRPG_COMMAND_PHASES } from './phases.js';
import type { Actor } from '../../core/commands.js';
import { accept, refuse, requirePhase } from '../../core/decide/context.js';
import { fixedOrder } from '../../core/fixed-order.js';
import type { CombatantId, EncounterState, TurnSlot } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findGroup, groupMembers } from '../../core/units.js';
import { groupTurnsEach } from './options.js';
import { uesrpgExt } from './state.js';
import { compareInitiative } from './ties.js';

const fixed = fixedOrder(compareInitiative);
export const { buildSlots, placeNewcomer } = fixed;

/** [UES-35] A group's standing members in the GM's order (the rest in display order). */
export function membersInOrder(state: EncounterState, groupId: string): readonly CombatantId[] {
  const standing = groupMembers(state, groupId).filter((m) => !m.defeated).map((m) => m.id);
  const chosen = (uesrpgExt(state).memberOrder[groupId] ?? []).filter((id) => standing.includes(id));
  return [...chosen, ...standing.filter((id) => !chosen.includes(id))];
}

const groupTurns = (state: EncounterState, slot: TurnSlot): string | null =>
  slot.filler.kind === 'unit' && slot.filler.unit.kind === 'group' && groupTurnsEach(state.options) ? slot.filler.unit.id : null;

/** [UES-13] [UES-35] A group's slot: the next standing member who has not acted this round; anyone else's as usual. */
export function eligibleActors(state: EncounterState, slot: TurnSlot): readonly CombatantId[] {
  const groupId = groupTurns(state, slot);
  if (groupId === null) return fixed.eligibleActors(state, slot);
  const next = membersInOrder(state, groupId).find((id) => !state.acted.includes(id));
  return next ? [next] : [];
}

/** [UES-35] A group's slot is taken again while a member has still to act. */
export const repeatsSlot = (state: EncounterState, slot: TurnSlot): boolean => groupTurns(state, slot) !== null;

/** [UES-35] 'uesrpg-order-members' (GM): the order of a group's members' turns. */
export function orderMembers(state: EncounterState, actor: Actor, groupId: string, order: readonly CombatantId[]): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', "Only the GM orders a group's turns.");
  const wrong = requirePhase(state, UESRPG_COMMAND_PHASES['uesrpg-order-members'], "order a group's turns");
  if (wrong) return wrong;
  const group = findGroup(state, groupId);
  if (!group) return refuse('unknown-group', 'There is no such group in this encounter.');
  const members = groupMembers(state, groupId).map((m) => m.id);
  if (order.length !== members.length || new Set(order).size !== order.length || !order.every((id) => members.includes(id))) {
    return refuse('invalid-command', `Name each member of ${group.name} once.`);
  }
  return accept([{ type: 'uesrpg-members-ordered', groupId, order }]);
}
