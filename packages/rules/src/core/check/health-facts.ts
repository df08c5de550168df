// [ENG-33] A health fact read from a file (an imported log), checked against the rules: each target's
// `before` must be the health the encounter holds at that point, and its `after` what the system's
// arithmetic makes of `before` and the amount, exactly as `decide` would have written it.
import { capPool } from '../decide/health.js';
import type { HealthChange } from '../events.js';
import { damaged, healed, tracksOf, withMax, withTemp } from '../health/math.js';
import { MAX_HEALTH, type Health } from '../health/model.js';
import { healthMetaOf, hpFloorOf, poolOf } from '../health/rules.js';
import type { Combatant, EncounterState } from '../model.js';
import type { HealthEvent, InitiativeSystem } from '../system.js';
import { findCombatant, sameUnit, unitKey } from '../units.js';

/** Field by field, whatever order a file wrote them in. */
function sameHealth(a: Health | null, b: Health | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a as unknown as Record<string, unknown>)[k] === (b as unknown as Record<string, unknown>)[k]);
}

/** What the rules make of `before` for this fact and target; a string says why nothing can be made. */
function expectedAfter(system: InitiativeSystem, state: EncounterState, event: HealthEvent, c: Combatant, before: Health | null, change: HealthChange): Health | string {
  const form = healthMetaOf(system).form;
  const fits = (min: number) => Number.isInteger(change.amount) && change.amount >= min && change.amount <= MAX_HEALTH;
  if (event.type === 'temp-health-set') {
    if (!fits(0)) return `its amount must be a whole number from 0 to ${MAX_HEALTH}`;
    if (form.kind !== 'hit-points' || !form.temp || before?.kind !== 'hit-points') return `${system.shortLabel} gives no temporary hit points to ${c.name}`;
    return withTemp(before, change.amount);
  }
  if (!fits(1)) return `its amount must be a whole number from 1 to ${MAX_HEALTH}`;
  if (!tracksOf(form).includes(event.track)) return `${system.shortLabel} counts ${tracksOf(form).join(' and ')}, not ${event.track}`;
  if (event.type === 'max-health-set') return withMax(before, form, change.amount, event.track) ?? `${c.name} needs a wound threshold before a strain threshold`;
  if (before === null) return `${c.name} has no health to change yet`;
  if (event.type === 'healing-applied') return healed(before, change.amount, event.track);
  return capPool(system, state, c, damaged(before, change.amount, event.track, hpFloorOf(system, state, c)));
}

/** Why this health fact cannot be what the rules wrote at this point, in words; undefined when it can. */
export function healthFactProblem(system: InitiativeSystem, state: EncounterState, event: HealthEvent): string | undefined {
  const current = new Map<string, Health | null>();
  const named = new Set<string>();
  for (const change of event.targets) {
    const c = findCombatant(state, change.combatantId);
    if (!c) return 'it names a combatant the encounter does not have at that point';
    if (named.has(c.id)) return `it names ${c.name} twice`;
    named.add(c.id);
    const pool = poolOf(system, state, c);
    const subject = pool ? { ref: { kind: 'group', id: pool.id } as const, health: pool.health } : { ref: { kind: 'combatant', id: c.id } as const, health: c.health };
    if (!sameUnit(subject.ref, change.target)) return `it puts ${c.name}'s health in the wrong place`;
    const key = unitKey(subject.ref);
    const held = current.has(key) ? (current.get(key) ?? null) : subject.health;
    if (!sameHealth(held, change.before)) return `the health it gives ${c.name} before the change is not the health ${c.name} has at that point`;
    const after = expectedAfter(system, state, event, c, held, change);
    if (typeof after === 'string') return after;
    if (!sameHealth(after, change.after)) return `the health it gives ${c.name} after the change is not what the rules make of the health before and the amount`;
    current.set(key, after);
  }
  return undefined;
}
