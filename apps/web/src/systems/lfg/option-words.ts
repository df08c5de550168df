// lfg's options in the table's words (registered in ../registry.ts; option-words.test.ts checks every flag has them).
import type { OptionWords } from '../../lib/option-words.js';

export const LFG_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  greatSuccess: {
    label: 'Great Success on a check',
    help: 'When a roll-under check is a Great Success: a face at most half the score, or only a natural 1.',
    rule: 'LFG-2',
    values: { halfScore: 'Half the score or less', natural1: 'A natural 1 only' },
  },
  rotateFirstRoller: {
    label: 'The first roller moves on each combat',
    help: "Optional rule: the party's first Initiative roller of this combat is the next PC clockwise from the last combat's.",
    rule: 'LFG-9',
  },
  previousFirstSeat: {
    label: "Last combat's first roller (seat)",
    help: 'With the rotating first roller: the seat (1 = first clockwise) that rolled first last combat; 0 when unknown.',
    rule: 'LFG-9',
  },
  autoRoll: {
    label: "Roll the party's check for them",
    help: "The server rolls the party's Initiative check as each round starts, instead of the roller's phone.",
    rule: 'LFG-7',
  },
  actionEconomy: {
    label: 'One action and one move a turn',
    help: 'Track what each combatant has spent of its turn: one action, one move (or two moves for the action), a charge uses both, a rally the action.',
    rule: 'LFG-33',
  },
};
