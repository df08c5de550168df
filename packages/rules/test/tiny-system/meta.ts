// Tiny's registration: a test-only sixth system, written the way docs/adding-a-system.md says, to
// prove that the core runs a system it has never heard of (test/tiny-system.test.ts).
import { flagDefaults, type FlagDef } from '../../src/core/flags.js';
import type { SystemMeta } from '../../src/core/system.js';
import type { TinyCommand } from './commands.js';
import type { TinyEvent } from './events.js';
import type { TinyExt } from './state.js';
import type { TinyViewExt } from './view.js';
import { TINY_VIOLATIONS } from './violations.js';

const FLAGS: Readonly<Record<string, FlagDef>> = {
  /** How many rallies a fight allows. */
  maxRallies: { kind: 'integer', min: 0, max: 9, default: 2 },
};

export const tinyMeta = {
  id: 'tiny',
  label: 'Tiny (a test system)',
  shortLabel: 'Tiny',
  defaultOptions: flagDefaults(FLAGS),
  flags: FLAGS,
  statDefs: [{ key: 'speed', label: 'Speed', min: 0, max: 5, default: 0 }],
  violations: TINY_VIOLATIONS,
} as const satisfies SystemMeta;

declare module '../../src/core/system-types.js' {
  interface SystemTypes {
    tiny: {
      command: TinyCommand;
      event: TinyEvent;
      ext: TinyExt;
      view: TinyViewExt;
      violation: keyof typeof TINY_VIOLATIONS;
    };
  }
}
