import type { SystemBasics } from '../types.js';
import { dc20TeamTag } from './teams.js';

export const dc20Basics: SystemBasics = {
  id: 'dc20',
  // [DC20-7] Real d20s are typed in the dc20 panels' own form (Dc20Check), which asks for ADV and
  // DisADV and then for as many d20s as they make; the generic one-die forms would only repeat it.
  physicalDice: null,
  // [DC20-19] Delayed Initiative names its target (a later PC turn, or after an enemy): the dc20
  // panels send 'dc20-delay', so the generic target-less delay button is not offered.
  supportsDelay: false,
  // [DC20-5] Only PCs make Initiative Checks.
  rollers: 'pcs',
  slotTag: dc20TeamTag,
  // [DC20-15] [DC20-16] A PC turn is claimed or passed in the dc20 panel (Dc20Claims).
  ownClaim: (view) => view.ext?.system === 'dc20' && view.ext.pending.some((p) => p.kind === 'choose-pc-turn' || p.kind === 'resolve-claim'),
  pasteAliases: { lvl: 'level', agi: 'agility', init: 'initBonus' },
};
