import { describe, expect, it } from 'vitest';
import { rollDie, rngFromSeed } from '../../core/dice/rng.js';
import { faceSymbols, isNarrativeFace, NARRATIVE_FACES, rollNarrativeDie, rollSpec, sidesOf } from './narrative-dice.js';
import { poolSpec, simpleCheckPool } from './pool.js';
import { NARRATIVE_DIE_KINDS, type NarrativeDieKind } from './types.js';

const SEED = '00112233445566778899aabbccddeeff';

// Copied verbatim from /work/shared/rules/README.md, section genesys.
const README: Readonly<Record<NarrativeDieKind, string>> = {
  ability: 'Ability d8: –, s, s, ss, a, a, sa, aa',
  proficiency: 'Proficiency d12: –, s, s, ss, ss, a, sa, sa, sa, aa, aa, T',
  boost: 'Boost d6: –, –, s, sa, aa, a',
  difficulty: 'Difficulty d8: –, f, ff, h, h, h, hh, fh',
  challenge: 'Challenge d12: –, f, f, ff, ff, h, h, fh, fh, hh, hh, D',
  setback: 'Setback d6: –, –, f, f, h, h',
};

function parseReadme(line: string): { readonly sides: number; readonly faces: readonly string[] } {
  const match = /^\w+ d(\d+): (.*)$/.exec(line);
  if (!match?.[1] || match[2] === undefined) throw new Error(`Unreadable line: ${line}`);
  return { sides: Number(match[1]), faces: match[2].split(', ').map((f) => (f === '–' ? '' : f)) };
}

describe('genesys narrative dice', () => {
  for (const kind of NARRATIVE_DIE_KINDS) {
    it(`[GEN-4] the ${kind} die has exactly README's faces, face 1 to n`, () => {
      const { sides, faces } = parseReadme(README[kind]);
      expect(sidesOf(kind)).toBe(sides);
      expect(faces).toHaveLength(sides);
      for (let face = 1; face <= sides; face++) {
        expect(faceSymbols({ sides, face, kind }).join(''), `${kind} face ${face}`).toBe(faces[face - 1]);
      }
    });
  }

  it('[GEN-4] the table holds only the six dice, with 8, 12, 6, 8, 12 and 6 sides', () => {
    expect(Object.keys(NARRATIVE_FACES).sort()).toEqual([...NARRATIVE_DIE_KINDS].sort());
    expect(NARRATIVE_DIE_KINDS.map(sidesOf)).toEqual([12, 8, 6, 12, 8, 6]);
  });

  it('[GEN-5] a narrative die is rollDie with its sides; the face index is recorded with the kind', () => {
    const rng = rngFromSeed(SEED);
    const plain = rollDie(rng, 12);
    expect(rollNarrativeDie(rng, 'proficiency')).toEqual({
      die: { sides: 12, face: plain.face, kind: 'proficiency' },
      rng: plain.rng,
    });
  });

  it('[GEN-5] a dice spec is rolled in order, threading the generator', () => {
    const spec = poolSpec(simpleCheckPool(3, 2, 1, 1));
    const { dice, rng } = rollSpec(rngFromSeed(SEED), spec);
    let state = rngFromSeed(SEED);
    const expected = spec.flatMap(({ kind, sides, count }) =>
      Array.from({ length: count }, () => {
        const r = rollDie(state, sides);
        state = r.rng;
        return { sides, face: r.face, kind };
      }),
    );
    expect(dice).toEqual(expected);
    expect(dice.map((d) => d.kind)).toEqual(['proficiency', 'proficiency', 'ability', 'boost', 'setback']);
    expect(rng).toEqual(state);
  });

  it('[GEN-5] every face of every die comes up from the seeded generator', () => {
    for (const kind of NARRATIVE_DIE_KINDS) {
      const seen = new Set<number>();
      let rng = rngFromSeed(SEED);
      for (let i = 0; i < 500; i++) {
        const r = rollNarrativeDie(rng, kind);
        seen.add(r.die.face);
        rng = r.rng;
      }
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: sidesOf(kind) }, (_, i) => i + 1));
    }
  });

  it('[GEN-29] only a known kind with its own sides and an existing face is a narrative face', () => {
    expect(isNarrativeFace({ sides: 8, face: 8, kind: 'ability' })).toBe(true);
    expect(isNarrativeFace({ sides: 8, face: 9, kind: 'ability' })).toBe(false);
    expect(isNarrativeFace({ sides: 8, face: 0, kind: 'ability' })).toBe(false);
    expect(isNarrativeFace({ sides: 12, face: 1, kind: 'ability' })).toBe(false);
    expect(isNarrativeFace({ sides: 20, face: 3 })).toBe(false);
    expect(isNarrativeFace({ sides: 6, face: 2.5, kind: 'boost' })).toBe(false);
    expect(() => faceSymbols({ sides: 20, face: 3 })).toThrow(/Not a narrative die/);
  });
});
