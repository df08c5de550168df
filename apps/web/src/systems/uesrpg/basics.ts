import type { SystemBasics } from '../types.js';

export const uesrpgBasics: SystemBasics = {
  id: 'uesrpg',
  physicalDice: [{ sides: 6, count: 1 }],
  supportsDelay: false,
  pasteAliases: { agi: 'agility', int: 'intelligence', per: 'perception', ir: 'initiativeRating', ap: 'maxAp' },
};
