// dnd5e's words for the GM console: its option flags, and its events in the log.
import type { SystemWordBook } from '../types.js';
import { DND5E_LOG_WORDS } from './log-words.js';
import { DND5E_OPTION_WORDS } from './option-words.js';

export const dnd5eWords: SystemWordBook<'dnd5e'> = { optionWords: DND5E_OPTION_WORDS, logWords: DND5E_LOG_WORDS };
