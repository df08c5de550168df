// Each system's options in the table's words, from its word book (word-books.ts); the engine's own
// options' words are the same in every system (lib/option-words.ts). option-words.test.ts fails when a
// flag of a system has none.
import type { SystemId } from '@roundkeeper/rules';
import { wordsFromKey, type OptionWords } from '../lib/option-words.js';
import { wordBookOf } from './word-books.js';

export { HEALTH_OPTION_WORDS, PHYSICAL_DICE_WORDS, TIMER_OPTION_WORDS, valueLabel, type OptionWords } from '../lib/option-words.js';

export function optionWords(system: SystemId, key: string): OptionWords {
  return wordBookOf(system)?.optionWords[key] ?? wordsFromKey(key);
}

/** Whether `system` has words for `key` (the test checks every flag of every system has them). */
export const hasOptionWords = (system: SystemId, key: string): boolean => wordBookOf(system)?.optionWords[key] !== undefined;
