import type { SystemBasics } from '../types.js';
import { dc20TeamTag } from './teams.js';

export const dc20Basics: SystemBasics = {
  id: 'dc20',
  // [DC20-7] A normal Initiative Check is one d20 (ADV/DisADV add more; the pages type one).
  physicalDice: [{ sides: 20, count: 1 }],
  // [DC20-19] Delayed Initiative names its target (a later PC turn, or after an enemy): the dc20
  // panels send 'dc20-delay', so the generic target-less delay button is not offered.
  supportsDelay: false,
  // [DC20-5] Only PCs make Initiative Checks.
  rollers: 'pcs',
  slotTag: dc20TeamTag,
  pasteAliases: { lvl: 'level', agi: 'agility', init: 'initBonus' },
};
