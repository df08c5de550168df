import type { SystemBasics } from '../types.js';
import type { EncounterView } from '@roundkeeper/rules';
import { lfgBandTag, lfgExtOf } from './bands.js';

/** [LFG-6] [LFG-7] Round 1 (without a surprise round) waits for the party's Initiative check. */
function partyCheckWait(view: EncounterView): string | null {
  const ext = lfgExtOf(view);
  if (!ext || view.phase !== 'initiative' || ext.surprise !== null || ext.check !== null) return null;
  return "The party's Initiative check is still to roll (one PC rolls for everyone).";
}

export const lfgBasics: SystemBasics = {
  id: 'lfg',
  // [LFG-6] The party's check is one d20 roll-under.
  physicalDice: [{ sides: 20, count: 1 }],
  // [LFG-3] A check may be rolled with advantage or disadvantage (two d20s).
  rollModes: true,
  // [LFG-15] A PC may hold its turn.
  supportsDelay: true,
  // [LFG-6] One PC rolls for the whole party; monsters never roll.
  rollers: 'party',
  slotTag: lfgBandTag,
  startWaitsFor: partyCheckWait,
  pasteAliases: { init: 'initiative', lck: 'luck', cha: 'cha' },
};
