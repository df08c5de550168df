// project(state, audience): what one audience may see, by one pure function for all of them.
// Non-GM audiences never receive hidden combatants, their names or ids, notes, or the seed before the end.
import type { CombatantId, EncounterState, PendingDecision, TurnSlot, UnitRef } from './model.js';
import type { InitiativeSystem } from './system.js';
import { turnTimerOf } from './turn-timer.js';
import { combatantView, groupView, slotView } from './unit-views.js';
import { findCombatant, findGroup } from './units.js';
import type { Audience, CombatantView, EncounterView, GroupView, SlotView } from './view.js';

/** [ENG-6] Whether an audience that sees the slots in `order` may know of a pending decision. */
function canSeeDecision(
  decision: PendingDecision,
  order: readonly SlotView[],
  canSee: (ref: UnitRef) => boolean,
): boolean {
  switch (decision.kind) {
    case 'fill-slot':
      return order.some((s) => s.id === decision.slotId);
    // [ENG-23] Only when every unit involved is visible to this audience.
    case 'newcomer-tie':
      return canSee(decision.unit) && decision.tiedWith.every(canSee);
    default: {
      const _exhaustive: never = decision;
      return _exhaustive;
    }
  }
}

/**
 * [ENG-24] [GEN-41] Whether players and spectators get a slot: unless the system hides it, and even
 * then while someone visible acts in it (the table sees them act; the slot says nothing of whose roll
 * made it: open, no total, no rank).
 */
function slotShownToTable(system: InitiativeSystem, state: EncounterState, slot: TurnSlot, canSee: (ref: UnitRef) => boolean): boolean {
  if (system.slotVisible?.(state, slot, canSee) ?? true) return true;
  const turn = state.turn;
  return turn?.slotId === slot.id && state.combatants.some((c) => turn.actorIds.includes(c.id) && !c.hidden);
}

/**
 * The parts of a view that are the same for every audience of one kind: the GM's, or everyone else's
 * (players and spectators see the same units, slots and turn; only combatants, groups' health and the
 * system's own part depend on who looks).
 */
interface SharedParts {
  readonly visibleIds: VisibleIds;
  readonly order: readonly SlotView[];
  readonly turn: EncounterView['turn'];
  readonly acted: readonly CombatantId[];
  readonly pendingTies: EncounterView['pendingTies'];
  readonly pending: EncounterView['pending'];
  readonly canSee: (ref: UnitRef) => boolean;
}

/**
 * `items` itself when every one passes, else those that do: a view then holds the state's own array
 * where it hides nothing (the GM's always), so two views share it and a patch skips it by identity.
 */
function kept<T>(items: readonly T[], pass: (item: T) => boolean): readonly T[] {
  for (const item of items) if (!pass(item)) return items.filter(pass);
  return items;
}

/** The combatants an audience may see. */
interface VisibleIds {
  has(id: CombatantId): boolean;
}

/** Who players and spectators may see of the units: a function of the combatants and groups alone. */
interface TableSight {
  readonly visibleIds: VisibleIds;
  readonly canSee: (ref: UnitRef) => boolean;
}

/**
 * The table's sight, kept while the combatants and groups stand (most commands, an ended turn, leave
 * both): four sets per command were a tenth of what a turn kept alive until the next (docs/performance-log.md).
 */
const tableSights = new WeakMap<EncounterState['combatants'], { groups: EncounterState['groups']; sight: TableSight }>();

function tableSight(state: EncounterState): TableSight {
  const cached = tableSights.get(state.combatants);
  if (cached?.groups === state.groups) return cached.sight;
  // The units others may see, worked out in one walk (canSee is asked several times per unit: slots,
  // groups, ties): a combatant of no group that is not hidden, and a group with a member who is not
  // (isHiddenUnit: a unit is hidden when all its members are).
  const visibleIds = new Set<CombatantId>();
  const soloIds = new Set<CombatantId>();
  const groupsWithVisible = new Set<string>();
  for (const c of state.combatants) {
    if (c.hidden) continue;
    visibleIds.add(c.id);
    if (c.groupId === null) soloIds.add(c.id);
    else groupsWithVisible.add(c.groupId);
  }
  const groupIds = new Set<string>();
  for (const g of state.groups) if (groupsWithVisible.has(g.id)) groupIds.add(g.id);
  const sight: TableSight = { visibleIds, canSee: (ref) => (ref.kind === 'combatant' ? soloIds.has(ref.id) : groupIds.has(ref.id)) };
  tableSights.set(state.combatants, { groups: state.groups, sight });
  return sight;
}

/**
 * Forgets what was kept for the combatants, groups and slots lists `after` replaced (the sights, the
 * orders): the undo history keeps old lists alive, and with them (the maps are weak by key only) what
 * was kept for each, as unit-views.ts's forgetReplacedViews says of views. Undo makes them again.
 */
export function forgetReplacedSights(before: EncounterState, after: EncounterState): void {
  if (after.combatants !== before.combatants || after.groups !== before.groups) {
    tableSights.delete(before.combatants);
    publicUnits.delete(before.combatants);
    gmUnits.delete(before.combatants);
  }
  if (after.slots !== before.slots || after.combatants !== before.combatants || after.groups !== before.groups) {
    tableOrders.delete(before.slots);
    gmOrders.delete(before.slots);
  }
}

/** Players' and spectators' shared parts. */
function tableSharedParts(system: InitiativeSystem, state: EncounterState): SharedParts {
  const { visibleIds, canSee } = tableSight(state);
  const order = tableOrder(system, state, canSee);
  // Others see the turn only when its slot is visible and someone visible acts in it.
  const current = state.turn;
  const actorIds = current ? kept(current.actorIds, (id) => visibleIds.has(id)) : [];
  const turn = current && order.some((s) => s.id === current.slotId) && actorIds.length > 0 ? turnView(current, actorIds) : null;
  const ties = state.phase === 'initiative' ? system.pendingTies(state) : [];
  return {
    visibleIds,
    order,
    turn,
    acted: kept(state.acted, (id) => visibleIds.has(id)),
    pendingTies: ties.map((t) => t.filter(canSee)).filter((t) => t.length >= 2),
    pending: kept(state.pending, (p) => canSeeDecision(p, order, canSee)),
    canSee,
  };
}

/** Two lists of the very same items: the newer, made afresh, can be dropped for the one already kept. */
const sameItems = <T>(last: readonly T[], made: readonly T[]): boolean => last.length === made.length && last.every((item, i) => item === made[i]);

/** The table's last order per slots list: the next is that very array when it holds the same slot views. */
const tableOrders = new WeakMap<readonly TurnSlot[], readonly SlotView[]>();

/**
 * [ENG-24] The slots players and spectators see, a system hiding more of them (open slots made by
 * hidden creatures) or not. Unlike the GM's, a system hook and the turn enter it, so it is worked out
 * for every state; but when it comes out as the last one did (an ended turn), the last array is kept:
 * nothing new is kept alive, and a patch skips it by identity.
 */
function tableOrder(system: InitiativeSystem, state: EncounterState, canSee: (ref: UnitRef) => boolean): readonly SlotView[] {
  const made: SlotView[] = [];
  for (const slot of state.slots) {
    const view = slotShownToTable(system, state, slot, canSee) ? slotView(state, slot, canSee) : undefined;
    if (view) made.push(view);
  }
  const last = tableOrders.get(state.slots);
  if (last && sameItems(last, made)) return last;
  tableOrders.set(state.slots, made);
  return made;
}

const turnView = (current: NonNullable<EncounterState['turn']>, actorIds: readonly CombatantId[]): EncounterView['turn'] => ({
  slotId: current.slotId,
  actorIds,
  ...(current.startedAt === undefined ? {} : { startedAt: current.startedAt }),
});

const seesAll = (): boolean => true;

/** The GM's shared parts: everything there is, the turn always. */
function gmSharedParts(system: InitiativeSystem, state: EncounterState): SharedParts {
  const visibleIds = EVERY_COMBATANT;
  const ties = state.phase === 'initiative' ? system.pendingTies(state) : [];
  return {
    visibleIds,
    order: gmOrder(state),
    turn: state.turn ? turnView(state.turn, state.turn.actorIds) : null,
    acted: state.acted,
    pendingTies: ties.filter((t) => t.length >= 2),
    pending: state.pending,
    canSee: seesAll,
  };
}

/** The GM sees every combatant there is (the GM's parts are asked only of the state's own). */
const EVERY_COMBATANT: VisibleIds = { has: () => true };

/**
 * The GM's order, kept while the slots, combatants and groups stand (most commands, an ended turn, leave
 * all three): the GM sees every slot, so no system hook enters it and it is a function of those three
 * alone; the view then holds the same array from one command to the next and its patch skips it.
 */
const gmOrders = new WeakMap<readonly TurnSlot[], { combatants: EncounterState['combatants']; groups: EncounterState['groups']; order: readonly SlotView[] }>();

function gmOrder(state: EncounterState): readonly SlotView[] {
  const cached = gmOrders.get(state.slots);
  if (cached?.combatants === state.combatants && cached.groups === state.groups) return cached.order;
  const order: SlotView[] = [];
  for (const slot of state.slots) {
    const view = slotView(state, slot, seesAll);
    if (view) order.push(view);
  }
  gmOrders.set(state.slots, { combatants: state.combatants, groups: state.groups, order });
  return order;
}

/**
 * The parts players and spectators share, made once per state: every seat's projection of a state
 * holds the very arrays the spectator's holds, so the seat's own part (the difference between the two,
 * computed for every seat after every command) skips them by identity. Weak: a dropped state frees them.
 * (The state is not what the undo history keeps: that holds snapshots, other objects.)
 */
const tableParts = new WeakMap<EncounterState, SharedParts>();

function partsFor(system: InitiativeSystem, state: EncounterState, gm: boolean): SharedParts {
  if (gm) return gmSharedParts(system, state);
  let parts = tableParts.get(state);
  if (!parts) tableParts.set(state, (parts = tableSharedParts(system, state)));
  return parts;
}

/** The parts of a view that depend on who looks; every other part is shared (SharedParts). */
export type AudienceParts = Pick<EncounterView, 'audience' | 'combatants' | 'groups' | 'ext'>;

type Units = Pick<AudienceParts, 'combatants' | 'groups'>;

/**
 * The units as the spectator and as the GM see them, made once per state, by combatants list (a
 * player's are the spectator's with their own swapped in). When a state's come out as the last
 * state's did (an ended turn: the same view of every unit), the last lists are kept: nothing new is
 * kept alive, and the seats' own parts and the patches skip them by identity.
 */
const publicUnits = new WeakMap<EncounterState['combatants'], { state: EncounterState; units: Units }>();
const gmUnits = new WeakMap<EncounterState['combatants'], { state: EncounterState; units: Units }>();

function unitsOf(system: InitiativeSystem, state: EncounterState, audience: Audience, { visibleIds, canSee }: SharedParts): Units {
  const combatants: CombatantView[] = [];
  for (const c of state.combatants) if (visibleIds.has(c.id)) combatants.push(combatantView(system, state, c, audience));
  const groups: GroupView[] = [];
  for (const g of state.groups) if (canSee({ kind: 'group', id: g.id })) groups.push(groupView(system, state, g, audience));
  return { combatants, groups };
}

/** `unitsOf` for an audience every member of which sees the same (the spectator, the GM), kept as above. */
function keptUnits(cache: typeof publicUnits, system: InitiativeSystem, state: EncounterState, audience: Audience, shared: SharedParts): Units {
  const last = cache.get(state.combatants);
  if (last?.state === state) return last.units;
  const made = unitsOf(system, state, audience, shared);
  const units = last && sameItems(last.units.combatants, made.combatants) && sameItems(last.units.groups, made.groups) ? last.units : made;
  cache.set(state.combatants, { state, units });
  return units;
}

const spectatorUnits = (system: InitiativeSystem, state: EncounterState): Units =>
  keptUnits(publicUnits, system, state, SPECTATOR, partsFor(system, state, false));

const SPECTATOR: Audience = { role: 'spectator' };

/**
 * A player's combatants and groups: the spectator's, except their own combatants and the groups any of
 * them is in. Only those can look different to a player (ENG-6: `mine`, stats, resources; ENG-32:
 * health numbers), so every other entry is the spectator's very object (views are cached by combatant
 * and how it is seen), and the arrays are the spectator's when nothing is theirs. Worked out for every
 * seat after every command, this costs a lookup per own unit instead of one per unit.
 */
function playerUnits(
  system: InitiativeSystem,
  state: EncounterState,
  audience: Extract<Audience, { role: 'player' }>,
): Pick<AudienceParts, 'combatants' | 'groups'> {
  const table = spectatorUnits(system, state);
  let combatants = table.combatants;
  let groups = table.groups;
  for (const id of audience.combatantIds) {
    const c = findCombatant(state, id);
    if (!c) continue;
    const i = combatants.findIndex((view) => view.id === id);
    const view = i < 0 ? undefined : combatantView(system, state, c, audience);
    if (view && view !== combatants[i]) {
      if (combatants === table.combatants) combatants = [...combatants];
      (combatants as CombatantView[])[i] = view;
    }
    // The group's pool, which a player sees as their own when one of its members is theirs.
    const g = c.groupId === null ? undefined : findGroup(state, c.groupId);
    const j = g ? groups.findIndex((seen) => seen.id === g.id) : -1;
    const groupSeen = g && j >= 0 ? groupView(system, state, g, audience) : undefined;
    if (groupSeen && groupSeen !== groups[j]) {
      if (groups === table.groups) groups = [...groups];
      (groups as GroupView[])[j] = groupSeen;
    }
  }
  return { combatants, groups };
}

/**
 * What of `state` depends on the audience: its role, the combatants (their own and how health is seen),
 * the groups (their health) and the system's own part. For players and spectators this is the whole
 * difference between their views of one state: the rest of the view is the very same objects for all
 * of them (partsFor), so a seat's view differs from the spectator's exactly as these parts do.
 */
export function audienceParts(system: InitiativeSystem, state: EncounterState, audience: Audience): AudienceParts {
  return partsOfAudience(system, state, audience, partsFor(system, state, audience.role === 'gm'));
}

/** `audienceParts` with the audience's shared parts at hand (a projection makes the GM's once). */
function partsOfAudience(system: InitiativeSystem, state: EncounterState, audience: Audience, shared: SharedParts): AudienceParts {
  const units =
    audience.role === 'player'
      ? playerUnits(system, state, audience)
      : audience.role === 'spectator'
        ? spectatorUnits(system, state)
        : keptUnits(gmUnits, system, state, audience, shared);
  return { audience: audience.role, combatants: units.combatants, groups: units.groups, ext: system.projectExt?.(state, audience) ?? null };
}

/** [ENG-44] `audienceParts` worked out for the audience alone, unit by unit: what the shortcuts above must equal (tests). */
export function audiencePartsUnitByUnit(system: InitiativeSystem, state: EncounterState, audience: Audience): AudienceParts {
  const shared = partsFor(system, state, audience.role === 'gm');
  return { audience: audience.role, ...unitsOf(system, state, audience, shared), ext: system.projectExt?.(state, audience) ?? null };
}

/** What `audience` may see of `state`, an encounter of `system`. */
export function projectWith(system: InitiativeSystem, state: EncounterState, audience: Audience): EncounterView {
  const gm = audience.role === 'gm';
  const shared = partsFor(system, state, gm);
  const { order, turn, acted, pendingTies, pending } = shared;
  const own = partsOfAudience(system, state, audience, shared);
  const ended = state.phase === 'ended';
  // Keys in this order: a patch lists its operations in it (diff walks keys in order).
  return {
    audience: own.audience,
    id: state.id,
    name: state.name,
    system: state.system,
    options: state.options,
    phase: state.phase,
    round: state.round,
    roundSeconds: system.roundSeconds ?? null,
    combatants: own.combatants,
    groups: own.groups,
    order,
    turn,
    turnTimer: turnTimerOf(state),
    acted,
    pendingTies,
    pending,
    ext: own.ext,
    undo: gm ? { undo: state.history.past.length, redo: state.history.future.length } : null,
    seedCommitment: state.dice.seedCommitment,
    seed: ended ? state.dice.seed : null,
  };
}

/** [ENG-38] What a player or spectator can see of the ids a command may name: exactly what their views hold. */
export interface Sight {
  readonly combatant: (id: string) => boolean;
  readonly group: (id: string) => boolean;
  readonly slot: (id: string) => boolean;
}

export function nonGmSight(system: InitiativeSystem, state: EncounterState): Sight {
  // The very visibility their projection of this state uses (made once per state, usually already made).
  const { visibleIds, canSee, order } = partsFor(system, state, false);
  return {
    combatant: (id) => visibleIds.has(id),
    group: (id) => canSee({ kind: 'group', id }),
    slot: (id) => order.some((s) => s.id === id),
  };
}
