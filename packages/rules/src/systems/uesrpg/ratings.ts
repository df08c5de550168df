// [UES-6] [UES-10] [UES-18] The numbers initiative and AP come from, read from a combatant's stats.
// A characteristic's bonus is its tens digit; Initiative Rating is three bonuses added up unless the
// GM entered it from a stat block; only player characters have Luck.
import type { Side } from '../../core/model.js';
import type { StatDef } from '../../core/system.js';

export const CHARACTERISTIC_MAX = 100;
const CHARACTERISTIC_DEFAULT = 30;
/** The default of `initiativeRating`: derive it from Agility, Intelligence and Perception. */
export const RATING_FROM_CHARACTERISTICS = -1;
const RATING_MAX = 30;
export const DEFAULT_MAX_AP = 3;

export const UESRPG_STAT_DEFS: readonly StatDef[] = [
  { key: 'agility', label: 'Agility', min: 0, max: CHARACTERISTIC_MAX, default: CHARACTERISTIC_DEFAULT },
  { key: 'intelligence', label: 'Intelligence', min: 0, max: CHARACTERISTIC_MAX, default: CHARACTERISTIC_DEFAULT },
  { key: 'perception', label: 'Perception', min: 0, max: CHARACTERISTIC_MAX, default: CHARACTERISTIC_DEFAULT },
  { key: 'luck', label: 'Luck (PCs only)', min: 0, max: CHARACTERISTIC_MAX, default: CHARACTERISTIC_DEFAULT },
  {
    key: 'initiativeRating',
    label: 'Initiative Rating',
    min: RATING_FROM_CHARACTERISTICS,
    max: RATING_MAX,
    default: RATING_FROM_CHARACTERISTICS,
    // −1 is how the rating is stored when it is worked out; a person chooses it by those words.
    choices: [
      { value: RATING_FROM_CHARACTERISTICS, label: 'From characteristics' },
      ...Array.from({ length: RATING_MAX + 1 }, (_, value) => ({ value, label: String(value) })),
    ],
  },
  { key: 'maxAp', label: 'Maximum AP', min: 1, max: DEFAULT_MAX_AP, default: DEFAULT_MAX_AP },
];

type Stats = Readonly<Record<string, number>>;

const stat = (stats: Stats, key: string): number =>
  stats[key] ?? UESRPG_STAT_DEFS.find((d) => d.key === key)?.default ?? 0;

/** A characteristic's bonus: its tens digit. */
export const characteristicBonus = (value: number): number => Math.floor(value / 10);

/** [UES-6] Agility bonus + Intelligence bonus + Perception bonus, or the rating entered from a stat block. */
export function initiativeRating(stats: Stats): number {
  const entered = stat(stats, 'initiativeRating');
  if (entered !== RATING_FROM_CHARACTERISTICS) return entered;
  return (
    characteristicBonus(stat(stats, 'agility')) +
    characteristicBonus(stat(stats, 'intelligence')) +
    characteristicBonus(stat(stats, 'perception'))
  );
}

/** [UES-10] Luck bonus, or null: NPCs have no Luck, whatever their stats say. */
export const luckBonus = (side: Side, stats: Stats): number | null =>
  side === 'pc' ? characteristicBonus(stat(stats, 'luck')) : null;

/** [UES-11] The Luck characteristic a contested Luck roll is made against (null for NPCs). */
export const luckCharacteristic = (side: Side, stats: Stats): number | null =>
  side === 'pc' ? stat(stats, 'luck') : null;

/** [UES-18] 3 by default; traits may lower it. */
export const maxAp = (stats: Stats): number => stat(stats, 'maxAp');
