// [DND-5] [DND-6] The order: highest total first, resolved ties by tieBreak; one slot per unit
// (a group is one unit), made once when combat starts and kept for every round.
import type { CombatantId, EncounterState, TurnSlot, UnitRef } from '../../model.js';
import { openCandidates } from '../../open-slots.js';
import type { SlotPlacement } from '../../system.js';
import { allUnits, isLive, unitInfo, type UnitInfo } from '../../units.js';

const UNORDERED = Number.MAX_SAFE_INTEGER;

/** Negative when `a` acts before `b`. Display order breaks what is still equal, so sorting is stable. */
export function compareUnits(a: UnitInfo, b: UnitInfo): number {
  const byTotal = (b.initiative?.total ?? 0) - (a.initiative?.total ?? 0);
  if (byTotal !== 0) return byTotal;
  return (a.tieBreak ?? UNORDERED) - (b.tieBreak ?? UNORDERED);
}

export function buildSlots(state: EncounterState, nextId: () => string): readonly TurnSlot[] {
  return allUnits(state)
    .filter((u) => u.initiative !== null)
    .sort(compareUnits)
    .map((u) => ({ id: nextId(), side: u.side, filler: { kind: 'unit', unit: u.ref } }));
}

/** [DND-7] A defeated or removed combatant has no turn; a group acts with its members still standing. */
export function eligibleActors(state: EncounterState, slot: TurnSlot): readonly CombatantId[] {
  switch (slot.filler.kind) {
    case 'unit': {
      const unit = unitInfo(state, slot.filler.unit);
      return unit ? unit.members.filter((m) => !m.defeated).map((m) => m.id) : [];
    }
    case 'open':
      return openCandidates(state, slot.filler.side);
    default: {
      const _exhaustive: never = slot.filler;
      return _exhaustive;
    }
  }
}

/**
 * [DND-11] A newcomer takes its place: before the first slot with a lower total, so after every unit
 * it ties with, provisionally: the units it ties with are returned so the engine asks people (ENG-23).
 * Whether it acts this round follows from the place: the engine only moves forward from the current slot.
 */
export function placeNewcomer(
  state: EncounterState,
  ref: UnitRef,
  slotId: string,
): SlotPlacement | undefined {
  const unit = unitInfo(state, ref);
  if (!unit?.initiative) return undefined;
  const total = unit.initiative.total;
  const index = state.slots.findIndex((s) => {
    if (s.filler.kind !== 'unit') return false;
    const other = unitInfo(state, s.filler.unit);
    return other?.initiative !== undefined && other.initiative !== null && other.initiative.total < total;
  });
  // [DND-11] Equal totals are people's choice (DND-8): the place after them is provisional.
  const tiedWith = state.slots.flatMap((s) => {
    if (s.filler.kind !== 'unit') return [];
    const other = unitInfo(state, s.filler.unit);
    return other && isLive(other) && other.initiative?.total === total ? [other.ref] : [];
  });
  return {
    slot: { id: slotId, side: unit.side, filler: { kind: 'unit', unit: ref } },
    index: index === -1 ? state.slots.length : index,
    tiedWith,
  };
}
