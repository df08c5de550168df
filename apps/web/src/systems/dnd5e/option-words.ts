// dnd5e's options in the table's words (registered in ../registry.ts; option-words.test.ts checks every flag has them).
import type { OptionWords } from '../../lib/option-words.js';

export const DND5E_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  surpriseMode: {
    label: 'Surprise',
    help: 'What being surprised costs: the lost first turn of the 2014 rules, or disadvantage on the Initiative roll of the 2024 rules.',
    rule: 'DND-13, DND-14',
    values: { srd51: 'Lose the first turn (SRD 5.1, 2014)', srd52: 'Disadvantage on Initiative (SRD 5.2, 2024)' },
  },
};
