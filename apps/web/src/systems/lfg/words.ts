// lfg's words for the GM console: its option flags, and its events in the log.
import type { SystemWordBook } from '../types.js';
import { LFG_LOG_WORDS } from './log-words.js';
import { LFG_OPTION_WORDS } from './option-words.js';

export const lfgWords: SystemWordBook<'lfg'> = { optionWords: LFG_OPTION_WORDS, logWords: LFG_LOG_WORDS };
