// [ENG-8] Low Fantasy Gaming's phase table for its own commands (the core's table answers for the rest).
import { LIVE_PHASES, type PhaseTable } from '../../core/phases.js';
import type { Phase } from '../../core/model.js';
import type { CoreCommandType } from '../../core/commands.js';
import type { LfgCommand } from './commands.js';

export const LFG_COMMAND_PHASES = {
  // The seating, the roller and the monsters' order may change before or during the fight (LFG-6, LFG-9).
  'lfg-set-seating': LIVE_PHASES,
  'lfg-set-roller': LIVE_PHASES,
  'lfg-order-monsters': LIVE_PHASES,
  'lfg-declare-surprise': ['setup', 'initiative'],
  'lfg-resume-turn': ['active'],
  'lfg-ready-action': ['active'],
  'lfg-trigger-ready': ['active'],
  'lfg-call-morale': ['active'],
  'lfg-dismiss-morale': ['active'],
  'lfg-break-morale': ['active'],
  'lfg-rally': ['active'],
  'lfg-finish-them': ['active'],
  'lfg-spend': ['active'],
  'lfg-intercept': ['active'],
  'lfg-propose-retreat': ['active'],
  'lfg-answer-retreat': ['active'],
  'lfg-permit-flight': ['active'],
  // Monsters don't roll initiative (the GM orders them): the core's roll for them is no command here.
  'roll-npc-initiative': [],
} as const satisfies Readonly<Record<LfgCommand['type'], readonly Phase[]> & Partial<Record<CoreCommandType, readonly Phase[]>>> & PhaseTable;
