// [ENG-8] Genesys's phase table: its own commands, and the one core command whose phases its text
// widens. Step 5 (the encounter has ended): "Each Player Character also has a chance to catch their
// breath and recover strain, and may take steps to help heal any incapacitated characters" (GEN-31,
// GEN-40), so strain recovery and healing are taken once the encounter has ended.
import { LIVE_PHASES, type PhaseTable } from '../../core/phases.js';
import type { CoreCommandType } from '../../core/commands.js';
import type { Phase } from '../../core/model.js';
import type { GenesysCommand } from './commands.js';

export const GENESYS_COMMAND_PHASES = {
  'genesys-declare-check': LIVE_PHASES,
  'genesys-continue-combat': ['active'],
  'genesys-recover-strain': ['ended'],
  'apply-healing': [...LIVE_PHASES, 'ended'],
} as const satisfies Readonly<Record<GenesysCommand['type'], readonly Phase[]> & Partial<Record<CoreCommandType, readonly Phase[]>>> & PhaseTable;
