import type { Command, UnitRef } from '@roundkeeper/rules';
import { diceForMode, readFaces, type RollMode } from './physical-dice.js';

/**
 * Faces of real dice being typed in for one initiative roll, shared by the GM console and the phone:
 * the roll mode decides how many dice are needed, and the command is built only once every face fits.
 */
export class FaceDraft {
  mode = $state<RollMode>('normal');
  faces = $state<(number | null)[]>([]);
  readonly #dice: () => readonly number[];

  /** `dice`: sides of each die a normal roll takes, read each time (the props may change). */
  constructor(dice: () => readonly number[]) {
    this.#dice = dice;
  }

  readonly needed = $derived.by(() => diceForMode(this.#dice(), this.mode));
  readonly read = $derived.by(() => readFaces(this.needed, this.faces));

  /** The 'enter-initiative' command for `unit`, or undefined while a face is missing or out of range. */
  command(unit: UnitRef): Command | undefined {
    const faces = this.read;
    if (!faces) return undefined;
    return this.mode === 'normal'
      ? { type: 'enter-initiative', unit, faces }
      : { type: 'enter-initiative', unit, faces, mode: this.mode };
  }

  reset(): void {
    this.faces = [];
    this.mode = 'normal';
  }
}
