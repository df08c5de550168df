// [ENG-8] D&D 5e's phase table for its own commands (the core's table answers for the rest).
import type { PhaseTable } from '../../core/phases.js';
import type { Phase } from '../../core/model.js';
import type { Dnd5eCommand } from './commands.js';

export const DND5E_COMMAND_PHASES = {
  // As the core's roll: initiative, and newcomers during combat (DND-11).
  'dnd5e-roll-initiative': ['initiative', 'active'],
  'dnd5e-death-save': ['active'],
  // [DND-25] As the other health commands (ENG-28): a tally carried in before the fight starts.
  'dnd5e-set-death-saves': ['setup', 'initiative', 'active'],
  // [DND-9] Surprise is determined at the start of the encounter.
  'dnd5e-set-surprised': ['setup', 'initiative'],
  'dnd5e-resolve-surprise': ['setup', 'initiative'],
  'dnd5e-roll-off': ['initiative'],
  // [DND-27] [DND-30] Taken during combat, between turns.
  'dnd5e-legendary-action': ['active'],
  'dnd5e-lair-action': ['active'],
} as const satisfies Readonly<Record<Dnd5eCommand['type'], readonly Phase[]>> & PhaseTable;
