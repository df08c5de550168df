// genesys's words for the GM console: its option flags, and its events in the log.
import type { SystemWordBook } from '../types.js';
import { GENESYS_LOG_WORDS } from './log-words.js';
import { GENESYS_OPTION_WORDS } from './option-words.js';

export const genesysWords: SystemWordBook<'genesys'> = { optionWords: GENESYS_OPTION_WORDS, logWords: GENESYS_LOG_WORDS };
