import type { EncounterView } from '@roundkeeper/rules';
import type { SystemBasics } from '../types.js';

/** [UES-1] Rolls and combat wait until the GM has said who is surprised. */
const surpriseWait = (view: EncounterView): string | null =>
  view.ext?.system === 'uesrpg' && view.ext.surprise === 'undecided' && view.phase === 'initiative'
    ? 'Who is surprised comes first: initiative is rolled once the GM has said.'
    : null;

export const uesrpgBasics: SystemBasics = {
  id: 'uesrpg',
  physicalDice: [{ sides: 6, count: 1 }],
  supportsDelay: false,
  rollsWaitFor: surpriseWait,
  startWaitsFor: surpriseWait,
  pasteAliases: { agi: 'agility', ag: 'agility', int: 'intelligence', per: 'perception', prc: 'perception', lck: 'luck', ir: 'initiativeRating', ap: 'maxAp' },
};
