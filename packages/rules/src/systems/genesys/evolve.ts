// genesys's `evolve` hook: how its own events change its slot in `EncounterState.ext`.
import type { EncounterState } from '../../core/model.js';
import type { SystemEvent } from '../../core/system-types.js';
import { withCheck } from './initiative.js';
import { genesysExt, withExt } from './state.js';

/** The `evolve` hook: applies genesys's own events, undefined for anyone else's. */
export function evolveGenesys(state: EncounterState, event: SystemEvent): EncounterState | undefined {
  switch (event.type) {
    case 'genesys-check-declared':
      return withExt(state, { ...genesysExt(state), ...withCheck(genesysExt(state), event.unit, event.check) });
    case 'genesys-slots-ranked': {
      const ext = genesysExt(state);
      const slotKeys = { ...ext.slotKeys };
      const slotOrigins = { ...ext.slotOrigins };
      for (const s of event.slots) {
        slotKeys[s.slotId] = s.key;
        slotOrigins[s.slotId] = s.origin;
      }
      return withExt(state, { ...ext, slotKeys, slotOrigins });
    }
    case 'genesys-continue-asked':
      return withExt(state, { ...genesysExt(state), continueAsked: event.round });
    case 'genesys-strain-recovered': {
      const ext = genesysExt(state);
      return { ...withExt(state, { ...ext, strainRecovered: [...ext.strainRecovered, event.combatantId] }), dice: { ...state.dice, rng: event.rng } };
    }
    case 'genesys-combat-continued':
      return withExt(state, { ...genesysExt(state), continueAsked: null });
    default:
      return undefined;
  }
}
