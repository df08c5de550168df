// genesys's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
import type { SlotId, UnitRef } from '../../model.js';
import type { GenesysState } from './types.js';

export interface GenesysExt extends GenesysState {
  readonly system: 'genesys';
  /** [GEN-32] The result each slot was made from (GM-only: it may name a hidden unit). */
  readonly slotOrigins: Readonly<Record<SlotId, UnitRef>>;
  /** [GEN-25] The round that ended and whose "does the action go on?" the GM has not answered yet. */
  readonly continueAsked: number | null;
}

export const initialGenesysExt = (): GenesysExt => ({
  system: 'genesys',
  checks: {},
  slotKeys: {},
  slotOrigins: {},
  continueAsked: null,
});
