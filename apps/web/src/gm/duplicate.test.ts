import { describe, expect, it } from 'vitest';
import { duplicateOf, nextName } from './duplicate.js';

describe('duplicate', () => {
  it('numbers the copy after the names already used', () => {
    expect(nextName('Ogre', ['Ogre'])).toBe('Ogre 2');
    expect(nextName('Ogre', ['Ogre', 'Ogre 2'])).toBe('Ogre 3');
    expect(nextName('Goblin 2', ['Goblin 2'])).toBe('Goblin 3');
  });

  it('copies side, stats and the hidden flag', () => {
    const copy = duplicateOf(
      { id: 'c1', name: 'Assassin', side: 'enemy', groupId: null, defeated: true, initiative: null, hidden: true, mine: false, conditions: [], stats: { dex: 18 } },
      ['Assassin'],
    );
    expect(copy).toEqual({ name: 'Assassin 2', side: 'enemy', stats: { dex: 18 }, hidden: true });
  });
});
