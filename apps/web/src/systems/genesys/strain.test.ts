import { describe, expect, it } from 'vitest';
import { recoveryDice, recoveryWords } from './strain.js';

describe('genesys strain recovery on the pages', () => {
  it('[GEN-40] the Simple check\'s dice in the order real faces are typed, and the log\'s words', () => {
    expect(recoveryDice({ presence: 3, cool: 2 }, 'cool').map((d) => d.kind)).toEqual(['proficiency', 'proficiency', 'ability']);
    expect(recoveryDice({ willpower: 2 }, 'discipline')).toEqual([
      { kind: 'ability', sides: 8 },
      { kind: 'ability', sides: 8 },
    ]);
    expect(recoveryDice(undefined, 'cool')).toHaveLength(2);
    expect(recoveryWords('Kira', 'cool', 3, 3)).toBe('Kira catches their breath: recovers 3 strain (Cool, 3 successes)');
    expect(recoveryWords('Tam', 'discipline', 0, 0)).toBe('Tam catches their breath: recovers no strain (Discipline, no success)');
  });
});
