// Real dice typed in on the pages: who may (the rules' `physicalDiceOf`, read from the view), the dice a
// roll mode adds, and the faces a form holds so far. How many dice a system's roll takes is its own
// (systems/basics.ts, and its panels); the rules check every count again.
import type { RollMode } from '@roundkeeper/rules';

export { physicalDiceOf } from '@roundkeeper/rules/core';
export type { RollMode } from '@roundkeeper/rules';

/** The real dice one roll takes in `mode`: a second d20 under advantage or disadvantage. */
export function diceForMode(normal: readonly number[], mode: RollMode): readonly number[] {
  return mode === 'normal' || normal.length !== 1 || normal[0] !== 20 ? normal : [20, 20];
}

/** The faces typed so far, or null while one is missing or out of range for its die. */
export function readFaces(dice: readonly number[], faces: readonly (number | null | undefined)[]): number[] | null {
  const read = dice.map((sides, i) => {
    const face = faces[i];
    return typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= sides ? face : null;
  });
  return read.every((f) => f !== null) ? (read as number[]) : null;
}
