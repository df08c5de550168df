// [ENG-48] [ENG-49] What a PC brings from the fight that ended into the next one with the same table:
// its health as it stands (hit points and temporary ones, or wounds and strain), the conditions that
// last until removed, and its system's own state of health (D&D 5e: death saves), less what the
// GM's rest restores. Pure: the server turns the answer into the GM's add-combatant and the commands
// that follow it, each checked by the rules like any other.
import type { Command, NewCombatant } from './commands.js';
import type { HealthNow } from './health/model.js';
import type { Combatant, CombatantId } from './model.js';

/** What a rest may restore; the GM picks (ENG-49). */
export const REST_PARTS = ['health', 'temp', 'strain', 'conditions'] as const;
export type RestPart = (typeof REST_PARTS)[number];

/** A rest a system offers between fights, and what it restores unless the GM picks otherwise. */
export interface RestDef {
  readonly id: 'short' | 'long';
  readonly label: string;
  readonly restores: readonly RestPart[];
}

/** A command for the carried combatant once it has its new id. */
export type CarriedCommand = (combatantId: CombatantId) => Command;

export interface CarriedCombatant {
  /** The GM's add-combatant: its name, stats, maximum, and the health it carries in (`health.now`). */
  readonly combatant: NewCombatant;
  /** After it is added: its lasting conditions, then its system's own carried state. */
  readonly then: readonly CarriedCommand[];
}

/** [ENG-48] The health `c` carries in, less what the rest restores; undefined: full health. */
function healthNow(c: Combatant, restores: readonly RestPart[]): HealthNow | undefined {
  const h = c.health;
  if (h === null) return undefined;
  const now: HealthNow =
    h.kind === 'hit-points'
      ? { ...(restores.includes('health') ? {} : { hp: h.current }), ...(restores.includes('temp') || h.temp === 0 ? {} : { temp: h.temp }) }
      : { ...(restores.includes('health') ? {} : { wounds: h.wounds }), ...(restores.includes('strain') || h.strainThreshold === null ? {} : { strain: h.strain }) };
  return Object.keys(now).length === 0 ? undefined : now;
}

/**
 * [ENG-48] `c` as the next fight's GM adds it: the same name, side, stats, note and maximum, the health
 * it carries (ENG-47), its conditions without an end (timed ones counted this fight's turns and end
 * with it), and `systemState` (the system's own, which a rest of health clears).
 */
export function carryOut(c: Combatant, restores: readonly RestPart[], systemState: readonly CarriedCommand[] = []): CarriedCombatant {
  const h = c.health;
  const now = healthNow(c, restores);
  const health =
    h === null
      ? undefined
      : h.kind === 'hit-points'
        ? { max: h.max, ...(now ? { now } : {}) }
        : { max: h.threshold, ...(h.strainThreshold === null ? {} : { strain: h.strainThreshold }), ...(now ? { now } : {}) };
  const combatant: NewCombatant = { name: c.name, side: c.side, stats: c.stats, ...(c.note ? { note: c.note } : {}), ...(health ? { health } : {}) };
  const conditions: CarriedCommand[] = restores.includes('conditions')
    ? []
    : c.conditions.filter((k) => k.expiry === null).map((k) => (combatantId) => ({ type: 'add-condition', combatantId, name: k.name }));
  return { combatant, then: [...conditions, ...(restores.includes('health') ? [] : systemState)] };
}
