// Reading and changing genesys's slot in `EncounterState.ext`.
import type { EncounterState } from '../../model.js';
import type { SystemEvent } from '../ext.js';
import { withCheck } from './initiative.js';
import { initialGenesysExt, type GenesysExt } from './state.js';

/** The genesys ext of a genesys encounter. Anything else is a bug (the registry routes by system). */
export function genesysExt(state: EncounterState): GenesysExt {
  const ext = state.ext;
  if (ext.system !== 'genesys') throw new Error(`Not a genesys encounter: its ext belongs to ${ext.system}.`);
  return { ...initialGenesysExt(), ...ext };
}

const withExt = (state: EncounterState, ext: GenesysExt): EncounterState => ({ ...state, ext });

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
    case 'genesys-combat-continued':
      return withExt(state, { ...genesysExt(state), continueAsked: null });
    default:
      return undefined;
  }
}
