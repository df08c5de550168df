// [UES-8] [UES-14] [UES-15] A fixed order of unit slots, highest initiative first by the tie-break
// chain, then people's decided order. Rolled once per combat and kept every round; a newcomer rolls
// and takes its place.
import type { CombatantId, EncounterState, TurnSlot, UnitRef } from '../../model.js';
import { openCandidates } from '../../open-slots.js';
import type { SlotPlacement } from '../../system.js';
import { allUnits, isLive, unitInfo, type UnitInfo } from '../../units.js';
import { compareInitiative } from './ties.js';

const UNORDERED = Number.MAX_SAFE_INTEGER;

/** Negative when `a` acts before `b`: the chain first, then the GM's or the roll-off's order. */
export function compareUnits(a: UnitInfo, b: UnitInfo): number {
  if (a.initiative && b.initiative) {
    const byChain = compareInitiative(a.initiative, b.initiative);
    if (byChain !== 0) return byChain;
  }
  return (a.tieBreak ?? UNORDERED) - (b.tieBreak ?? UNORDERED);
}

/** [UES-8] One slot per rolled unit (a group is one unit); display order breaks what is left. */
export function buildSlots(state: EncounterState, nextId: () => string): readonly TurnSlot[] {
  return allUnits(state)
    .filter((u) => u.initiative !== null)
    .sort(compareUnits)
    .map((u) => ({ id: nextId(), side: u.side, filler: { kind: 'unit', unit: u.ref } }));
}

/** [UES-15] Each character takes one turn: a slot's actors are its members still standing. */
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
 * [UES-14] A newcomer goes before the first slot the chain puts after it, so after every unit it
 * stays tied with, provisionally: those units are returned so the engine asks people (ENG-23).
 * Turns only move forward: if that place has passed, it first acts next round.
 */
export function placeNewcomer(
  state: EncounterState,
  ref: UnitRef,
  slotId: string,
): SlotPlacement | undefined {
  const unit = unitInfo(state, ref);
  const roll = unit?.initiative;
  if (!unit || !roll) return undefined;
  const index = state.slots.findIndex((s) => {
    if (s.filler.kind !== 'unit') return false;
    const other = unitInfo(state, s.filler.unit)?.initiative;
    return other !== undefined && other !== null && compareInitiative(roll, other) < 0;
  });
  // [UES-14] What the chain cannot separate is people's choice (UES-11): the place after them is provisional.
  const tiedWith = state.slots.flatMap((s) => {
    if (s.filler.kind !== 'unit') return [];
    const other = unitInfo(state, s.filler.unit);
    return other?.initiative && isLive(other) && compareInitiative(roll, other.initiative) === 0 ? [other.ref] : [];
  });
  return {
    slot: { id: slotId, side: unit.side, filler: { kind: 'unit', unit: ref } },
    index: index === -1 ? state.slots.length : index,
    tiedWith,
  };
}
