// Genesys's registration with the engine: what the engine and the clients know of it without its rules
// (id, names, option flags, stats, refusal codes), and the types it adds to the engine's unions.
// Light on purpose: the catalogue (src/catalogue.ts) imports only this file of the folder.
import { flagDefaults } from '../../core/flags.js';
import type { SystemMeta } from '../../core/system.js';
import type { GenesysCommand } from './commands.js';
import type { GenesysEvent } from './events.js';
import type { GenesysExt } from './state.js';
import type { GenesysViewExt } from './view.js';
import { GENESYS_HEALTH } from './health-meta.js';
import { FLAGS } from './options.js';
import { GENESYS_COMMAND_PHASES } from './phases.js';
import { GENESYS_STAT_DEFS } from './pool.js';
import { GENESYS_VIOLATIONS } from './violations.js';

export const genesysMeta = {
  id: 'genesys',
  label: 'Genesys / Star Wars RPG (FFG Narrative Dice)',
  shortLabel: 'Genesys',
  defaultOptions: flagDefaults(FLAGS),
  flags: FLAGS,
  statDefs: GENESYS_STAT_DEFS,
  violations: GENESYS_VIOLATIONS,
  health: GENESYS_HEALTH,
  commandPhases: GENESYS_COMMAND_PHASES,
  // [GEN-42] Strain is caught back as the encounter ends (Step 5, GEN-31); between fights the text names no rest:
  // GM's call, one night's rest that takes off strain and lasting conditions, wounds as the GM ticks.
  rests: [{ id: 'long', label: "A night's rest", restores: ['strain', 'conditions'] }],
} as const satisfies SystemMeta;

declare module '../../core/system-types.js' {
  interface SystemTypes {
    genesys: {
      command: GenesysCommand;
      event: GenesysEvent;
      ext: GenesysExt;
      view: GenesysViewExt;
      violation: keyof typeof GENESYS_VIOLATIONS;
    };
  }
}
