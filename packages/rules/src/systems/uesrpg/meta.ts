// UESRPG's registration with the engine: what the engine and the clients know of it without its rules
// (id, names, option flags, stats, refusal codes), and the types it adds to the engine's unions.
// Light on purpose: the catalogue (src/catalogue.ts) imports only this file of the folder.
import { UESRPG_COMMAND_PHASES } from './phases.js';
import { flagDefaults } from '../../core/flags.js';
import { DEFAULT_HEALTH_META } from '../../core/health/model.js';
import type { SystemMeta } from '../../core/system.js';
import type { UesrpgCommand } from './commands.js';
import type { UesrpgEvent } from './events.js';
import type { UesrpgExt } from './state.js';
import type { UesrpgViewExt } from './view.js';
import { UESRPG_FLAGS } from './options.js';
import { UESRPG_STAT_DEFS } from './ratings.js';
import { UESRPG_VIOLATIONS } from './violations.js';

export const uesrpgMeta = {
  id: 'uesrpg',
  label: 'UESRPG 3e (Unofficial Elder Scrolls RPG)',
  shortLabel: 'UESRPG',
  defaultOptions: flagDefaults(UESRPG_FLAGS),
  flags: UESRPG_FLAGS,
  statDefs: UESRPG_STAT_DEFS,
  violations: UESRPG_VIOLATIONS,
  // [UES-33] Hit points down to 0, no temporary ones; unhurt, hurt, down.
  health: DEFAULT_HEALTH_META,
  commandPhases: UESRPG_COMMAND_PHASES,
  // [UES-34] Free actions: "what is reasonable for a character to achieve in six seconds", a round.
  roundSeconds: 6,
  // [UES-36] GM's call (the text says nothing of rests).
  rests: [{ id: 'short', label: 'Short rest', restores: [] }, { id: 'long', label: 'Long rest', restores: ['health', 'conditions'] }],
} as const satisfies SystemMeta;

declare module '../../core/system-types.js' {
  interface SystemTypes {
    uesrpg: {
      command: UesrpgCommand;
      event: UesrpgEvent;
      ext: UesrpgExt;
      view: UesrpgViewExt;
      violation: keyof typeof UESRPG_VIOLATIONS;
    };
  }
}
