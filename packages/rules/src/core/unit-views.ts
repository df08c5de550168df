// The views of single units (combatants, groups, slots), each cached by the unit's object so that the
// views of one version, and of successive versions, share what did not change: the projection for many
// audiences costs a lookup per unit, and a patch between two views skips shared objects by identity.
import { healthStateOf } from './health/rules.js';
import type { HealthView } from './health/model.js';
import { healthSight, healthView } from './health/sight.js';
import type { Combatant, Condition, EncounterState, Group, TurnSlot, UnitRef } from './model.js';
import type { InitiativeSystem } from './system.js';
import { findCombatant, findGroup, groupMembers } from './units.js';
import type { Audience, CombatantView, ConditionView, GroupView, SlotView } from './view.js';

const conditionView = (k: Condition): ConditionView => ({
  id: k.id,
  name: k.name,
  endsAt: k.expiry?.at ?? null,
  round: k.expiry?.round ?? null,
});

/** Most combatants have no condition: their views share one empty list (views are never changed). */
const NO_CONDITIONS: readonly ConditionView[] = Object.freeze([]);

function buildCombatantView(c: Combatant, seen: CombatantSight, health: HealthView | undefined): CombatantView {
  // Built by adding keys to one literal, not by spreading it into another: V8 gives every object made
  // by a spread of these its own hidden class (and descriptor array) once the literal's class has been
  // generalised, ~500 bytes per view the GM or a player holds (docs/performance-log.md, memory).
  const view: { -readonly [K in keyof CombatantView]: CombatantView[K] } = {
    id: c.id,
    name: c.name,
    side: c.side,
    groupId: c.groupId,
    defeated: c.defeated,
    initiative: c.initiative,
    hidden: c.hidden,
    mine: seen === 'mine',
    conditions: c.conditions.length === 0 ? NO_CONDITIONS : c.conditions.map(conditionView),
  };
  if (health) view.health = health;
  if (seen === 'public') return view;
  view.stats = c.stats;
  if (seen === 'gm') {
    view.note = c.note;
    if (c.statBlock) view.statBlock = c.statBlock;
  }
  view.resources = c.resources;
  return view;
}

/** How an audience sees one combatant: everything, as its player, or as anyone else. */
type CombatantSight = 'gm' | 'mine' | 'public';

/**
 * Combatant views by combatant object. States are immutable and evolve keeps the objects of combatants
 * an event did not touch, so most views of a new version are the very objects of the last one: the
 * projection for many audiences costs a lookup per combatant, and a patch between two versions
 * (packages/protocol view-patch) skips them by identity. Weak: a dropped state frees its entries.
 * Keyed also by how health is seen and its state: options and the system's own state (D&D 5e death
 * saves) change those without touching the combatant.
 */
const combatantViews = new WeakMap<Combatant, KeyedViews<CombatantView>>();

/**
 * A unit's views by key, as a flat list `[key, view, key, view, …]`: a unit is seen in two or three ways
 * (the GM's, the public's, its player's), and a Map for so few costs ~250 bytes where this costs ~80,
 * for every unit of every state a table keeps (its undo history included).
 */
type KeyedViews<V> = (string | V)[];

function viewOf<V>(views: KeyedViews<V>, key: string): V | undefined {
  for (let i = 0; i < views.length; i += 2) if (views[i] === key) return views[i + 1] as V;
  return undefined;
}

export function combatantView(system: InitiativeSystem, state: EncounterState, c: Combatant, audience: Audience): CombatantView {
  const seen: CombatantSight =
    audience.role === 'gm' ? 'gm' : audience.role === 'player' && audience.combatantIds.includes(c.id) ? 'mine' : 'public';
  // Without health there is nothing to see of it: no sight to work out (most combatants of most tables).
  const sight = c.health ? healthSight(state, audience, { side: c.side, combatantIds: [c.id] }) : 'none';
  const label = c.health ? healthStateOf(system, state, { kind: 'combatant', id: c.id }, c.health) : '';
  const key = c.health ? `${seen}|${sight}|${label}` : seen;
  let views = combatantViews.get(c);
  if (!views) combatantViews.set(c, (views = []));
  let view = viewOf(views, key);
  if (!view) views.push(key, (view = buildCombatantView(c, seen, healthView(sight, c.health, label))));
  return view;
}

/**
 * Forgets the views cached for the combatants and groups `before` had that `after` replaced or
 * dropped. The undo history keeps those objects alive, and with them (the maps are weak by key only)
 * every view ever made of them: a table's setup alone left ~40 such views. Undo brings an old object
 * back now and then; its views are then made again.
 */
export function forgetReplacedViews(before: EncounterState, after: EncounterState): void {
  if (after.combatants !== before.combatants) forgetReplaced(combatantViews, before.combatants, after.combatants);
  if (after.groups !== before.groups) forgetReplaced(groupViews, before.groups, after.groups);
}

function forgetReplaced<T extends object>(views: WeakMap<T, unknown>, before: readonly T[], after: readonly T[]): void {
  // Evolve keeps a unit's place, so the same index finds the unchanged ones without a search.
  before.forEach((unit, i) => {
    if (after[i] !== unit && !after.includes(unit)) views.delete(unit);
  });
}

/** Group views by group object, keyed like combatant views (and for the same reason). */
const groupViews = new WeakMap<Group, KeyedViews<GroupView>>();

/** [ENG-31] [ENG-32] A group, with its pool where it has one, as `audience` may see it. */
export function groupView(system: InitiativeSystem, state: EncounterState, g: Group, audience: Audience): GroupView {
  let key = '';
  let health: HealthView | undefined;
  if (g.health !== null) {
    const owner = { side: g.side, combatantIds: groupMembers(state, g.id).map((m) => m.id) };
    const sight = healthSight(state, audience, owner);
    const label = healthStateOf(system, state, { kind: 'group', id: g.id }, g.health);
    key = `${sight}|${label}`;
    health = healthView(sight, g.health, label);
  }
  let views = groupViews.get(g);
  if (!views) groupViews.set(g, (views = []));
  let view = viewOf(views, key);
  if (!view) {
    // Keys added to one literal, not spread (see buildCombatantView).
    const made: { -readonly [K in keyof GroupView]: GroupView[K] } = { id: g.id, name: g.name, side: g.side, initiative: g.initiative };
    if (health) made.health = health;
    views.push(key, (view = made));
  }
  return view;
}

/**
 * Slot views by slot object: the same for every audience that sees the slot, so the views of one
 * version share them and a patch skips them by identity. Kept while the unit's label and total stay.
 */
const slotViews = new WeakMap<TurnSlot, SlotView>();

export function slotView(state: EncounterState, slot: TurnSlot, canSee: (ref: UnitRef) => boolean): SlotView | undefined {
  switch (slot.filler.kind) {
    case 'unit': {
      const ref = slot.filler.unit;
      // The unit as unitInfo finds it (a grouped combatant is no unit of its own), without gathering a
      // group's members: canSee did that once.
      const combatant = ref.kind === 'combatant' ? findCombatant(state, ref.id) : undefined;
      const unit = ref.kind === 'combatant' ? (combatant?.groupId === null ? combatant : undefined) : findGroup(state, ref.id);
      if (!unit || !canSee(ref)) return undefined;
      const total = unit.initiative?.total ?? null;
      const cached = slotViews.get(slot);
      if (cached?.label === unit.name && cached.total === total && cached.unit === ref) return cached;
      const view: SlotView = { id: slot.id, side: slot.side, unit: ref, label: unit.name, total };
      slotViews.set(slot, view);
      return view;
    }
    case 'open': {
      const cached = slotViews.get(slot);
      if (cached) return cached;
      const view: SlotView = { id: slot.id, side: slot.side, unit: null, label: slot.filler.side, total: null };
      slotViews.set(slot, view);
      return view;
    }
    default: {
      const _exhaustive: never = slot.filler;
      return _exhaustive;
    }
  }
}
