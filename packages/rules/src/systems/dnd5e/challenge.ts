// [DND-31] Experience points by challenge rating (SRD 5.1) and [DND-32] encounter difficulty from the
// SRD 5.2's "XP Budget per Character" (both CC-BY-4.0). Pure tables and sums: the console and the
// server ask them; no rule of the fight depends on them.

/** SRD 5.1, "Experience Points by Challenge Rating" (CR 0: 10, or 0 for a creature with no effective attack). */
export const XP_BY_CHALLENGE: Readonly<Record<string, number>> = {
  '0': 10, '1/8': 25, '1/4': 50, '1/2': 100, '1': 200, '2': 450, '3': 700, '4': 1100, '5': 1800,
  '6': 2300, '7': 2900, '8': 3900, '9': 5000, '10': 5900, '11': 7200, '12': 8400, '13': 10000,
  '14': 11500, '15': 13000, '16': 15000, '17': 18000, '18': 20000, '19': 22000, '20': 25000,
  '21': 33000, '22': 41000, '23': 50000, '24': 62000, '25': 75000, '26': 90000, '27': 105000,
  '28': 120000, '29': 135000, '30': 155000,
};

/** The XP of a challenge rating as written ("1/4", "17", "0.25" too); undefined when it is none. */
export function xpForChallenge(cr: string): number | undefined {
  const written = cr.trim();
  const fraction = { '0.125': '1/8', '0.25': '1/4', '0.5': '1/2' }[written];
  return XP_BY_CHALLENGE[fraction ?? written];
}

/** What the total needs of one creature: its XP if known (the SRD's own, 0 for some CR 0), else its CR. */
export interface RatedCreature {
  readonly cr?: string;
  readonly xp?: number;
}

export interface EncounterXp {
  readonly total: number;
  /** Creatures with neither a known XP nor a challenge rating the table has. */
  readonly unrated: number;
}

/** [DND-31] The XP of a list of creatures (a group's members each count). */
export function encounterXp(creatures: readonly RatedCreature[]): EncounterXp {
  let total = 0;
  let unrated = 0;
  for (const c of creatures) {
    const xp = c.xp ?? (c.cr === undefined ? undefined : xpForChallenge(c.cr));
    if (xp === undefined) unrated += 1;
    else total += xp;
  }
  return { total, unrated };
}

export const DIFFICULTIES = ['low', 'moderate', 'high'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number] | 'beyond-high';

/** SRD 5.2, "Combat Encounters", table "XP Budget per Character": [low, moderate, high] for levels 1–20. */
export const XP_BUDGET_PER_CHARACTER: readonly (readonly [number, number, number])[] = [
  [50, 75, 100], [100, 150, 200], [150, 225, 400], [250, 375, 500], [500, 750, 1100],
  [600, 1000, 1400], [750, 1300, 1700], [1000, 1700, 2100], [1300, 2000, 2600], [1600, 2300, 3100],
  [1900, 2900, 4100], [2200, 3700, 4700], [2600, 4200, 5400], [2900, 4900, 6200], [3300, 5400, 7800],
  [3800, 6100, 9800], [4500, 7200, 11700], [5000, 8700, 14200], [5500, 10700, 17200], [6400, 13200, 22000],
];

/** [DND-32] The party's budgets: the sum over its characters of their level's row (levels kept to 1–20). */
export function xpBudget(levels: readonly number[]): Readonly<Record<(typeof DIFFICULTIES)[number], number>> {
  const sum = [0, 0, 0];
  for (const level of levels) {
    const row = XP_BUDGET_PER_CHARACTER[Math.min(20, Math.max(1, Math.round(level))) - 1]!;
    for (let i = 0; i < 3; i += 1) sum[i]! += row[i]!;
  }
  return { low: sum[0]!, moderate: sum[1]!, high: sum[2]! };
}

/** [DND-32] The lowest difficulty whose budget `xp` does not exceed; undefined without a party. */
export function encounterDifficulty(xp: number, levels: readonly number[]): Difficulty | undefined {
  if (levels.length === 0) return undefined;
  const budget = xpBudget(levels);
  return DIFFICULTIES.find((d) => xp <= budget[d]) ?? 'beyond-high';
}
