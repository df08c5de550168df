// Tiny's `evolve` hook: applies its own event, undefined for anyone else's.
import type { EncounterState } from '../../src/core/model.js';
import type { SystemEvent } from '../../src/core/system-types.js';
import { tinyExt } from './state.js';

export function evolveTiny(state: EncounterState, event: SystemEvent): EncounterState | undefined {
  if (event.type !== 'tiny-rallied') return undefined;
  return { ...state, ext: { ...tinyExt(state), rallies: [...tinyExt(state).rallies, event.round] } };
}
