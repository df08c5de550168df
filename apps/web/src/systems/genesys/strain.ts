// [GEN-40] Catching one's breath after the encounter: the Simple check's dice as the rules build them
// (packages/rules/src/systems/genesys/strain.ts and pool.ts, repeated: the phone does not load the rules),
// so real dice can be typed one field per die, in the pool's order.
export type RecoverySkill = 'cool' | 'discipline';

export const RECOVERY_SKILL_LABELS: Readonly<Record<RecoverySkill, string>> = {
  cool: 'Cool (Presence)',
  discipline: 'Discipline (Willpower)',
};

const CHARACTERISTIC: Readonly<Record<RecoverySkill, string>> = { cool: 'presence', discipline: 'willpower' };
const DEFAULTS: Readonly<Record<string, number>> = { presence: 2, willpower: 2 };

export interface RecoveryDie {
  readonly kind: 'proficiency' | 'ability';
  /** Faces of the die, the highest index that may be typed. */
  readonly sides: number;
}

/** Proficiency dice first (the lower of characteristic and rank), then Ability dice up to the higher. */
export function recoveryDice(stats: Readonly<Record<string, number>> | undefined, skill: RecoverySkill): readonly RecoveryDie[] {
  const characteristic = stats?.[CHARACTERISTIC[skill]] ?? DEFAULTS[CHARACTERISTIC[skill]] ?? 2;
  const rank = stats?.[skill] ?? 0;
  const upgraded = Math.min(characteristic, rank);
  const total = Math.max(characteristic, rank);
  return [
    ...Array.from({ length: upgraded }, () => ({ kind: 'proficiency', sides: 12 }) as const),
    ...Array.from({ length: total - upgraded }, () => ({ kind: 'ability', sides: 8 }) as const),
  ];
}

/** "Kira recovers 3 strain (Cool, 3 successes)", "Tam recovers no strain (Discipline, no success)". */
export function recoveryWords(name: string, skill: string, successes: number, recovered: number): string {
  const label = skill === 'discipline' ? 'Discipline' : 'Cool';
  const got = recovered > 0 ? `recovers ${String(recovered)} strain` : 'recovers no strain';
  const s = successes === 0 ? 'no success' : `${String(successes)} success${successes === 1 ? '' : 'es'}`;
  return `${name} catches their breath: ${got} (${label}, ${s})`;
}
