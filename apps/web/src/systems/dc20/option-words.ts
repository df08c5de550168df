// dc20's options in the table's words (registered in ../registry.ts; option-words.test.ts checks every flag has them).
import type { OptionWords } from '../../lib/option-words.js';

export const DC20_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  critCountsAsSuccess: {
    label: 'A natural 20 counts as a success',
    help: "A Critical Success on an Initiative Check counts towards the party's successes even below the Encounter DC.",
    rule: 'DC20-12',
  },
  multiTeamLayout: {
    label: 'Several enemy teams',
    help: 'PC turns and each enemy team’s turns alternate; every enemy team gets as many turns as the PCs.',
    rule: 'DC20-27',
    values: { rotate: 'Take turns with the PCs (each team as many turns)' },
  },
  lapMode: {
    label: 'Legendary AP left at round end',
    help: "Whether a monster's Legendary Action Points left at the end of a round may still be spent then, just before all are regained.",
    rule: 'DC20-38',
    values: { roundEnd: 'May be spent at the round’s end', strict: 'Are lost (strict)' },
  },
  surprised: {
    label: 'Surprised creatures',
    help: 'The Surprised condition: 2 fewer Action Points (current and maximum), or unable to act (0 AP).',
    rule: 'DC20-36',
    values: { apPenalty: 'Lose 2 AP', unableToAct: 'Unable to act (0 AP)' },
  },
};
