// Dice described by a system (`DiceSpec`), rolled by the generator or read from real dice.
// Both give the same `DieFace` list, in spec order, for the system to score.
import type { DieFace, RngState } from '../model.js';
import type { DiceSpec } from '../system.js';
import { rollDie } from './rng.js';

const face = (spec: DiceSpec, value: number): DieFace =>
  spec.kind === undefined ? { sides: spec.sides, face: value } : { sides: spec.sides, face: value, kind: spec.kind };

const diceIn = (specs: readonly DiceSpec[]): number => specs.reduce((n, s) => n + s.count, 0);

/**
 * Rolls every die of `specs` in order, threading the generator. The list is made at its size, not
 * pushed to: a roll is kept in the state (and its undo steps), and V8 gives a pushed-to array room
 * for 17 elements.
 */
export function rollSpecs(rng: RngState, specs: readonly DiceSpec[]): { readonly faces: readonly DieFace[]; readonly rng: RngState } {
  const faces = new Array<DieFace>(diceIn(specs));
  let state = rng;
  let at = 0;
  for (const spec of specs) {
    for (let i = 0; i < spec.count; i++) {
      const r = rollDie(state, spec.sides);
      faces[at++] = face(spec, r.face);
      state = r.rng;
    }
  }
  return { faces, rng: state };
}

const describe = (specs: readonly DiceSpec[]): string =>
  specs.map((s) => `${s.count} ${s.kind ?? `d${s.sides}`}`).join(', ');

/** Faces read from real dice, checked against `specs`: the list of faces, or a sentence saying what is wrong. */
export function readFaces(specs: readonly DiceSpec[], values: readonly number[]): readonly DieFace[] | string {
  const expected = diceIn(specs);
  if (values.length !== expected) {
    return `This roll needs ${expected} ${expected === 1 ? 'die' : 'dice'} (${describe(specs)}), not ${values.length}.`;
  }
  const faces = new Array<DieFace>(expected);
  let i = 0;
  for (const spec of specs) {
    for (let n = 0; n < spec.count; n++, i++) {
      const value = values[i] ?? 0;
      if (!Number.isInteger(value) || value < 1 || value > spec.sides) {
        return `Die ${i + 1} (${spec.kind ?? `d${spec.sides}`}) shows a whole number from 1 to ${spec.sides}, not ${value}.`;
      }
      faces[i] = face(spec, value);
    }
  }
  return faces;
}
