// [UES-17] [UES-35] The system's flags: `apRefresh`, the text's optional turn-based AP refreshing, and `groupTurns`.
import type { FlagDef } from '../../core/flags.js';
import { AP_REFRESH_MODES, type ApRefresh } from './types.js';

export const UESRPG_FLAGS: Readonly<Record<string, FlagDef>> = {
  apRefresh: { kind: 'choice', values: AP_REFRESH_MODES, default: 'roundStart' },
  // [UES-35] A group rolls once, but each member takes its own turn in the group's place ('together': one shared turn).
  groupTurns: { kind: 'choice', values: ['together', 'each'], default: 'each' },
};

/** [UES-35] Whether a group's members take their turns one by one (option `groupTurns` 'each'). */
export const groupTurnsEach = (options: Readonly<Record<string, unknown>>): boolean => options['groupTurns'] === 'each';

/** Options are parsed by the engine before they are stored; anything else is the default. */
export const apRefreshOf = (options: Readonly<Record<string, unknown>>): ApRefresh =>
  AP_REFRESH_MODES.find((m) => m === options['apRefresh']) ?? 'roundStart';
