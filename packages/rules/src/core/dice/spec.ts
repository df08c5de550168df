// Dice described by a system (`DiceSpec`), rolled by the generator or read from real dice.
// Both give the same `DieFace` list, in spec order, for the system to score.
import type { DieFace, RngState } from '../model.js';
import type { DiceSpec } from '../system.js';
import { rollDie } from './rng.js';

const face = (spec: DiceSpec, value: number): DieFace =>
  spec.kind === undefined ? { sides: spec.sides, face: value } : { sides: spec.sides, face: value, kind: spec.kind };

/** Rolls every die of `specs` in order, threading the generator. */
export function rollSpecs(rng: RngState, specs: readonly DiceSpec[]): { readonly faces: readonly DieFace[]; readonly rng: RngState } {
  const faces: DieFace[] = [];
  let state = rng;
  for (const spec of specs) {
    for (let i = 0; i < spec.count; i++) {
      const r = rollDie(state, spec.sides);
      faces.push(face(spec, r.face));
      state = r.rng;
    }
  }
  return { faces, rng: state };
}

const describe = (specs: readonly DiceSpec[]): string =>
  specs.map((s) => `${s.count} ${s.kind ?? `d${s.sides}`}`).join(', ');

/** Faces read from real dice, checked against `specs`: the list of faces, or a sentence saying what is wrong. */
export function readFaces(specs: readonly DiceSpec[], values: readonly number[]): readonly DieFace[] | string {
  const expected = specs.reduce((n, s) => n + s.count, 0);
  if (values.length !== expected) {
    return `This roll needs ${expected} ${expected === 1 ? 'die' : 'dice'} (${describe(specs)}), not ${values.length}.`;
  }
  const faces: DieFace[] = [];
  let i = 0;
  for (const spec of specs) {
    for (let n = 0; n < spec.count; n++, i++) {
      const value = values[i] ?? 0;
      if (!Number.isInteger(value) || value < 1 || value > spec.sides) {
        return `Die ${i + 1} (${spec.kind ?? `d${spec.sides}`}) shows a whole number from 1 to ${spec.sides}, not ${value}.`;
      }
      faces.push(face(spec, value));
    }
  }
  return faces;
}
