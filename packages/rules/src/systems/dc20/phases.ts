// [ENG-8] DC20's phase table for its own commands (the core's table answers for the rest).
import { LIVE_PHASES, type PhaseTable } from '../../core/phases.js';
import type { Phase } from '../../core/model.js';
import type { CoreCommandType } from '../../core/commands.js';
import type { Dc20Command } from './commands.js';

const BEFORE_COMBAT = ['setup', 'initiative'] as const satisfies readonly Phase[];

export const DC20_COMMAND_PHASES = {
  'dc20-set-encounter-dc': BEFORE_COMBAT,
  'dc20-set-team': LIVE_PHASES,
  'dc20-roll-initiative': ['initiative', 'active'],
  'dc20-enter-initiative': ['initiative', 'active'],
  'dc20-order-enemy-teams': BEFORE_COMBAT,
  'dc20-fate-check': BEFORE_COMBAT,
  'dc20-set-surprised': BEFORE_COMBAT,
  'dc20-pass-turn': ['active'],
  'dc20-close-claims': ['active'],
  'dc20-resolve-claim': ['active'],
  'dc20-assign': ['active'],
  'dc20-merge-enemy-turns': ['active'],
  'dc20-keep-enemy-turns': ['active'],
  'dc20-delay': ['active'],
  'dc20-set-lap': LIVE_PHASES,
  'dc20-spend-lap': ['active'],
  'dc20-pass-lap': ['active'],
  'dc20-use-inspiration': ['active'],
  'dc20-use-benefit': ['active'],
  // [DC20-5] Only PCs make Initiative Checks: the core's roll for the monsters is no command here.
  'roll-npc-initiative': [],
} as const satisfies Readonly<Record<Dc20Command['type'], readonly Phase[]> & Partial<Record<CoreCommandType, readonly Phase[]>>> & PhaseTable;
