// [ENG-29] [ENG-30] [ENG-31] Defeats that follow health, and what the system does when combatants go
// down. Health changes defeat through the very fact 'set-defeated' uses ('defeated-set'), so turns are
// skipped, turn and slot counts follow and undo restores them exactly as for the GM's own defeats.
import type { EncounterEvent } from '../events.js';
import { isOutOfFight, membersDown } from '../health/rules.js';
import type { CombatantId, EncounterState, GroupId } from '../model.js';
import type { InitiativeSystem } from '../system.js';
import { findCombatant, findGroup, groupMembers } from '../units.js';
import { append, type Draft } from './context.js';

/** Whose health a command touched: combatants with their own health, and pools with the members named. */
export interface Touched {
  readonly combatants: readonly CombatantId[];
  readonly pools: readonly { readonly groupId: GroupId; readonly named: readonly CombatantId[] }[];
}

/** [ENG-30] Defeats just made: the system's reactions (LFG morale), once, for all of them together. */
export function reactToDefeats(system: InitiativeSystem, d: Draft, combatantIds: readonly CombatantId[]): Draft {
  if (combatantIds.length === 0 || !system.onDefeated) return d;
  return append(d, ...system.onDefeated(d.state, combatantIds));
}

/**
 * [ENG-29] A combatant whose health crossed into or out of the fight between `before` and the draft is
 * defeated or brought back. Only crossings count: a GM's own 'set-defeated' stands until health
 * crosses again (a goblin the GM marked fled is not brought back by healing it).
 */
function ownDefeats(system: InitiativeSystem, before: EncounterState, after: EncounterState, ids: readonly CombatantId[]): EncounterEvent[] {
  const events: EncounterEvent[] = [];
  for (const id of new Set(ids)) {
    const was = findCombatant(before, id);
    const now = findCombatant(after, id);
    if (!was || !now) continue;
    const out = isOutOfFight(system, after, now);
    if (out !== isOutOfFight(system, before, was) && out !== now.defeated) {
      events.push({ type: 'defeated-set', combatantId: id, defeated: out });
    }
  }
  return events;
}

/**
 * [ENG-31] As a pool fills, members drop one by one: the member the command named first, then the
 * last standing in display order; as it empties, defeated members come back in display order.
 */
function poolDefeats(before: EncounterState, after: EncounterState, groupId: GroupId, named: readonly CombatantId[]): EncounterEvent[] {
  const was = findGroup(before, groupId)?.health ?? null;
  const now = findGroup(after, groupId)?.health ?? null;
  if (now === null) return [];
  const members = groupMembers(after, groupId);
  const change = membersDown(now, members.length) - (was === null ? 0 : membersDown(was, members.length));
  if (change > 0) {
    const standing = members.filter((m) => !m.defeated);
    const first = named.flatMap((id) => standing.filter((m) => m.id === id));
    const rest = [...standing].reverse().filter((m) => !first.includes(m));
    return [...first, ...rest].slice(0, change).map((m) => ({ type: 'defeated-set', combatantId: m.id, defeated: true }) as const);
  }
  return members
    .filter((m) => m.defeated)
    .slice(0, -change)
    .map((m) => ({ type: 'defeated-set', combatantId: m.id, defeated: false }) as const);
}

/** After health facts in `d`, decided on `before`: the defeats and returns they cause, then the system's reactions. */
export function settleDefeats(system: InitiativeSystem, before: EncounterState, d: Draft, touched: Touched): Draft {
  const own = ownDefeats(system, before, d.state, touched.combatants);
  const pooled = touched.pools.flatMap((p) => poolDefeats(before, d.state, p.groupId, p.named));
  const events = [...own, ...pooled];
  const next = append(d, ...events);
  const down = events.flatMap((e) => (e.type === 'defeated-set' && e.defeated ? [e.combatantId] : []));
  return reactToDefeats(system, next, down);
}
