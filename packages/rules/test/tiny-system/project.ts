// Tiny's `projectExt` hook: the rally count is public.
import type { EncounterState } from '../../src/core/model.js';
import { tinyExt } from './state.js';
import type { TinyViewExt } from './view.js';

export const projectTiny = (state: EncounterState): TinyViewExt => ({ system: 'tiny', rallies: tinyExt(state).rallies.length });
