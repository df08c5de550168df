// [DC20-41]…[DC20-43] DC20's health hooks: Bloodied at half, Well-Bloodied at a quarter; a PC at 0 or
// below is on Death's Door (its hit points go negative, it keeps its turns); enemies and NPCs at 0 are
// defeated, which leaves their Enemy or NPC turns empty and skipped (DC20-26) like any defeat.
import type { Health } from '../../core/health/model.js';
import type { Combatant, EncounterState, UnitRef } from '../../core/model.js';
import { findCombatant } from '../../core/units.js';

const isPc = (c: Combatant | undefined): boolean => c?.side === 'pc';

/** [DC20-42] The lowest hit points: 0, except a PC on Death's Door, whose hit points go below 0. */
export function hpFloor(_state: EncounterState, c: Combatant): number {
  // Decision: the Death's Door threshold comes from the character sheet (Prime Modifier and Combat
  // Mastery), which the engine does not hold: it only keeps the count from running away (−max).
  return isPc(c) && c.health?.kind === 'hit-points' ? -c.health.max : 0;
}

/** [DC20-42] On Death's Door a PC still takes its turns: only the GM's 'set-defeated' takes it out. */
export const outOfFight = (_state: EncounterState, c: Combatant): boolean =>
  !isPc(c) && c.health?.kind === 'hit-points' && c.health.current <= 0;

/** [DC20-41] [DC20-42] Unhurt, hurt, Bloodied (≤ ½), Well-Bloodied (≤ ¼), Death's Door (a PC at 0 or below), down. */
export function healthState(state: EncounterState, target: UnitRef, health: Health): string {
  if (health.kind !== 'hit-points') return 'hurt';
  if (health.current <= 0) return target.kind === 'combatant' && isPc(findCombatant(state, target.id)) ? 'deaths-door' : 'down';
  if (health.current * 4 <= health.max) return 'well-bloodied';
  if (health.current * 2 <= health.max) return 'bloodied';
  return health.current < health.max ? 'hurt' : 'unhurt';
}
