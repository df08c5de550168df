// What every state the rules make holds, checked after each event of an imported log: a file can
// describe events no command would write (a stat the system lacks, health in another system's form),
// and the encounter must never hold what a live command would have refused.
import { validateStats } from '../decide/roster.js';
import { parseEncounterOptions } from '../options.js';
import { hpFloorOf, healthMetaOf } from '../health/rules.js';
import type { Health } from '../health/model.js';
import type { Combatant, EncounterState } from '../model.js';
import type { InitiativeSystem } from '../system.js';
import { findGroup } from '../units.js';

function healthProblem(system: InitiativeSystem, state: EncounterState, health: Health, owner: string, c?: Combatant): string | undefined {
  const form = healthMetaOf(system).form;
  if (health.kind !== form.kind) return `${owner}'s health is not counted the way ${system.shortLabel} counts it`;
  if (health.kind === 'hit-points') {
    if (health.temp > 0 && !(form.kind === 'hit-points' && form.temp)) return `${system.shortLabel} has no temporary hit points`;
    if (health.current > health.max) return `${owner} has more hit points than their maximum`;
    if (c && health.current < Math.min(0, hpFloorOf(system, state, c))) return `${owner} has fewer hit points than ${system.shortLabel} allows`;
    return undefined;
  }
  if (health.strainThreshold !== null && !(form.kind === 'wounds' && form.strain)) return `${system.shortLabel} has no strain threshold`;
  return undefined;
}

/** Why `state` is not one the rules could make, in words; undefined when it is. */
export function stateProblem(system: InitiativeSystem, state: EncounterState): string | undefined {
  const options = parseEncounterOptions(system, state.options);
  if (!options.ok) return `its options are not ones ${system.shortLabel} allows (${options.violation.message})`;
  const ids = new Set<string>();
  for (const g of state.groups) {
    if (ids.has(g.id)) return `two combatants or groups share the id ${g.id}`;
    ids.add(g.id);
    const problem = g.health && healthProblem(system, state, g.health, g.name);
    if (problem) return problem;
  }
  for (const c of state.combatants) {
    if (ids.has(c.id)) return `two combatants or groups share the id ${c.id}`;
    ids.add(c.id);
    if (c.groupId !== null && !findGroup(state, c.groupId)) return `${c.name} belongs to a group the encounter does not have`;
    const stats = validateStats(system.statDefs, c.stats);
    if ('error' in stats) return `${c.name}: ${stats.error}`;
    const problem = c.health && healthProblem(system, state, c.health, c.name, c);
    if (problem) return problem;
  }
  return undefined;
}
