// [GEN-9] [GEN-10] [GEN-11] Building a check's dice pool: as many Ability dice as the higher of
// characteristic and skill rank, as many of them upgraded to Proficiency as the lower. Cool is a
// Presence skill, Vigilance a Willpower skill. A Simple (—) check adds no Difficulty or Challenge dice;
// Boost and Setback dice may still be added.
import type { StatDef } from '../../core/system.js';
import { NARRATIVE_DIE_KINDS, type DicePool, type InitiativeSkill, type NarrativeDiceSpec } from './types.js';
import { sidesOf } from './narrative-dice.js';

export const MAX_CHARACTERISTIC = 6;
export const MAX_SKILL_RANK = 5;
/** Situational Boost or Setback dice on one check; more than this is a typing mistake. */
export const MAX_SITUATIONAL_DICE = 10;

/** [GEN-30] The stats a genesys combatant carries; the keys are what `initiativePool` reads. */
export const GENESYS_STAT_DEFS: readonly StatDef[] = [
  { key: 'presence', label: 'Presence', min: 1, max: MAX_CHARACTERISTIC, default: 2 },
  { key: 'willpower', label: 'Willpower', min: 1, max: MAX_CHARACTERISTIC, default: 2 },
  { key: 'cool', label: 'Cool', min: 0, max: MAX_SKILL_RANK, default: 0 },
  { key: 'vigilance', label: 'Vigilance', min: 0, max: MAX_SKILL_RANK, default: 0 },
  // [GEN-40] Catching one's breath at the end of an encounter (Willpower).
  { key: 'discipline', label: 'Discipline', min: 0, max: MAX_SKILL_RANK, default: 0 },
];

/** [GEN-10] The characteristic each initiative skill uses. */
export const SKILL_CHARACTERISTIC: Readonly<Record<InitiativeSkill, 'presence' | 'willpower'>> = {
  cool: 'presence',
  vigilance: 'willpower',
};

const NO_DICE: DicePool = { proficiency: 0, ability: 0, boost: 0, challenge: 0, difficulty: 0, setback: 0 };

/** [GEN-9] Characteristic 3, rank 2 → 2 Proficiency + 1 Ability; characteristic 2, rank 3 → the same. */
export function abilityDice(characteristic: number, rank: number): Pick<DicePool, 'ability' | 'proficiency'> {
  const total = Math.max(characteristic, rank);
  const upgraded = Math.min(characteristic, rank);
  return { ability: total - upgraded, proficiency: upgraded };
}

/** [GEN-11] A Simple check: the skill's dice plus any Boost and Setback, never Difficulty or Challenge. */
export function simpleCheckPool(characteristic: number, rank: number, boost = 0, setback = 0): DicePool {
  return { ...NO_DICE, ...abilityDice(characteristic, rank), boost, setback };
}

/** [GEN-10] [GEN-12] The initiative check of a character with `stats`, missing stats taking their defaults. */
export function initiativePool(
  stats: Readonly<Record<string, number>>,
  skill: InitiativeSkill,
  boost = 0,
  setback = 0,
): DicePool {
  const stat = (key: string): number => stats[key] ?? GENESYS_STAT_DEFS.find((d) => d.key === key)?.default ?? 0;
  return simpleCheckPool(stat(SKILL_CHARACTERISTIC[skill]), stat(skill), boost, setback);
}

/** The pool as the engine's dice spec: one entry per kind present, in the fixed kind order of GEN-5. */
export function poolSpec(pool: DicePool): readonly NarrativeDiceSpec[] {
  return NARRATIVE_DIE_KINDS.filter((kind) => pool[kind] > 0).map((kind) => ({
    sides: sidesOf(kind),
    count: pool[kind],
    kind,
  }));
}
