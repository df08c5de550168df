// The numbers lfg keeps on each combatant (validated by the engine against these bounds). Enemy rank
// and leadership are markers, stored as small codes until the model has enumerated stats.
import type { StatDef } from '../../core/system.js';
import { RANK_STAT } from './order.js';

/** Roll-under scores: a natural 20 fails anyway, so nothing is gained above this. */
const MAX_SCORE = 20;

export const LFG_STATS = {
  /** [LFG-6] On each PC sheet. */
  initiative: 'initiative',
  /** [LFG-17] Morale. */
  will: 'will',
  /** [LFG-24] [LFG-26] Group Luck checks. */
  luck: 'luck',
  /** [LFG-25] The rallying PC's Cha; a Leadership bonus goes into the GM's modifier. */
  cha: 'cha',
  /** [LFG-34] Monsters' (and every non-PC's) intercept check. */
  dex: 'dex',
  /** [LFG-10] 0 normal, 1 heavy, 2 boss. */
  rank: RANK_STAT,
  /** [LFG-20] 1 when the combatant leads its group. */
  leader: 'leader',
} as const;

export const LFG_STAT_DEFS: readonly StatDef[] = [
  { key: LFG_STATS.initiative, label: 'Initiative', min: 1, max: MAX_SCORE, default: 10 },
  { key: LFG_STATS.will, label: 'Will', min: 1, max: MAX_SCORE, default: 10 },
  { key: LFG_STATS.luck, label: 'Luck', min: 1, max: MAX_SCORE, default: 10 },
  { key: LFG_STATS.cha, label: 'Charisma', min: 1, max: MAX_SCORE, default: 10 },
  { key: LFG_STATS.dex, label: 'Dex', min: 1, max: MAX_SCORE, default: 10 },
  {
    key: LFG_STATS.rank,
    label: 'Rank',
    min: 0,
    max: 2,
    default: 0,
    choices: [
      { value: 0, label: 'Normal' },
      { value: 1, label: 'Heavy' },
      { value: 2, label: 'Boss' },
    ],
  },
  {
    key: LFG_STATS.leader,
    label: 'Leader',
    min: 0,
    max: 1,
    default: 0,
    choices: [
      { value: 0, label: 'No' },
      { value: 1, label: 'Yes' },
    ],
  },
];
