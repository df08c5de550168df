import type { SystemBasics } from '../types.js';
import { genesysFillOptions } from './fill.js';
import { describeNarrative } from './narrative.js';

export const genesysBasics: SystemBasics = {
  id: 'genesys',
  // Narrative dice carry symbols, not numbers: typing a face index would be error-prone, so real
  // dice are not offered on the pages (docs/clients.md). The engine would accept them from the GM.
  physicalDice: null,
  describeRoll: describeNarrative,
  supportsDelay: false,
  fillOptions: genesysFillOptions,
  pasteAliases: { pr: 'presence', will: 'willpower', vig: 'vigilance' },
};
