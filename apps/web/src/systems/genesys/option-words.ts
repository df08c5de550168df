// genesys's options in the table's words (registered in ../registry.ts; option-words.test.ts checks every flag has them).
import type { OptionWords } from '../../lib/option-words.js';

export const GENESYS_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  signedNetRanking: {
    label: 'Net failures rank below zero',
    help: 'Ranking the Initiative checks: a check with net failures ranks as 0 successes, or below zero (more failures, later).',
    rule: 'GEN-14',
  },
  autoFillSingle: {
    label: 'Fill a slot with its only candidate',
    help: 'A PC or NPC slot that exactly one character may take is given to them without asking.',
    rule: 'GEN-21',
  },
  confirmNextRound: {
    label: 'Wait at each round’s end',
    help: 'Turns stop at the end of each round until the GM says the action goes on (the encounter may be over).',
    rule: 'GEN-25',
  },
};
