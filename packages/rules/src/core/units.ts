// A unit is what rolls initiative and fills a fixed slot: a lone combatant or a group of identical
// creatures. These helpers answer the questions every system and the engine ask about units.
import type { Combatant, EncounterState, Group, InitiativeRoll, Side, UnitRef } from './model.js';

export interface UnitInfo {
  readonly ref: UnitRef;
  readonly name: string;
  readonly side: Side;
  readonly initiative: InitiativeRoll | null;
  readonly tieBreak: number | null;
  readonly members: readonly Combatant[];
}

export const unitKey = (ref: UnitRef): string => `${ref.kind}:${ref.id}`;

export const sameUnit = (a: UnitRef, b: UnitRef): boolean => a.kind === b.kind && a.id === b.id;

export const findCombatant = (state: EncounterState, id: string): Combatant | undefined =>
  state.combatants.find((c) => c.id === id);

export const findGroup = (state: EncounterState, id: string): Group | undefined =>
  state.groups.find((g) => g.id === id);

export const groupMembers = (state: EncounterState, groupId: string): readonly Combatant[] =>
  state.combatants.filter((c) => c.groupId === groupId);

export function unitInfo(state: EncounterState, ref: UnitRef): UnitInfo | undefined {
  switch (ref.kind) {
    case 'combatant': {
      const c = findCombatant(state, ref.id);
      if (!c || c.groupId !== null) return undefined;
      return { ref, name: c.name, side: c.side, initiative: c.initiative, tieBreak: c.tieBreak, members: [c] };
    }
    case 'group': {
      const g = findGroup(state, ref.id);
      if (!g) return undefined;
      return {
        ref,
        name: g.name,
        side: g.side,
        initiative: g.initiative,
        tieBreak: g.tieBreak,
        members: groupMembers(state, g.id),
      };
    }
    default: {
      const _exhaustive: never = ref;
      return _exhaustive;
    }
  }
}

/** Every unit, in display order: lone combatants and groups, each once, where it first appears. */
export function allUnits(state: EncounterState): readonly UnitInfo[] {
  const units: UnitInfo[] = [];
  const seenGroups = new Set<string>();
  for (const c of state.combatants) {
    const ref: UnitRef = c.groupId === null ? { kind: 'combatant', id: c.id } : { kind: 'group', id: c.groupId };
    if (ref.kind === 'group') {
      if (seenGroups.has(ref.id)) continue;
      seenGroups.add(ref.id);
    }
    const info = unitInfo(state, ref);
    if (info) units.push(info);
  }
  return units;
}

/** A unit still in the fight: at least one member not defeated. */
export const isLive = (unit: UnitInfo): boolean => unit.members.some((m) => !m.defeated);

/** Hidden from players and spectators: every member hidden (an empty group shows nothing either). */
export const isHiddenUnit = (unit: UnitInfo): boolean => unit.members.every((m) => m.hidden);
