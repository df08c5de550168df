// The encounter's seeded dice: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator),
// state in, state out, so the generator is plain data inside the encounter and its events.
//
// How anyone re-checks every server roll once the encounter has ended: packages/rules/DICE.md
// (verifyDice in verify.ts does the replay).
//
// Seeding: the seed's four big-endian 32-bit words each go through one splitmix32 step (the word
// is splitmix32's state), giving sfc32's a, b, c, d; then the first SEED_DISCARD outputs are
// thrown away so that similar seeds do not give similar first rolls.
import type { RngState } from '../model.js';

export const SEED_HEX_LENGTH = 32;
export const SEED_DISCARD = 12;
const SEED_PATTERN = /^[0-9a-f]{32}$/i;
const TWO_POW_32 = 0x1_0000_0000;
const MAX_SIDES = 0x1_0000;

/** One splitmix32 step from `state`: a well-mixed 32-bit word. */
export function splitmix32(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z ^= z >>> 16;
  z = Math.imul(z, 0x21f0aaad);
  z ^= z >>> 15;
  z = Math.imul(z, 0x735a2d97);
  z ^= z >>> 15;
  return z >>> 0;
}

export function rngFromSeed(seed: string): RngState {
  if (!SEED_PATTERN.test(seed)) {
    throw new Error(`A seed must be ${SEED_HEX_LENGTH} hexadecimal characters.`);
  }
  const word = (i: number): number => splitmix32(Number.parseInt(seed.slice(i * 8, i * 8 + 8), 16) | 0);
  let rng: RngState = [word(0), word(1), word(2), word(3)];
  for (let i = 0; i < SEED_DISCARD; i++) rng = nextUint32(rng).rng;
  return rng;
}

/** One sfc32 output (an unsigned 32-bit integer) and the state after it. */
export function nextUint32(rng: RngState): { readonly value: number; readonly rng: RngState } {
  let [a, b, c, d] = rng;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return { value: t >>> 0, rng: [a >>> 0, b >>> 0, c >>> 0, d >>> 0] };
}

/**
 * A fair face from 1 to `sides`. Rejection sampling: outputs at or above the largest multiple of
 * `sides` below 2^32 are drawn again, so no face is favoured by the modulo.
 */
export function rollDie(rng: RngState, sides: number): { readonly face: number; readonly rng: RngState } {
  if (!Number.isInteger(sides) || sides < 1 || sides > MAX_SIDES) {
    throw new Error(`A die needs between 1 and ${MAX_SIDES} sides, not ${sides}.`);
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % sides);
  let state = rng;
  for (;;) {
    const next = nextUint32(state);
    state = next.rng;
    // `| 0`: a small integer, not the double the uint32 arithmetic gives. A double face turns the
    // fields it lands in (`kept`, `total`) into boxed doubles, and V8 then gives every roll object
    // copied from one with such a field a hidden class of its own (~230 bytes each, kept in the state).
    if (next.value < limit) return { face: ((next.value % sides) + 1) | 0, rng: state };
  }
}

/** Rolls `count` dice with `sides` faces, threading the generator. */
export function rollDice(
  rng: RngState,
  sides: number,
  count: number,
): { readonly faces: readonly number[]; readonly rng: RngState } {
  const faces = new Array<number>(count); // at its size: see rollSpecs
  let state = rng;
  for (let i = 0; i < count; i++) {
    const r = rollDie(state, sides);
    faces[i] = r.face;
    state = r.rng;
  }
  return { faces, rng: state };
}
