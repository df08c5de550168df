// Applies facts. evolve never rolls or decides: everything it needs is in the event.
import { rngFromSeed } from './dice/rng.js';
import type { CoreEvent, EncounterEvent } from './events.js';
import { updateCombatant, updateUnit, withHealth, withoutCondition } from './evolve/updates.js';
import { EMPTY_HISTORY, redo, remember, undo } from './history.js';
import type { EncounterState, Resource, ResourceRefresh } from './model.js';

/** [ENG-36] A pool with its refresh, left out when it never refreshes (pools without one read as never). */
const withRefresh = (pool: Resource, refresh: ResourceRefresh | undefined): Resource =>
  refresh === undefined || refresh === 'never' ? pool : { ...pool, refresh };
import type { SystemEvent } from './system-types.js';
import type { InitiativeSystem } from './system.js';
import { restampSwapped, stampedTurn, withTimerStreak } from './evolve/turn-clock.js';

/**
 * Most combatants start without resources (and monsters often without stats): they share one empty
 * object, never changed (a change makes a new one), instead of ~56 bytes each in every table.
 */
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});
const sharedIfEmpty = <T extends object>(record: T): T => (Object.keys(record).length === 0 ? (EMPTY as T) : record);

/** What evolve needs of a system: its state slot at creation and how its own events apply. */
export type Evolver = Pick<InitiativeSystem, 'initialExt' | 'evolve'>;

type Created = Extract<CoreEvent, { type: 'encounter-created' }>;

function create(system: Evolver, event: Created): EncounterState {
  return {
    id: event.id,
    name: event.name,
    system: event.system,
    options: event.options,
    phase: 'setup',
    round: 0,
    combatants: [],
    groups: [],
    slots: [],
    turn: null,
    acted: [],
    dice: { rng: rngFromSeed(event.seed), seed: event.seed, seedCommitment: event.seedCommitment },
    nextId: 1,
    ...(event.idSecret ? { idSecret: event.idSecret } : {}),
    pending: [],
    ext: system.initialExt(),
    history: EMPTY_HISTORY,
  };
}

function evolveSystem(system: Evolver, state: EncounterState, event: SystemEvent): EncounterState {
  const next = system.evolve?.(state, event);
  if (!next) throw new Error(`The ${state.system} rules do not apply the event '${(event as { type: string }).type}'.`);
  return next;
}

/** Applies one event with `system`'s rules (the engine hands over the encounter's own system). */
export function evolveWith(system: Evolver, state: EncounterState | undefined, event: EncounterEvent): EncounterState {
  if (event.type === 'encounter-created') {
    if (state) throw new Error('An encounter can only be created once.');
    return create(system, event);
  }
  if (!state) throw new Error(`The first event must be 'encounter-created', not '${event.type}'.`);
  switch (event.type) {
    case 'command-applied':
      return withTimerStreak(remember(state), event.by);
    case 'undone':
      return restampSwapped(state, undo(state), event.at);
    case 'redone':
      return restampSwapped(state, redo(state), event.at);
    case 'options-set':
      return { ...state, options: event.options };
    // Logs stored before health existed have no `health` in these: they start with none.
    case 'group-added':
      return { ...state, groups: state.groups.concat({ ...event.group, health: event.group.health ?? null }), nextId: state.nextId + 1 };
    case 'combatant-added':
      return {
        ...state,
        combatants: state.combatants.concat({
          ...event.combatant,
          stats: sharedIfEmpty(event.combatant.stats),
          resources: sharedIfEmpty(event.combatant.resources),
          health: event.combatant.health ?? null,
        }),
        nextId: state.nextId + 1,
      };
    case 'combatant-removed':
      return {
        ...state,
        combatants: state.combatants.filter((c) => c.id !== event.combatantId),
        acted: state.acted.filter((id) => id !== event.combatantId),
      };
    case 'hidden-set':
      return updateCombatant(state, event.combatantId, () => ({ hidden: event.hidden }));
    case 'note-set':
      return updateCombatant(state, event.combatantId, () => ({ note: event.note }));
    case 'defeated-set':
      return updateCombatant(state, event.combatantId, () => ({ defeated: event.defeated }));
    case 'initiative-begun':
      return { ...state, phase: 'initiative' };
    case 'initiative-rolled':
      return { ...updateUnit(state, event.unit, { initiative: event.roll }), dice: { ...state.dice, rng: event.rng } };
    case 'tie-resolved':
      return event.order.reduce((s, ref, tieBreak) => updateUnit(s, ref, { tieBreak }), state);
    case 'combat-started':
      return { ...state, phase: 'active', slots: event.slots, nextId: state.nextId + event.slots.length };
    case 'slot-inserted':
      return {
        ...state,
        slots: [...state.slots.slice(0, event.index), event.slot, ...state.slots.slice(event.index)],
        nextId: state.nextId + 1,
      };
    case 'slot-moved': {
      const slot = state.slots.find((s) => s.id === event.slotId);
      if (!slot) return state;
      const rest = state.slots.filter((s) => s.id !== event.slotId);
      return { ...state, slots: [...rest.slice(0, event.index), slot, ...rest.slice(event.index)] };
    }
    case 'round-started':
      return { ...state, round: event.round, acted: [], turn: null };
    case 'turn-started':
      return { ...state, turn: stampedTurn(event.slotId, event.actorIds, event.at) };
    case 'turn-claimed':
      // A claim without a stamp keeps the clock of the slot's turn.
      return {
        ...state,
        turn: stampedTurn(event.slotId, event.actorIds, event.at ?? (state.turn?.slotId === event.slotId ? state.turn.startedAt : undefined)),
      };
    case 'turn-ended': {
      const done = state.turn?.actorIds ?? [];
      // concat, not a spread literal: the array is kept by up to 50 undo steps, and V8 gives an array
      // built by spreading (or pushing) room for 17 elements where concat allocates what it holds.
      return { ...state, turn: null, acted: state.acted.concat(done.filter((id) => !state.acted.includes(id))) };
    }
    case 'round-ended':
      return state;
    case 'decision-opened':
      return { ...state, pending: state.pending.concat(event.decision) };
    case 'decision-closed':
      return { ...state, pending: state.pending.filter((p) => p.id !== event.decisionId) };
    case 'condition-added':
      return {
        ...updateCombatant(state, event.combatantId, (c) => ({ conditions: c.conditions.concat(event.condition) })),
        nextId: state.nextId + 1,
      };
    case 'condition-removed':
    case 'condition-expired':
      return withoutCondition(state, event.combatantId, event.conditionId);
    case 'resource-changed':
      return updateCombatant(state, event.combatantId, (c) => ({
        resources: {
          ...c.resources,
          [event.resource]: withRefresh({ current: event.current, max: event.max }, event.refresh ?? c.resources[event.resource]?.refresh),
        },
      }));
    case 'damage-applied':
    case 'healing-applied':
    case 'max-health-set':
    case 'temp-health-set':
      return event.targets.reduce((s, change) => withHealth(s, change.target, change.after), state);
    case 'encounter-ended':
      return { ...state, phase: 'ended', turn: null, pending: [] };
    default: {
      // Every core event is handled above, so only the systems' own events are left.
      const own: SystemEvent = event;
      return evolveSystem(system, state, own);
    }
  }
}
