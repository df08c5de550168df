// DC20's registration with the engine: what the engine and the clients know of it without its rules
// (id, names, option flags, stats, refusal codes), and the types it adds to the engine's unions.
// Light on purpose: the catalogue (src/catalogue.ts) imports only this file of the folder.
import { DC20_COMMAND_PHASES } from './phases.js';
import { flagDefaults, type FlagDef } from '../../core/flags.js';
import type { SystemMeta } from '../../core/system.js';
import type { Dc20Command } from './commands.js';
import type { Dc20Event } from './events.js';
import type { Dc20Ext } from './state.js';
import type { Dc20ViewExt } from './view.js';
import { ROUND_SECONDS } from './durations.js';
import { DC20_HEALTH } from './health-meta.js';
import { DC20_VIOLATIONS } from './violations.js';

/** [DC20-12] [DC20-27] [DC20-36] [DC20-38] The README's flags and their defaults. */
const FLAGS: Readonly<Record<string, FlagDef>> = {
  critCountsAsSuccess: { kind: 'boolean', default: true },
  multiTeamLayout: { kind: 'choice', values: ['rotate'], default: 'rotate' },
  lapMode: { kind: 'choice', values: ['roundEnd', 'strict'], default: 'roundEnd' },
  surprised: { kind: 'choice', values: ['apPenalty', 'unableToAct'], default: 'apPenalty' },
};

export const dc20Meta = {
  id: 'dc20',
  label: 'DC20 RPG (beta 0.10)',
  shortLabel: 'DC20',
  defaultOptions: flagDefaults(FLAGS),
  flags: FLAGS,
  // [DC20-6] Combat Mastery comes from the level; only bonuses that name Initiative Checks go in initBonus.
  statDefs: [
    { key: 'level', label: 'Level', min: 1, max: 20, default: 1 },
    { key: 'agility', label: 'Agility', min: -2, max: 7, default: 0 },
    { key: 'initBonus', label: 'Initiative bonus', min: -10, max: 10, default: 0 },
  ],
  violations: DC20_VIOLATIONS,
  commandPhases: DC20_COMMAND_PHASES,
  health: DC20_HEALTH,
  // [DC20-33] 1 round = 12 seconds; 5 rounds = 1 minute.
  roundSeconds: ROUND_SECONDS,
  // [DC20-44] GM's call (the text says nothing of rests): short restores nothing by itself, long everything.
  rests: [{ id: 'short', label: 'Short rest', restores: [] }, { id: 'long', label: 'Long rest', restores: ['health', 'temp', 'conditions'] }],
} as const satisfies SystemMeta;

declare module '../../core/system-types.js' {
  interface SystemTypes {
    dc20: {
      command: Dc20Command;
      event: Dc20Event;
      ext: Dc20Ext;
      view: Dc20ViewExt;
      violation: keyof typeof DC20_VIOLATIONS;
    };
  }
}
