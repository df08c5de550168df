// D&D 5e's registration with the engine: what the engine and the clients know of it without its rules
// (id, names, option flags, stats, refusal codes), and the types it adds to the engine's unions.
// Light on purpose: the catalogue (src/catalogue.ts) imports only this file of the folder.
import { flagDefaults, type FlagDef } from '../../core/flags.js';
import type { SystemMeta } from '../../core/system.js';
import type { Dnd5eCommand } from './commands.js';
import type { Dnd5eEvent } from './events.js';
import type { Dnd5eExt } from './state.js';
import type { Dnd5eViewExt } from './view.js';
import { DND5E_HEALTH } from './health-meta.js';
import { SURPRISE_MODES, SURPRISE_OPTION } from './surprise.js';
import { DND5E_VIOLATIONS } from './violations.js';
import { DND5E_COMMAND_PHASES } from './phases.js';

const FLAGS: Readonly<Record<string, FlagDef>> = {
  // [DND-13] [DND-14] srd51: the lost first turn (the text); srd52: disadvantage on initiative.
  [SURPRISE_OPTION]: { kind: 'choice', values: SURPRISE_MODES, default: 'srd51' },
};

export const dnd5eMeta = {
  id: 'dnd5e',
  label: 'D&D 5th edition (SRD 5.1)',
  shortLabel: 'D&D 5e',
  defaultOptions: flagDefaults(FLAGS),
  flags: FLAGS,
  statDefs: [
    { key: 'dex', label: 'Dexterity', min: 1, max: 30, default: 10 },
    { key: 'initBonus', label: 'Initiative bonus', min: -20, max: 20, default: 0 },
    // [DND-27] Legendary actions a round (SRD 5.1 legendary creatures have 3); 0: not legendary.
    { key: 'legendaryActions', label: 'Legendary actions', min: 0, max: 10, default: 0, optional: true },
    // [DND-30] 1: the creature has lair actions (fought in its lair), taken on initiative count 20.
    { key: 'lairActions', label: 'Lair actions', min: 0, max: 1, default: 0, optional: true },
  ],
  violations: DND5E_VIOLATIONS,
  health: DND5E_HEALTH,
  commandPhases: DND5E_COMMAND_PHASES,
  // [DND-22] "A round represents about 6 seconds in the game world."
  roundSeconds: 6,
  // [DND-26] GM's call (the text says nothing of rests): a short rest restores nothing by itself (the
  // players spend Hit Dice, healed on the console); a long rest restores hit points, ends temporary ones and lasting conditions.
  rests: [{ id: 'short', label: 'Short rest', restores: [] }, { id: 'long', label: 'Long rest', restores: ['health', 'temp', 'conditions'] }],
} as const satisfies SystemMeta;

declare module '../../core/system-types.js' {
  interface SystemTypes {
    dnd5e: {
      command: Dnd5eCommand;
      event: Dnd5eEvent;
      ext: Dnd5eExt;
      view: Dnd5eViewExt;
      violation: keyof typeof DND5E_VIOLATIONS;
    };
  }
}
