// [DND-18] When a dying PC makes its death save: "Whenever you start your turn with 0 hit points, you
// must make a special saving throw" (SRD 5.1). So only in its own turn, and once: a phone that offered
// the save on a monster's turn let a player roll twice in a round (issue 28).
import type { CombatantId, EncounterState } from '../../core/model.js';
import { dnd5eExt } from './state.js';

/** 'due': the PC's turn, no save made yet; else why not now. */
export type DeathSaveTiming = 'due' | 'not-their-turn' | 'made';

export function deathSaveTiming(state: EncounterState, id: CombatantId): DeathSaveTiming {
  if (state.phase !== 'active' || !(state.turn?.actorIds.includes(id) ?? false)) return 'not-their-turn';
  return dnd5eExt(state).deathSaveRounds?.[id] === state.round ? 'made' : 'due';
}
