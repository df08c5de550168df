// Low Fantasy Gaming's registration with the engine: what the engine and the clients know of it without its rules
// (id, names, option flags, stats, refusal codes), and the types it adds to the engine's unions.
// Light on purpose: the catalogue (src/catalogue.ts) imports only this file of the folder.
import { LFG_COMMAND_PHASES } from './phases.js';
import { flagDefaults, type FlagDef } from '../../core/flags.js';
import { DEFAULT_HEALTH_META } from '../../core/health/model.js';
import type { SystemMeta } from '../../core/system.js';
import type { LfgCommand } from './commands.js';
import type { LfgEvent } from './events.js';
import type { LfgExt } from './state.js';
import type { LfgViewExt } from './view.js';
import { LFG_STAT_DEFS } from './stats.js';
import { GREAT_SUCCESS_RULES } from './types.js';
import { LFG_VIOLATIONS } from './violations.js';

/** [LFG-9] Seats a previous combat's first roller may be named by (1-based; 0: unknown). */
export const MAX_SEATS = 50;

const FLAGS: Readonly<Record<string, FlagDef>> = {
  // [LFG-2]
  greatSuccess: { kind: 'choice', values: GREAT_SUCCESS_RULES, default: 'halfScore' },
  // [LFG-9] The optional rotation of the first roller between combats, from the previous combat's first seat.
  rotateFirstRoller: { kind: 'boolean', default: false },
  previousFirstSeat: { kind: 'integer', min: 0, max: MAX_SEATS, default: 0 },
  // [LFG-7] The server rolls the party's check as each round starts, instead of the roller.
  autoRoll: { kind: 'boolean', default: false },
  // [LFG-33] Track each combatant's action and move within a turn.
  actionEconomy: { kind: 'boolean', default: true },
};

export const lfgMeta = {
  id: 'lfg',
  label: 'Low Fantasy Gaming',
  shortLabel: 'LFG',
  defaultOptions: flagDefaults(FLAGS),
  flags: FLAGS,
  statDefs: LFG_STAT_DEFS,
  violations: LFG_VIOLATIONS,
  commandPhases: LFG_COMMAND_PHASES,
  // [LFG-30] Hit points down to 0, no temporary ones; unhurt, hurt, down.
  health: DEFAULT_HEALTH_META,
  // [LFG-35] GM's call (the text says nothing of rests).
  rests: [{ id: 'short', label: 'Short rest', restores: [] }, { id: 'long', label: 'Long rest', restores: ['health', 'conditions'] }],
} as const satisfies SystemMeta;

declare module '../../core/system-types.js' {
  interface SystemTypes {
    lfg: {
      command: LfgCommand;
      event: LfgEvent;
      ext: LfgExt;
      view: LfgViewExt;
      violation: keyof typeof LFG_VIOLATIONS;
    };
  }
}
