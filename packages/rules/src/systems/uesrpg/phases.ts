// [ENG-8] UESRPG's phase table for its own commands (the core's table answers for the rest).
import { LIVE_PHASES, type PhaseTable } from '../../core/phases.js';
import type { Phase } from '../../core/model.js';
import type { UesrpgCommand } from './commands.js';

export const UESRPG_COMMAND_PHASES = {
  // [UES-2] Surprise is decided before initiative is rolled.
  'uesrpg-set-surprise': ['setup', 'initiative'],
  'uesrpg-declare-action': ['active'],
  'uesrpg-resolve-action': ['active'],
  'uesrpg-continue-extended': ['active'],
  'uesrpg-abandon-extended': ['active'],
  // [UES-13] The GM may order a group's members before or during the fight; after it, nothing is left to order.
  'uesrpg-order-members': LIVE_PHASES,
  'uesrpg-roll-off-luck': ['initiative'],
} as const satisfies Readonly<Record<UesrpgCommand['type'], readonly Phase[]>> & PhaseTable;
