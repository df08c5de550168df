// uesrpg's words for the GM console: its option flags, and its events in the log.
import type { SystemWordBook } from '../types.js';
import { UESRPG_LOG_WORDS } from './log-words.js';
import { UESRPG_OPTION_WORDS } from './option-words.js';

export const uesrpgWords: SystemWordBook<'uesrpg'> = { optionWords: UESRPG_OPTION_WORDS, logWords: UESRPG_LOG_WORDS };
