// [ENG-23] 'resolve-tie' during combat: the place of a newcomer that tied. Imports nothing that reaches
// the system registry, so systems (dnd5e's player path) may use it too.
import type { EncounterState, PendingDecision, UnitRef } from '../model.js';
import type { Decision } from '../system.js';
import { sameUnit, unitInfo, unitKey } from '../units.js';
import { violation, type RuleViolationCode } from '../violations.js';

const refuse = (code: RuleViolationCode, message: string): Decision => ({ ok: false, violation: violation(code, message) });
const accept = (events: Extract<Decision, { ok: true }>['events']): Decision => ({ ok: true, events });

/** The open 'newcomer-tie' decision whose units `order` lists exactly (each once), if any. */
export function matchNewcomerTie(
  state: EncounterState,
  order: readonly UnitRef[],
): Extract<PendingDecision, { kind: 'newcomer-tie' }> | undefined {
  const distinct = new Set(order.map(unitKey)).size === order.length;
  for (const p of state.pending) {
    if (p.kind !== 'newcomer-tie') continue;
    const units = [p.unit, ...p.tiedWith];
    if (distinct && units.length === order.length && order.every((u) => units.some((x) => sameUnit(x, u)))) return p;
  }
  return undefined;
}

const slotOf = (state: EncounterState, ref: UnitRef): number =>
  state.slots.findIndex((s) => s.filler.kind === 'unit' && sameUnit(s.filler.unit, ref));

/**
 * [ENG-23] 'resolve-tie' during combat: orders a newcomer among the units it tied with. Only the
 * newcomer's slot moves (the others were ordered already and must be listed in their current order):
 * right before the slot of the unit listed after it, or right after the one listed before it. Turns
 * keep moving forward, so a place that has passed this round means it first acts next round. Refused
 * while the newcomer takes its turn, and for a newcomer that has acted this round when the move would
 * bring its turn up again this round (the GM can order it once the round is over).
 */
export function resolveNewcomerTie(state: EncounterState, order: readonly UnitRef[]): Decision {
  const decision = matchNewcomerTie(state, order);
  if (!decision) {
    return refuse(
      'not-a-tie',
      'Those results are not a tie waiting to be ordered: list the newcomer and every unit it tied with exactly once.',
    );
  }
  const others = order.filter((u) => !sameUnit(u, decision.unit));
  const inOrder = others.every((u, i) => i === 0 || slotOf(state, others[i - 1] as UnitRef) < slotOf(state, u));
  if (!inOrder) {
    return refuse('invalid-command', 'Only the newcomer\'s place can change: list the others in their current order.');
  }
  const slot = state.slots.find((s) => s.id === decision.slotId);
  const unit = unitInfo(state, decision.unit);
  const close = accept([{ type: 'decision-closed', decisionId: decision.id }]);
  if (!slot || !unit) return close;
  if (state.turn?.slotId === slot.id) {
    return refuse('invalid-command', `${unit.name} is taking its turn: order the tie when the turn ends.`);
  }
  const rest = state.slots.filter((s) => s.id !== slot.id);
  const at = order.findIndex((u) => sameUnit(u, decision.unit));
  const restIndex = (ref: UnitRef): number =>
    rest.findIndex((s) => s.filler.kind === 'unit' && sameUnit(s.filler.unit, ref));
  const after = order[at + 1];
  const before = order[at - 1];
  const index = after ? restIndex(after) : before ? restIndex(before) + 1 : -1;
  if (index < 0) return close;
  const acted = unit.members.some((m) => state.acted.includes(m.id));
  const turnAt = state.turn ? rest.findIndex((s) => s.id === state.turn?.slotId) : -1;
  if (acted && index > turnAt) {
    return refuse('invalid-command', `${unit.name} has acted this round: that place would give it a second turn. Order the tie next round.`);
  }
  const moved = state.slots.findIndex((s) => s.id === slot.id) !== index;
  return accept([
    ...(moved ? [{ type: 'slot-moved', slotId: slot.id, index } as const] : []),
    { type: 'decision-closed', decisionId: decision.id },
  ]);
}
