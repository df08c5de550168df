// genesys's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
import type { CombatantId, SlotId, UnitRef, EncounterState } from '../../core/model.js';
import type { GenesysState } from './types.js';

export interface GenesysExt extends GenesysState {
  readonly system: 'genesys';
  /** [GEN-32] The result each slot was made from (GM-only: it may name a hidden unit). */
  readonly slotOrigins: Readonly<Record<SlotId, UnitRef>>;
  /** [GEN-25] The round that ended and whose "does the action go on?" the GM has not answered yet. */
  readonly continueAsked: number | null;
  /** [GEN-40] PCs who caught their breath after this encounter. */
  readonly strainRecovered: readonly CombatantId[];
}

export const initialGenesysExt = (): GenesysExt => ({
  system: 'genesys',
  checks: {},
  slotKeys: {},
  slotOrigins: {},
  continueAsked: null,
  strainRecovered: [],
});

/** The genesys ext of a genesys encounter. Anything else is a bug (the registry routes by system). */
export function genesysExt(state: EncounterState): GenesysExt {
  const ext = state.ext;
  if (ext.system !== 'genesys') throw new Error(`Not a genesys encounter: its ext belongs to ${ext.system}.`);
  return { ...initialGenesysExt(), ...ext };
}

export const withExt = (state: EncounterState, ext: GenesysExt): EncounterState => ({ ...state, ext });

