import { describe, expect, it } from 'vitest';
import { NARRATIVE_FACES } from '../../../../../packages/rules/src/systems/genesys/narrative-dice.js';
import { describeNarrative, FACES } from './narrative.js';

describe('genesys narrative dice on the pages', () => {
  it("has the rules' face table", () => {
    expect(Object.fromEntries(Object.entries(NARRATIVE_FACES).map(([k, faces]) => [k, faces.map((f) => f.join(''))]))).toEqual(FACES);
  });

  it('tells each die with its symbols and the result', () => {
    const roll = {
      dice: [
        { sides: 12, face: 12, kind: 'proficiency' },
        { sides: 8, face: 1, kind: 'ability' },
        { sides: 6, face: 4, kind: 'boost' },
      ],
      kept: 0,
      modifier: 0,
      total: 2,
      mode: 'normal',
      source: 'server',
      detail: { successes: 2, advantages: 2, triumphs: 1, despairs: 0 },
    } as const;
    expect(describeNarrative(roll)).toBe('Proficiency ★, Ability blank, Boost ✓⊕ → 2 successes, 2 advantages, 1 triumph');
  });
});
