// Applies facts. evolve never rolls or decides: everything it needs is in the event.
import { rngFromSeed } from './dice/rng.js';
import type { EncounterEvent } from './events.js';
import type { Combatant, EncounterState, Group, UnitRef } from './model.js';

function updateUnit(
  state: EncounterState,
  ref: UnitRef,
  change: Partial<Pick<Combatant & Group, 'initiative' | 'tieBreak'>>,
): EncounterState {
  switch (ref.kind) {
    case 'combatant':
      return { ...state, combatants: state.combatants.map((c) => (c.id === ref.id ? { ...c, ...change } : c)) };
    case 'group':
      return { ...state, groups: state.groups.map((g) => (g.id === ref.id ? { ...g, ...change } : g)) };
    default: {
      const _exhaustive: never = ref;
      return _exhaustive;
    }
  }
}

const updateCombatant = (state: EncounterState, id: string, change: Partial<Combatant>): EncounterState => ({
  ...state,
  combatants: state.combatants.map((c) => (c.id === id ? { ...c, ...change } : c)),
});

export function evolve(state: EncounterState | undefined, event: EncounterEvent): EncounterState {
  if (event.type === 'encounter-created') {
    if (state) throw new Error('An encounter can only be created once.');
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
    };
  }
  if (!state) throw new Error(`The first event must be 'encounter-created', not '${event.type}'.`);
  switch (event.type) {
    case 'group-added':
      return { ...state, groups: [...state.groups, event.group], nextId: state.nextId + 1 };
    case 'combatant-added':
      return { ...state, combatants: [...state.combatants, event.combatant], nextId: state.nextId + 1 };
    case 'combatant-removed':
      return {
        ...state,
        combatants: state.combatants.filter((c) => c.id !== event.combatantId),
        acted: state.acted.filter((id) => id !== event.combatantId),
      };
    case 'hidden-set':
      return updateCombatant(state, event.combatantId, { hidden: event.hidden });
    case 'defeated-set':
      return updateCombatant(state, event.combatantId, { defeated: event.defeated });
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
    case 'round-started':
      return { ...state, round: event.round, acted: [], turn: null };
    case 'turn-started':
      return { ...state, turn: { slotId: event.slotId, actorIds: event.actorIds } };
    case 'turn-ended': {
      const done = state.turn?.actorIds ?? [];
      return { ...state, turn: null, acted: [...state.acted, ...done.filter((id) => !state.acted.includes(id))] };
    }
    case 'encounter-ended':
      return { ...state, phase: 'ended', turn: null };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function replay(events: readonly EncounterEvent[]): EncounterState {
  const state = events.reduce<EncounterState | undefined>(evolve, undefined);
  if (!state) throw new Error('Cannot replay an encounter without events.');
  return state;
}
