import type { EncounterView, PhysicalDice } from '@roundkeeper/rules';
import { basicsOf } from '../systems/basics.js';
import type { PhysicalDie } from '../systems/types.js';

/**
 * The rules' option key and default (packages/rules/src/options.ts), repeated as literals: importing
 * them would pull the rules' code into the player bundle, which needs nothing else from it.
 */
const PHYSICAL_DICE_OPTION = 'physicalDice';
const DEFAULT_PHYSICAL_DICE: PhysicalDice = 'everyone';

/** Who may enter faces read from real dice in this encounter. */
export function physicalDiceOf(view: EncounterView): PhysicalDice {
  const value = view.options[PHYSICAL_DICE_OPTION];
  return value === 'off' || value === 'gm' || value === 'everyone' ? value : DEFAULT_PHYSICAL_DICE;
}

/** The real dice one initiative roll of this encounter's system takes, one entry per die; empty: not offered. */
export function initiativeDice(view: EncounterView): readonly number[] {
  const dice: readonly PhysicalDie[] = basicsOf(view.system).physicalDice ?? [];
  return dice.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
}

/** A d20 roll's mode ('RollMode' in the rules), repeated here for the same reason as the option key. */
export type RollMode = 'normal' | 'advantage' | 'disadvantage';

/** Systems whose initiative roll takes a roll mode: two d20s, the higher or lower kept (dnd5e, lfg). */
const MODE_SYSTEMS: ReadonlySet<string> = new Set(['dnd5e', 'lfg']);

/** Whether this system's pages offer advantage and disadvantage with real dice. */
export function offersRollMode(system: string): boolean {
  return MODE_SYSTEMS.has(system);
}

/** The real dice one roll takes in `mode`: a second d20 under advantage or disadvantage. */
export function diceForMode(normal: readonly number[], mode: RollMode): readonly number[] {
  return mode === 'normal' || normal.length !== 1 || normal[0] !== 20 ? normal : [20, 20];
}

/** [DC20-7] dc20's ADV n / DisADV n: they cancel one for one, then |ADV − DisADV| + 1 d20s. */
export function dc20DiceCount(adv: number, disadv: number): number {
  return Math.abs(adv - disadv) + 1;
}

/** The faces typed so far, or null while one is missing or out of range for its die. */
export function readFaces(dice: readonly number[], faces: readonly (number | null | undefined)[]): number[] | null {
  const read = dice.map((sides, i) => {
    const face = faces[i];
    return typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= sides ? face : null;
  });
  return read.every((f) => f !== null) ? (read as number[]) : null;
}
