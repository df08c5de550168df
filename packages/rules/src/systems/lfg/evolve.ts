// Applies lfg's own events. Facts only: every face, every slot and every verdict is in the event.
import type { EncounterEvent } from '../../core/events.js';
import { evolveWith, type Evolver } from '../../core/evolve.js';
import type { EncounterState } from '../../core/model.js';
import type { SystemEvent } from '../../core/system-types.js';
import type { LfgEvent } from './events.js';
import { lfgExt, withExt, initialLfgExt } from './state.js';

const isLfgEvent = (event: SystemEvent): event is LfgEvent => event.type.startsWith('lfg-');

const without = <T>(list: readonly T[], drop: readonly T[]): readonly T[] => list.filter((x) => !drop.includes(x));
const plus = <T>(list: readonly T[], add: readonly T[]): readonly T[] => [...list, ...add.filter((x) => !list.includes(x))];

function apply(state: EncounterState, event: LfgEvent): EncounterState {
  const ext = lfgExt(state);
  switch (event.type) {
    case 'lfg-seating-set':
      return withExt(state, { seating: event.seating });
    case 'lfg-roller-set':
      return withExt(state, event.scope === 'current' ? { roller: event.rollerId } : { nominated: event.rollerId });
    case 'lfg-surprise-set':
      return withExt(state, { surprise: event.side });
    case 'lfg-monsters-ordered':
      return { ...withExt(state, { monsterOrder: event.order }), slots: event.slots };
    case 'lfg-round-prepared':
      return {
        ...withExt(state, {
          roller: event.rollerId,
          awaitingCheck: event.awaitingCheck,
          held: [],
          firstRoller: ext.firstRoller ?? (event.awaitingCheck ? null : event.rollerId),
          // A retreat answered or declined belongs to its round.
          retreat: ext.retreat?.status === 'failed' && ext.retreat.permitPending ? ext.retreat : null,
        }),
        slots: event.slots,
        nextId: state.nextId + event.slots.length,
      };
    case 'lfg-party-rolled':
      return {
        ...withExt(state, {
          check: { round: event.round, rollerId: event.rollerId, roll: event.roll },
          roller: event.rollerId,
          lastRoller: event.rollerId,
          nominated: null,
          firstRoller: ext.firstRoller ?? event.rollerId,
          awaitingCheck: false,
        }),
        slots: state.phase === 'active' ? event.slots : state.slots,
        nextId: state.nextId + event.slots.length,
        dice: { ...state.dice, rng: event.rng },
      };
    case 'lfg-turn-delayed': {
      const slot = state.slots.find((s) => s.id === event.slotId);
      if (!slot) return state;
      const rest = state.slots.filter((s) => s.id !== event.slotId);
      const turn = state.turn?.slotId === event.slotId ? null : state.turn;
      if (event.beforeSlotId === null) return { ...withExt(state, { held: [...ext.held, slot] }), slots: rest, turn };
      const at = rest.findIndex((s) => s.id === event.beforeSlotId);
      return { ...state, slots: [...rest.slice(0, at), slot, ...rest.slice(at)], turn };
    }
    case 'lfg-turn-resumed': {
      const slot = ext.held.find((s) => s.id === event.slotId);
      if (!slot) return state;
      const slots = [...state.slots.slice(0, event.index), slot, ...state.slots.slice(event.index)];
      return { ...withExt(state, { held: ext.held.filter((s) => s.id !== event.slotId) }), slots };
    }
    case 'lfg-held-released':
      return { ...withExt(state, { held: [] }), slots: [...state.slots, ...ext.held] };
    case 'lfg-morale-suggested':
      return { ...withExt(state, { suggestions: [...ext.suggestions, event.suggestion] }), nextId: state.nextId + 1 };
    case 'lfg-morale-dismissed':
      return withExt(state, { suggestions: ext.suggestions.filter((s) => s.id !== event.suggestionId) });
    case 'lfg-morale-called':
      return {
        ...withExt(state, {
          calledMorale: [...ext.calledMorale, event.check],
          suggestions: ext.suggestions.filter((s) => s.id !== event.suggestionId),
        }),
        nextId: state.nextId + 1,
      };
    case 'lfg-morale-rolled': {
      const fresh = ext.lastMorale.length > 0 && ext.lastMorale[0]?.round !== event.verdict.round;
      return {
        ...withExt(state, {
          calledMorale: ext.calledMorale.filter((m) => m.id !== event.checkId),
          suggestions: ext.suggestions.filter((s) => s.id !== event.suggestionId),
          broken: plus(without(ext.broken, event.verdict.held), event.verdict.broken),
          lastMorale: [...(fresh ? [] : ext.lastMorale), event.verdict],
        }),
        dice: { ...state.dice, rng: event.rng },
      };
    }
    case 'lfg-morale-broken':
      return withExt(state, {
        broken: plus(ext.broken, event.combatantIds),
        suggestions: ext.suggestions.filter((s) => s.id !== event.suggestionId),
      });
    case 'lfg-turn-spent': {
      const { combatantId, slotId, action, move } = event;
      const kept = ext.spent.filter((e) => e.slotId === slotId && e.combatantId !== combatantId);
      const moves = move ? [...ext.moves.filter((m) => m.round === state.round), { combatantId, round: state.round, intercept: false }] : ext.moves;
      return withExt(state, { spent: [...kept, { combatantId, slotId, action, move }], moves });
    }
    case 'lfg-intercepted': {
      const { combatantId } = event.outcome;
      const moves = [...ext.moves.filter((m) => m.round === state.round), { combatantId, round: state.round, intercept: true }];
      return { ...withExt(state, { moves, lastIntercept: event.outcome }), dice: { ...state.dice, rng: event.rng } };
    }
    case 'lfg-rally-rolled':
      return {
        ...withExt(state, {
          lastRally: event.outcome,
          broken: event.outcome.result === 'rallied' ? without(ext.broken, event.outcome.combatantIds) : ext.broken,
        }),
        dice: { ...state.dice, rng: event.rng },
      };
    case 'lfg-retreat-proposed':
      return withExt(state, { retreat: { status: 'proposed', round: event.round } });
    case 'lfg-retreat-declined':
      return withExt(state, { retreat: { status: 'declined', round: state.round } });
    case 'lfg-retreat-rolled': {
      const successes = event.rolls.filter((r) => r.result.outcome === 'success' || r.result.outcome === 'critical-success').map((r) => r.id);
      const retreat = event.success
        ? ({ status: 'escaped', round: state.round, rolls: event.rolls } as const)
        : ({ status: 'failed', round: state.round, rolls: event.rolls, successes, permitPending: successes.length > 0 } as const);
      return { ...withExt(state, { retreat, fled: plus(ext.fled, event.fled) }), dice: { ...state.dice, rng: event.rng } };
    }
    case 'lfg-flight-permitted': {
      const retreat = ext.retreat?.status === 'failed' ? { ...ext.retreat, permitPending: false } : ext.retreat;
      return withExt(state, { retreat, fled: plus(ext.fled, event.fled) });
    }
    case 'lfg-action-readied':
      return withExt(state, {
        readied: [
          ...ext.readied.filter((r) => !event.combatantIds.includes(r.combatantId)),
          ...event.combatantIds.map((combatantId) => ({ combatantId, trigger: event.trigger, round: state.round })),
        ],
      });
    case 'lfg-ready-resolved':
      return {
        ...withExt(state, {
          readied: ext.readied.filter((r) => r.combatantId !== event.outcome.combatantId),
          lastReady: event.outcome,
        }),
        dice: { ...state.dice, rng: event.rng },
      };
    case 'lfg-ready-lapsed':
      return withExt(state, { readied: ext.readied.filter((r) => !event.combatantIds.includes(r.combatantId)) });
    case 'lfg-finish-rolled':
      return {
        ...withExt(state, { lastFinish: { round: state.round, rolls: event.rolls, success: event.success } }),
        dice: { ...state.dice, rng: event.rng },
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** lfg's `evolve` hook: undefined for an event that is not lfg's (the engine then throws: a bug). */
export const evolveLfg = (state: EncounterState, event: SystemEvent): EncounterState | undefined =>
  isLfgEvent(event) ? apply(state, event) : undefined;

/** lfg's rules as `evolveWith` needs them, for its hooks, which get no engine to apply events with. */
const LFG_EVOLVER: Evolver = { initialExt: initialLfgExt, evolve: evolveLfg };

/** One event of an lfg encounter (the core's or lfg's own) applied, as the engine would. */
export const applyLfg = (state: EncounterState, event: EncounterEvent): EncounterState => evolveWith(LFG_EVOLVER, state, event);
