// Applies uesrpg's own events (the `evolve` hook). Facts only: faces and generator state are in them.
import type { EncounterState } from '../../core/model.js';
import type { SystemEvent } from '../../core/system-types.js';
import { withCombatantExt, withExt } from './ext-state.js';
import { uesrpgExt, NO_COMBATANT_EXT, type DeclaredAction } from './state.js';
import type { UesrpgEvent } from './events.js';

/** The round's log keeps the latest actions only: enough for the table, bounded for the wire. */
export const MAX_LOGGED_ACTIONS = 40;

export const isUesrpgEvent = (event: SystemEvent): event is UesrpgEvent => event.type.startsWith('uesrpg-');

const logged = (actions: readonly DeclaredAction[], action: DeclaredAction): readonly DeclaredAction[] =>
  [...actions, action].slice(-MAX_LOGGED_ACTIONS);

function declared(state: EncounterState, event: Extract<UesrpgEvent, { type: 'uesrpg-action-declared' }>): EncounterState {
  const { action } = event;
  const next = withCombatantExt(state, action.combatantId, (c) => ({
    reactedTo: action.threatId !== null && action.asReaction ? [...c.reactedTo, action.threatId] : c.reactedTo,
    extended:
      event.extendedCost !== null ? { id: action.id, label: action.label, cost: event.extendedCost, paid: action.spent } : c.extended,
  }));
  return withExt({ ...next, nextId: next.nextId + 1 }, (ext) => ({
    actions: logged(ext.actions, action),
    openAction: event.opens ? action : ext.openAction,
  }));
}

function continued(state: EncounterState, event: Extract<UesrpgEvent, { type: 'uesrpg-extended-continued' }>): EncounterState {
  const before = uesrpgExt(state).combatants[event.combatantId]?.extended ?? null;
  const next = withCombatantExt(state, event.combatantId, (c) => ({
    extended: event.completed || !c.extended ? null : { ...c.extended, paid: c.extended.paid + event.spent },
  }));
  if (!event.completed || !before) return next;
  // Fully paid: the action takes effect now, and others may react to it (it joins the round's log).
  const started = uesrpgExt(state).actions.find((a) => a.id === event.actionId);
  const action: DeclaredAction = {
    id: before.id,
    combatantId: event.combatantId,
    kind: 'primary',
    label: before.label,
    spent: before.cost,
    special: started?.special ?? false,
    threatId: null,
    asReaction: false,
    extended: true,
  };
  return withExt(next, (ext) => ({ openAction: action, actions: logged(ext.actions.filter((a) => a.id !== action.id), action) }));
}

export function evolveUesrpg(state: EncounterState, event: SystemEvent): EncounterState | undefined {
  if (!isUesrpgEvent(event)) return undefined;
  switch (event.type) {
    case 'uesrpg-surprise-set': {
      const combatants = Object.fromEntries(
        state.combatants.map((c) => {
          const current = uesrpgExt(state).combatants[c.id] ?? NO_COMBATANT_EXT;
          return [c.id, { ...current, surprised: event.surprised.includes(c.id) }];
        }),
      );
      return withExt(state, () => ({ surpriseDecided: true, combatants }));
    }
    case 'uesrpg-members-ordered':
      return withExt(state, (ext) => ({ memberOrder: { ...ext.memberOrder, [event.groupId]: event.order } }));
    case 'uesrpg-surprise-ended':
      return event.combatantIds.reduce((s, id) => withCombatantExt(s, id, () => ({ surprised: false })), state);
    case 'uesrpg-action-declared':
      return declared(state, event);
    case 'uesrpg-action-resolved':
      return withExt(state, (ext) => ({ openAction: ext.openAction?.id === event.actionId ? null : ext.openAction }));
    case 'uesrpg-extended-continued':
      return continued(state, event);
    case 'uesrpg-extended-abandoned':
      return withCombatantExt(state, event.combatantId, () => ({ extended: null }));
    case 'uesrpg-round-cleared':
      return withExt(state, (ext) => ({
        actions: [],
        combatants: Object.fromEntries(Object.entries(ext.combatants).map(([id, c]) => [id, { ...c, reactedTo: [] }])),
      }));
    case 'uesrpg-luck-rolled': {
      const ordered = (event.order ?? []).reduce(
        (s, ref, tieBreak) =>
          ref.kind === 'group'
            ? { ...s, groups: s.groups.map((g) => (g.id === ref.id ? { ...g, tieBreak } : g)) }
            : { ...s, combatants: s.combatants.map((c) => (c.id === ref.id ? { ...c, tieBreak } : c)) },
        state,
      );
      return withExt({ ...ordered, dice: { ...ordered.dice, rng: event.rng } }, () => ({
        lastRollOff: { units: event.units, rolls: event.rolls, order: event.order },
      }));
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
