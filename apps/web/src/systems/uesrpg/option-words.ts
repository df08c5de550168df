// uesrpg's options in the table's words (registered in ../registry.ts; option-words.test.ts checks every flag has them).
import type { OptionWords } from '../../lib/option-words.js';

export const UESRPG_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  apRefresh: {
    label: 'Action Points come back',
    help: 'When characters regain their Action Points: at the start of each round (the rule), or at the start of their own turn (optional rule).',
    rule: 'UES-16, UES-17',
    values: { roundStart: 'At the start of each round', turnStart: 'At the start of their turn (optional)' },
  },
  groupTurns: {
    label: 'Groups take their turns',
    help: 'A group of similar NPCs rolls once; its members share one turn, or each takes its own turn in the group’s place (the rule), in the order the GM sets.',
    rule: 'UES-35',
    values: { together: 'Together, one shared turn', each: 'One member at a time (the rule)' },
  },
};
