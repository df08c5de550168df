// [UES-17] The system's flags: only `apRefresh`, the text's optional turn-based AP refreshing.
import type { FlagDef } from '../../core/flags.js';
import { AP_REFRESH_MODES, type ApRefresh } from './types.js';

export const UESRPG_FLAGS: Readonly<Record<string, FlagDef>> = {
  apRefresh: { kind: 'choice', values: AP_REFRESH_MODES, default: 'roundStart' },
};

/** Options are parsed by the engine before they are stored; anything else is the default. */
export const apRefreshOf = (options: Readonly<Record<string, unknown>>): ApRefresh =>
  AP_REFRESH_MODES.find((m) => m === options['apRefresh']) ?? 'roundStart';
