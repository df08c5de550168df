// dnd5e's `evolve` hook: applies its own events; `undefined` for anything else (evolve then throws).
import type { EncounterState } from '../../core/model.js';
import type { SystemEvent } from '../../core/system-types.js';
import { dnd5eExt } from './state.js';

export function evolveDnd5e(state: EncounterState, event: SystemEvent): EncounterState | undefined {
  switch (event.type) {
    case 'dnd5e-surprise-set': {
      const ext = dnd5eExt(state);
      const others = ext.surprised.filter((id) => id !== event.combatantId);
      return { ...state, ext: { ...ext, surprised: event.surprised ? [...others, event.combatantId] : others } };
    }
    case 'dnd5e-roll-sources':
      return state;
    case 'dnd5e-surprise-resolved':
      return { ...state, dice: { ...state.dice, rng: event.rng } };
    case 'dnd5e-rolled-off': {
      const ext = dnd5eExt(state);
      return {
        ...state,
        dice: { ...state.dice, rng: event.rng },
        ext: { ...ext, rollOffs: [...ext.rollOffs, { units: event.units, throws: event.throws }] },
      };
    }
    case 'dnd5e-death-saves-set':
    case 'dnd5e-death-save-rolled': {
      const ext = dnd5eExt(state);
      const { [event.combatantId]: _old, ...others } = ext.dying;
      const dying = event.after === null ? others : { ...others, [event.combatantId]: event.after };
      const dice = event.type === 'dnd5e-death-save-rolled' ? { ...state.dice, rng: event.rng } : state.dice;
      // [DND-18] A save made, or a fall in the PC's own turn, spends this round's death save.
      const spent =
        event.type === 'dnd5e-death-save-rolled' || (event.cause === 'down' && (state.turn?.actorIds.includes(event.combatantId) ?? false));
      const deathSaveRounds = spent ? { ...ext.deathSaveRounds, [event.combatantId]: state.round } : ext.deathSaveRounds;
      return { ...state, dice, ext: { ...ext, dying, deathSaveRounds } };
    }
    case 'dnd5e-legendary-action-used': {
      const ext = dnd5eExt(state);
      const spent = (ext.legendary?.[event.combatantId]?.spent ?? 0) + event.cost;
      return { ...state, ext: { ...ext, legendary: { ...ext.legendary, [event.combatantId]: { spent, turn: event.turn } } } };
    }
    case 'dnd5e-legendary-regained': {
      const ext = dnd5eExt(state);
      const { [event.combatantId]: _spent, ...others } = ext.legendary ?? {};
      return { ...state, ext: { ...ext, legendary: others } };
    }
    case 'dnd5e-lair-action-used':
      return { ...state, ext: { ...dnd5eExt(state), lairRound: event.round } };
    default:
      return undefined;
  }
}
