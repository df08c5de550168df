import type { Creature } from '@roundkeeper/protocol';
import {
  decide,
  evolve,
  IMPLEMENTED_SYSTEMS,
  replay,
  type CarriedCommand,
  type Command,
  type EncounterEvent,
  type EncounterState,
  type NewCombatant,
  type SystemId,
} from '@roundkeeper/rules';
import { newCreationEvent } from '../encounters/create-encounter.js';

/** The GM adds the roster of an encounter started from the library. */
const GM = { role: 'gm' } as const;

export type RosterResult =
  | { readonly ok: true; readonly state: EncounterState; readonly events: readonly EncounterEvent[]; readonly combatantIds: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** A kept creature on its way into an encounter: how many, hidden or not. */
export interface RosterEntry {
  /** A kept creature, or a PC carried from the last fight (its add-combatant, with the health it carries). */
  readonly creature: Creature | NewCombatant;
  /** [ENG-48] Commands for it once added: its lasting conditions, its system's own carried state. */
  readonly then?: readonly CarriedCommand[];
  readonly count?: number;
  readonly hidden?: boolean;
  /** Where the refusal points: "creatures.2" or the creature's name. */
  readonly label: string;
}

/**
 * Adds each entry as the GM's `add-combatant` to `state`, the way the room would: the system's rules
 * decide, so a kept creature is held to exactly what an encounter accepts. Refuses at the first entry
 * the rules refuse, naming it; nothing is kept then.
 */
export function addToRoster(state: EncounterState, entries: readonly RosterEntry[]): RosterResult {
  const events: EncounterEvent[] = [];
  const combatantIds: string[] = [];
  let current = state;
  const run = (command: Command, label: string): string | undefined => {
    const decision = decide(current, command, GM);
    if (!decision.ok) return `${label}: ${decision.violation.message}`;
    for (const event of decision.events) {
      current = evolve(current, event);
      events.push(event);
      if (event.type === 'combatant-added') combatantIds.push(event.combatant.id);
    }
    return undefined;
  };
  for (const { creature, count, hidden, label, then = [] } of entries) {
    const combatant = { ...creature, ...(count !== undefined && count > 1 ? { count } : {}), ...(hidden ? { hidden } : {}) };
    const added = combatantIds.length;
    const refused = run({ type: 'add-combatant', combatant }, label);
    if (refused !== undefined) return { ok: false, message: refused };
    const id = combatantIds[added];
    const after = id === undefined ? undefined : then.map((make) => run(make(id), label)).find((m) => m !== undefined);
    if (after !== undefined) return { ok: false, message: after };
  }
  return { ok: true, state: current, events, combatantIds };
}

/** A scratch encounter of the system to check creatures against: never stored. */
function scratchState(system: SystemId): EncounterState {
  return replay([newCreationEvent('library-check', { name: 'Library check', system })]);
}

/** Why the first creature the system's rules would refuse is refused ("creatures.1 (Borin): …"), or undefined. */
export function creatureProblem(system: SystemId, creatures: readonly Creature[], path = 'creatures'): string | undefined {
  if (!IMPLEMENTED_SYSTEMS.includes(system)) return `The ${system} rules are not available on this server.`;
  const state = scratchState(system);
  for (const [i, creature] of creatures.entries()) {
    const result = addToRoster(state, [{ creature, label: `${path}.${i} (${creature.name})` }]);
    if (!result.ok) return result.message;
  }
  return undefined;
}
