// A system's health rules with the core's defaults filled in: what the engine asks of health, in one
// place, so the command handlers, the projection and the systems' own code ask it the same way.
import type { Combatant, EncounterState, Group, UnitRef } from '../model.js';
import type { InitiativeSystem, SystemMeta } from '../system.js';
import { findGroup } from '../units.js';
import { defaultHealthState, isDown } from './math.js';
import { DEFAULT_HEALTH_META, type Health, type HealthMeta } from './model.js';

export const healthMetaOf = (system: Pick<SystemMeta, 'health'>): HealthMeta => system.health ?? DEFAULT_HEALTH_META;

/** [ENG-34] The state a client may show for `health`: the system's, else unhurt, hurt or down. */
export const healthStateOf = (system: InitiativeSystem, state: EncounterState, target: UnitRef, health: Health): string =>
  system.healthState?.(state, target, health) ?? defaultHealthState(health);

/** [ENG-29] Whether `c`'s health puts it out of the fight: the system's rule, else whenever it is down. */
export const isOutOfFight = (system: InitiativeSystem, state: EncounterState, c: Combatant): boolean =>
  system.outOfFight ? system.outOfFight(state, c) : c.health !== null && isDown(c.health);

/** [ENG-26] The lowest hit points `c` may fall to. */
export const hpFloorOf = (system: InitiativeSystem, state: EncounterState, c: Combatant): number =>
  system.hpFloor?.(state, c) ?? 0;

/** [ENG-31] The group whose pool takes `c`'s damage and healing, where the system pools groups. */
export const poolOf = (system: Pick<SystemMeta, 'health'>, state: EncounterState, c: Combatant): Group | undefined =>
  healthMetaOf(system).groupPool && c.groupId !== null ? findGroup(state, c.groupId) : undefined;

/**
 * [ENG-31] [GEN-38] How many of a pooled group's `members` are down: one each time the pool's wounds
 * exceed another member's threshold worth (FFG: a character is out when wounds exceed its threshold,
 * GEN-37; 3 minions of threshold 5 lose one past 5 wounds, two past 10, all past 15). A pool of hit
 * points is down as a whole.
 */
export function membersDown(health: Health, members: number): number {
  switch (health.kind) {
    case 'wounds':
      return Math.min(members, Math.max(0, Math.ceil(health.wounds / Math.max(1, health.threshold)) - 1));
    case 'hit-points':
      return isDown(health) ? members : 0;
    default: {
      const _exhaustive: never = health;
      return _exhaustive;
    }
  }
}
