// [ENG-46] A log from outside (an imported encounter) replayed as strictly as live commands are
// decided: each health fact recomputed by the rules' arithmetic, each event applied by evolve, and
// each state after it checked for what no command could make. The first event that fails is named.
import { isCoreEvent, type EncounterEvent } from '../events.js';
import { findCombatant } from '../units.js';
import type { EncounterState } from '../model.js';
import type { HealthEvent, InitiativeSystem } from '../system.js';
import { healthFactProblem } from './health-facts.js';
import { stateProblem } from './state-check.js';

export type CheckedReplay =
  | { readonly ok: true; readonly state: EncounterState }
  /** `index`: the failing event's place in the log, 0 first; `reason`: what is wrong, in words. */
  | { readonly ok: false; readonly index: number; readonly reason: string };

const HEALTH_FACTS: ReadonlySet<string> = new Set(['damage-applied', 'healing-applied', 'max-health-set', 'temp-health-set']);
const isHealthFact = (event: EncounterEvent): event is HealthEvent => HEALTH_FACTS.has(event.type);

export function checkedReplayWith(
  systemOf: (state: EncounterState) => InitiativeSystem,
  evolve: (state: EncounterState | undefined, event: EncounterEvent) => EncounterState,
  events: readonly EncounterEvent[],
): CheckedReplay {
  let state: EncounterState | undefined;
  for (const [index, event] of events.entries()) {
    if (state && isHealthFact(event)) {
      const problem = healthFactProblem(systemOf(state), state, event);
      if (problem) return { ok: false, index, reason: problem };
    }
    // evolve passes over a core fact about a combatant that is not there; from a file that is corrupt.
    if (state && isCoreEvent(event) && 'combatantId' in event && !findCombatant(state, event.combatantId)) {
      return { ok: false, index, reason: 'it names a combatant the encounter does not have at that point' };
    }
    try {
      state = evolve(state, event);
    } catch {
      // evolve throws for a fact that cannot apply (a corrupt log); from a file that is the file's fault.
      return { ok: false, index, reason: 'it does not follow from the events before it' };
    }
    const problem = stateProblem(systemOf(state), state);
    if (problem) return { ok: false, index, reason: problem };
  }
  if (!state) return { ok: false, index: 0, reason: 'the log is empty' };
  return { ok: true, state };
}
