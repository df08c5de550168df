// Tiny's slot in `EncounterState.ext`: the rounds in which the party rallied.
import type { EncounterState } from '../../src/core/model.js';

export interface TinyExt {
  readonly system: 'tiny';
  readonly rallies: readonly number[];
}

export const initialTinyExt = (): TinyExt => ({ system: 'tiny', rallies: [] });

export const tinyExt = (state: EncounterState): TinyExt => (state.ext.system === 'tiny' ? state.ext : initialTinyExt());
