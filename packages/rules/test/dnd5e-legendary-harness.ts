import { project, type EncounterState } from '../src/index.js';
import type { Dnd5eViewExt } from '../src/systems/dnd5e/view.js';

/** The dnd5e part of the GM's view of `s`. */
export function projectDnd5eFor(s: EncounterState): Dnd5eViewExt {
  const ext = project(s, { role: 'gm' }).ext;
  if (ext?.system !== 'dnd5e') throw new Error('not a dnd5e view');
  return ext;
}
