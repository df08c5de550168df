// The systems' words for the GM's log (lib/event-log.ts), from their word books (word-books.ts): each
// system's event sentences and option flags, and its rolls in words.
import type { SystemId } from '@roundkeeper/rules';
import type { SystemWords } from '../lib/event-log.js';
import type { SystemSentence } from '../lib/log-fields.js';
import { describeSystemRoll } from './basics.js';
import { optionWords } from './option-words.js';
import { wordBooks } from './word-books.js';

/** Every system's event sentences by event type (the types carry their system's prefix): a sentence, or null for bookkeeping. */
export const SYSTEM_LOG_WORDS: Readonly<Record<string, SystemSentence | null>> = Object.assign({}, ...wordBooks().map((s) => s.logWords));

/** What the log of an encounter of `system` needs: the systems' sentences, its option words and its rolls in words. */
export const systemWordsOf = (system: SystemId): SystemWords => ({
  system,
  option: (key) => optionWords(system, key),
  roll: (roll) => describeSystemRoll(roll, system),
  event: (type) => (Object.hasOwn(SYSTEM_LOG_WORDS, type) ? SYSTEM_LOG_WORDS[type] : undefined),
});
