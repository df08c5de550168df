// dc20's words for the GM console: its option flags, and its events in the log.
import type { SystemWordBook } from '../types.js';
import { DC20_LOG_WORDS } from './log-words.js';
import { DC20_OPTION_WORDS } from './option-words.js';

export const dc20Words: SystemWordBook<'dc20'> = { optionWords: DC20_OPTION_WORDS, logWords: DC20_LOG_WORDS };
