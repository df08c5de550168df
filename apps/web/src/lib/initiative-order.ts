// [issue 15] The initiative panel sorted as rolls come in: highest total first, those still to roll
// after them. The sort is stable: equal totals keep the order they were added in, so a row never jumps
// past its equal when someone else rolls. The system's own order (ties, tie-breaks) is the engine's,
// shown once combat starts; this is only where each unit stands so far.
import type { Unit } from './units.js';

export function byTotalSoFar(units: readonly Unit[]): Unit[] {
  const rolled = units.filter((u) => u.initiative !== null);
  const waiting = units.filter((u) => u.initiative === null);
  // Array.prototype.sort is stable (ES2019): equal totals stay in the order given.
  return [...rolled.sort((a, b) => (b.initiative?.total ?? 0) - (a.initiative?.total ?? 0)), ...waiting];
}
