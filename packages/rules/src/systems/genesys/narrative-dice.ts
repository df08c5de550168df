// [GEN-4] [GEN-5] The six narrative dice as data: face index 1..n → symbols, exactly as
// /work/shared/rules/README.md lists them ('' is a blank face). A die is rolled with the encounter's
// generator like any other die; its face index is recorded with the die's kind.
import { rollDie } from '../../core/dice/rng.js';
import type { DieFace, RngState } from '../../core/model.js';
import { NARRATIVE_DIE_KINDS, type NarrativeDiceSpec, type NarrativeDieKind, type NarrativeSymbol } from './types.js';

type Face = readonly NarrativeSymbol[];

const face = (glyphs: string): Face => [...glyphs] as NarrativeSymbol[];

/** Faces in README order: index 0 here is face 1 of the die. */
export const NARRATIVE_FACES: Readonly<Record<NarrativeDieKind, readonly Face[]>> = {
  ability: ['', 's', 's', 'ss', 'a', 'a', 'sa', 'aa'].map(face),
  proficiency: ['', 's', 's', 'ss', 'ss', 'a', 'sa', 'sa', 'sa', 'aa', 'aa', 'T'].map(face),
  boost: ['', '', 's', 'sa', 'aa', 'a'].map(face),
  difficulty: ['', 'f', 'ff', 'h', 'h', 'h', 'hh', 'fh'].map(face),
  challenge: ['', 'f', 'f', 'ff', 'ff', 'h', 'h', 'fh', 'fh', 'hh', 'hh', 'D'].map(face),
  setback: ['', '', 'f', 'f', 'h', 'h'].map(face),
};

export const sidesOf = (kind: NarrativeDieKind): number => NARRATIVE_FACES[kind].length;

export const isNarrativeKind = (kind: string | undefined): kind is NarrativeDieKind =>
  (NARRATIVE_DIE_KINDS as readonly (string | undefined)[]).includes(kind);

/** A recorded die is a narrative die when its kind is known, its sides match and its face exists. */
export function isNarrativeFace(die: DieFace): boolean {
  if (!isNarrativeKind(die.kind)) return false;
  const sides = sidesOf(die.kind);
  return die.sides === sides && Number.isInteger(die.face) && die.face >= 1 && die.face <= sides;
}

/** The symbols on a recorded die. Throws for a die that is not narrative: validate entered faces first. */
export function faceSymbols(die: DieFace): Face {
  if (!isNarrativeKind(die.kind) || !isNarrativeFace(die)) {
    throw new Error(`Not a narrative die face: ${JSON.stringify(die)}`);
  }
  return NARRATIVE_FACES[die.kind][die.face - 1] ?? [];
}

export function rollNarrativeDie(rng: RngState, kind: NarrativeDieKind): { readonly die: DieFace; readonly rng: RngState } {
  const sides = sidesOf(kind);
  const rolled = rollDie(rng, sides);
  return { die: { sides, face: rolled.face, kind }, rng: rolled.rng };
}

/**
 * Rolls a dice spec in its order, threading the generator; every face is recorded with its kind. This is
 * what the engine does with any `DiceSpec` (rollDie per die), written out here for tests and replay checks.
 */
export function rollSpec(
  rng: RngState,
  spec: readonly NarrativeDiceSpec[],
): { readonly dice: readonly DieFace[]; readonly rng: RngState } {
  const dice: DieFace[] = [];
  let state = rng;
  for (const { kind, count } of spec) {
    for (let i = 0; i < count; i++) {
      const rolled = rollNarrativeDie(state, kind);
      dice.push(rolled.die);
      state = rolled.rng;
    }
  }
  return { dice, rng: state };
}
