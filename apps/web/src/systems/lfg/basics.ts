import type { SystemBasics } from '../types.js';
import { lfgBandTag } from './bands.js';

export const lfgBasics: SystemBasics = {
  id: 'lfg',
  // [LFG-6] The party's check is one d20 roll-under.
  physicalDice: [{ sides: 20, count: 1 }],
  // [LFG-15] A PC may hold its turn.
  supportsDelay: true,
  // [LFG-6] One PC rolls for the whole party; monsters never roll.
  rollers: 'party',
  slotTag: lfgBandTag,
  pasteAliases: { init: 'initiative' },
};
