// [UES-9] [UES-10] [UES-11] The tie-break chain: total, then Initiative Rating, then Luck bonus
// (PCs beat NPCs, who have no Luck). What is still tied after that is a pending decision: the GM
// orders it, or tied PCs make contested Luck rolls (an optional server roll-off).
import { rollDie } from '../../core/dice/rng.js';
import type { EncounterState, InitiativeRoll, RngState, UnitRef } from '../../core/model.js';
import { allUnits, isLive, sameUnit, type UnitInfo } from '../../core/units.js';
import type { FinalTie, FinalTieResolution, LuckRoll } from './types.js';

export const LUCK_DIE = 100;
/** Roll-offs that tie again are re-rolled this many times at most; then the GM orders. */
export const MAX_ROLL_OFFS = 10;

export type TieStep = 'total' | 'rating' | 'luck';

export const rollLuckBonus = (roll: InitiativeRoll): number | null => roll.detail?.['luckBonus'] ?? null;

/** [UES-10] A PC's Luck bonus beats an NPC's missing one; two NPCs stay tied. */
function compareLuck(a: number | null, b: number | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

/** Negative when `a` acts first, positive when `b` does, 0 when the chain cannot tell them apart. */
export function compareInitiative(a: InitiativeRoll, b: InitiativeRoll): number {
  return b.total - a.total || b.modifier - a.modifier || compareLuck(rollLuckBonus(a), rollLuckBonus(b));
}

/** The step of the chain that separates two rolls, or null when only people can. */
export function decidingStep(a: InitiativeRoll, b: InitiativeRoll): TieStep | null {
  if (a.total !== b.total) return 'total';
  if (a.modifier !== b.modifier) return 'rating';
  if (compareLuck(rollLuckBonus(a), rollLuckBonus(b)) !== 0) return 'luck';
  return null;
}

/** Live rolled units the chain cannot separate, highest first; each list still needs people's order. */
export function finalTies(state: EncounterState): readonly FinalTie[] {
  const rolled = allUnits(state)
    .filter((u): u is UnitInfo & { initiative: InitiativeRoll } => u.initiative !== null && isLive(u))
    .sort((a, b) => compareInitiative(a.initiative, b.initiative));
  const runs: (UnitInfo & { initiative: InitiativeRoll })[][] = [];
  for (const unit of rolled) {
    const last = runs.at(-1);
    const head = last?.[0];
    if (last && head && compareInitiative(head.initiative, unit.initiative) === 0) last.push(unit);
    else runs.push([unit]);
  }
  return runs
    .filter((run) => run.length >= 2 && run.some((u) => u.tieBreak === null))
    .map((run) => ({ units: run.map((u) => u.ref), resolutions: resolutionsFor(run.map((u) => u.initiative)) }));
}

/** [UES-11] Contested Luck rolls need Luck: only ties of PCs may roll off. The GM may always order. */
export function resolutionsFor(rolls: readonly InitiativeRoll[]): readonly FinalTieResolution[] {
  return rolls.every((r) => rollLuckBonus(r) !== null) ? ['gm-order', 'luck-roll-off'] : ['gm-order'];
}

/** The engine hook: the units of each pending tie. */
export const pendingTies = (state: EncounterState): readonly (readonly UnitRef[])[] =>
  finalTies(state).map((t) => t.units);

export type D100 = (rng: RngState) => { readonly face: number; readonly rng: RngState };
const d100: D100 = (rng) => rollDie(rng, LUCK_DIE);

/** Each contestant rolls a d100 against its Luck (`die` is the generator's d100 unless a test scripts it). */
export function rollLuckContest(
  contestants: readonly { readonly unit: UnitRef; readonly luck: number }[],
  rng: RngState,
  die: D100 = d100,
): { readonly rolls: readonly LuckRoll[]; readonly rng: RngState } {
  let state = rng;
  const rolls = contestants.map(({ unit, luck }) => {
    const r = die(state);
    state = r.rng;
    return { unit, luck, face: r.face };
  });
  return { rolls, rng: state };
}

/**
 * Roll-under: the margin is Luck − face, so a pass beats a failure and a wider pass a narrower one.
 * Returns the contestants in runs of equal margin, best first; a run of two or more is still tied.
 */
export function rankLuckContest(rolls: readonly LuckRoll[]): readonly (readonly UnitRef[])[] {
  const margin = (r: LuckRoll): number => r.luck - r.face;
  const sorted = [...rolls].sort((a, b) => margin(b) - margin(a));
  const runs: LuckRoll[][] = [];
  for (const roll of sorted) {
    const last = runs.at(-1);
    const head = last?.[0];
    if (last && head && margin(head) === margin(roll)) last.push(roll);
    else runs.push([roll]);
  }
  return runs.map((run) => run.map((r) => r.unit));
}

/**
 * The whole optional roll-off: contestants still tied roll again among themselves. `order` is what
 * 'resolve-tie' records, or null when MAX_ROLL_OFFS did not settle it (the GM orders instead).
 */
export function settleLuckContest(
  contestants: readonly { readonly unit: UnitRef; readonly luck: number }[],
  rng: RngState,
  die: D100 = d100,
): { readonly order: readonly UnitRef[] | null; readonly rolls: readonly LuckRoll[]; readonly rng: RngState } {
  let state = rng;
  const rolls: LuckRoll[] = [];
  const settle = (group: typeof contestants, depth: number): UnitRef[] | null => {
    if (group.length <= 1) return group.map((c) => c.unit);
    if (depth >= MAX_ROLL_OFFS) return null;
    const rolled = rollLuckContest(group, state, die);
    state = rolled.rng;
    rolls.push(...rolled.rolls);
    const order: UnitRef[] = [];
    for (const run of rankLuckContest(rolled.rolls)) {
      const settled = settle(group.filter((c) => run.some((u) => sameUnit(u, c.unit))), depth + 1);
      if (!settled) return null;
      order.push(...settled);
    }
    return order;
  };
  const order = settle(contestants, 0);
  return { order, rolls, rng: state };
}
