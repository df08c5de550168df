// [DND-1] [DND-2] A Dexterity check: d20 + Dex modifier (+ any flat initiative bonus).
// Advantage rolls 2d20 and keeps the higher, disadvantage keeps the lower; every face is recorded.
import { rollDice } from '../../dice/rng.js';
import type { Combatant, InitiativeRoll, RngState, RollMode } from '../../model.js';

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

export function rollDnd5eInitiative(
  members: readonly Combatant[],
  mode: RollMode,
  rng: RngState,
): { readonly roll: InitiativeRoll; readonly rng: RngState } {
  const rolled = rollDice(rng, D20, mode === 'normal' ? 1 : 2);
  const kept = keptFace(rolled.faces, mode);
  const modifier = initiativeModifier(members);
  return {
    roll: {
      dice: rolled.faces.map((face) => ({ sides: D20, face })),
      kept,
      modifier,
      total: kept + modifier,
      mode,
      source: 'server',
    },
    rng: rolled.rng,
  };
}
