// Open slots (genesys PC/NPC slots, dc20 PC turns): any not-yet-acted member of a side may take
// them. These are the usual answers; a system may give its own through its hooks.
import type { CombatantId, EncounterState, Side, TurnSlot } from './model.js';
import { findCombatant } from './units.js';
import { violation, type RuleViolation } from './violations.js';

/** What `openCandidates` reads: an encounter, or any audience's view of one (the clients offer from views). */
export interface OpenSlotSubject {
  readonly combatants: readonly { readonly id: CombatantId; readonly side: Side; readonly defeated: boolean }[];
  readonly acted: readonly CombatantId[];
}

/** Who could claim an open slot of `side` now: standing members of the side that have not acted this round. */
export const openCandidates = (state: OpenSlotSubject, side: Side): readonly CombatantId[] =>
  state.combatants.filter((c) => c.side === side && !c.defeated && !state.acted.includes(c.id)).map((c) => c.id);

/** The default `canFill`: exactly one combatant of the slot's side, standing, not acted this round. */
export function defaultCanFill(
  state: EncounterState,
  slot: TurnSlot,
  combatantIds: readonly CombatantId[],
): RuleViolation | undefined {
  if (combatantIds.length !== 1) return violation('not-eligible', 'Exactly one combatant takes this turn.');
  return checkCandidates(state, slot, combatantIds);
}

/** Each of `combatantIds` is a candidate for `slot` (for systems whose slots may be shared). */
export function checkCandidates(
  state: EncounterState,
  slot: TurnSlot,
  combatantIds: readonly CombatantId[],
): RuleViolation | undefined {
  if (new Set(combatantIds).size !== combatantIds.length) {
    return violation('not-eligible', 'Name each combatant once.');
  }
  for (const id of combatantIds) {
    const c = findCombatant(state, id);
    if (!c) return violation('unknown-combatant', 'There is no such combatant in this encounter.');
    if (c.side !== slot.side) return violation('not-eligible', `This turn belongs to the ${slot.side} side, and ${c.name} is not on it.`);
    if (c.defeated) return violation('not-eligible', `${c.name} is defeated and cannot take a turn.`);
    if (state.acted.includes(c.id)) return violation('not-eligible', `${c.name} has already acted this round.`);
  }
  return undefined;
}
