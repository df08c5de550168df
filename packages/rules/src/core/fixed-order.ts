// A fixed order of unit slots, as dnd5e and uesrpg build it: one slot per rolled unit (a group is
// one unit), sorted once when combat starts and kept every round; a newcomer takes its place in it.
// Systems differ only in how two rolls compare, so each passes its own comparison of rolls.
import type { CombatantId, EncounterState, InitiativeRoll, TurnSlot, UnitRef } from './model.js';
import { openCandidates } from './open-slots.js';
import type { SlotPlacement } from './system.js';
import { allUnits, isLive, unitInfo, type UnitInfo } from './units.js';

/** Negative when roll `a` acts before roll `b`, 0 when the system's rules cannot tell them apart. */
export type CompareRolls = (a: InitiativeRoll, b: InitiativeRoll) => number;

export interface FixedOrder {
  readonly buildSlots: (state: EncounterState, nextId: () => string) => readonly TurnSlot[];
  readonly eligibleActors: (state: EncounterState, slot: TurnSlot) => readonly CombatantId[];
  readonly placeNewcomer: (state: EncounterState, ref: UnitRef, slotId: string) => SlotPlacement | undefined;
}

const UNORDERED = Number.MAX_SAFE_INTEGER;

/** The fixed order whose rolls compare by `compareRolls`. */
export function fixedOrder(compareRolls: CompareRolls): FixedOrder {
  /** Negative when `a` acts before `b`: the rolls, then people's decided order (ENG-23), then display order. */
  const compareUnits = (a: UnitInfo, b: UnitInfo): number => {
    if (a.initiative && b.initiative) {
      const byRoll = compareRolls(a.initiative, b.initiative);
      if (byRoll !== 0) return byRoll;
    }
    return (a.tieBreak ?? UNORDERED) - (b.tieBreak ?? UNORDERED);
  };

  const buildSlots = (state: EncounterState, nextId: () => string): readonly TurnSlot[] =>
    allUnits(state)
      .filter((u) => u.initiative !== null)
      .sort(compareUnits)
      .map((u) => ({ id: nextId(), side: u.side, filler: { kind: 'unit', unit: u.ref } }));

  /**
   * A newcomer goes before the first slot its roll acts ahead of, so after every unit it ties with,
   * provisionally: those units are returned so the engine asks people (ENG-23). Turns only move
   * forward, so whether it still acts this round follows from the place.
   */
  const placeNewcomer = (state: EncounterState, ref: UnitRef, slotId: string): SlotPlacement | undefined => {
    const unit = unitInfo(state, ref);
    const roll = unit?.initiative;
    if (!unit || !roll) return undefined;
    const index = state.slots.findIndex((s) => {
      if (s.filler.kind !== 'unit') return false;
      const other = unitInfo(state, s.filler.unit)?.initiative;
      return other !== undefined && other !== null && compareRolls(roll, other) < 0;
    });
    const tiedWith = state.slots.flatMap((s) => {
      if (s.filler.kind !== 'unit') return [];
      const other = unitInfo(state, s.filler.unit);
      return other?.initiative && isLive(other) && compareRolls(roll, other.initiative) === 0 ? [other.ref] : [];
    });
    return {
      slot: { id: slotId, side: unit.side, filler: { kind: 'unit', unit: ref } },
      index: index === -1 ? state.slots.length : index,
      tiedWith,
    };
  };

  return { buildSlots, eligibleActors: standingMembers, placeNewcomer };
}

/** A unit slot's actors are its members still standing (defeated or removed ones have no turn). */
function standingMembers(state: EncounterState, slot: TurnSlot): readonly CombatantId[] {
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
