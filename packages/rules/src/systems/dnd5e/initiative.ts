// [DND-1] [DND-2] A Dexterity check: d20 + Dex modifier (+ any flat initiative bonus).
// Advantage rolls 2d20 and keeps the higher, disadvantage keeps the lower; every face is recorded.
import type { Combatant, DieFace, RollMode } from '../../core/model.js';
import type { DiceSpec, ScoredRoll } from '../../core/system.js';

export const D20 = 20;

export const dexModifier = (dex: number): number => Math.floor((dex - 10) / 2);

/** Identical creatures share stats, so a group's modifier comes from its first member. */
export function initiativeModifier(members: readonly Combatant[]): number {
  const stats = members[0]?.stats ?? {};
  return dexModifier(stats['dex'] ?? 10) + (stats['initBonus'] ?? 0);
}

export function keptFace(faces: readonly number[], mode: RollMode): number {
  switch (mode) {
    case 'normal':
      return faces[0] ?? 0;
    case 'advantage':
      return Math.max(...faces);
    case 'disadvantage':
      return Math.min(...faces);
    default: {
      const _exhaustive: never = mode;
      return _exhaustive;
    }
  }
}

/** One d20, or two under advantage or disadvantage. */
export const dnd5eDice = (mode: RollMode): readonly DiceSpec[] => [{ sides: D20, count: mode === 'normal' ? 1 : 2 }];

export function scoreDnd5e(members: readonly Combatant[], dice: readonly DieFace[], mode: RollMode): ScoredRoll {
  const kept = keptFace(
    dice.map((d) => d.face),
    mode,
  );
  const modifier = initiativeModifier(members);
  return { dice, kept, modifier, total: kept + modifier, mode };
}
