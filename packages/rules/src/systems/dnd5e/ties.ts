// [DND-8] Ties are people's choices: the engine waits while rolled units share a total and have
// not all been ordered by 'tie-resolved'.
import type { EncounterState, UnitRef } from '../../model.js';
import { allUnits, isLive, type UnitInfo } from '../../units.js';

export function pendingTies(state: EncounterState): readonly (readonly UnitRef[])[] {
  const byTotal = new Map<number, UnitInfo[]>();
  for (const unit of allUnits(state)) {
    if (!unit.initiative || !isLive(unit)) continue;
    const list = byTotal.get(unit.initiative.total) ?? [];
    list.push(unit);
    byTotal.set(unit.initiative.total, list);
  }
  return [...byTotal.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, units]) => units)
    .filter((units) => units.length >= 2 && units.some((u) => u.tieBreak === null))
    .map((units) => units.map((u) => u.ref));
}
