import { describe, expect, it } from 'vitest';
import { guessFormat } from './file-formats.js';

describe('guessing a creature file’s format from its content', () => {
  it('recognises each format', () => {
    expect(guessFormat('{"monster": [{"name": "Goblin"}]}')).toBe('5etools');
    expect(guessFormat('{"Creatures.goblin": {"Name": "Goblin"}}')).toBe('improved-initiative');
    expect(guessFormat('{"ImprovedInitiative.Creatures.k": "{}"}')).toBe('improved-initiative');
    expect(guessFormat('{"name": "Mira", "type": "character", "system": {}}')).toBe('foundry');
    expect(guessFormat('[{"name": "Mira", "type": "npc", "data": {}}]')).toBe('foundry');
    expect(guessFormat('name,hp\nGoblin,7\n')).toBe('csv');
    expect(guessFormat('{"legendaryGroup": []}')).toBe('5etools');
    expect(guessFormat('{"SavedEncounters.x": {}}')).toBe('improved-initiative');
    // An older Foundry compendium: one actor a line.
    expect(guessFormat('{"name": "A", "type": "npc", "data": {}}\n{"name": "B", "type": "npc", "data": {}}\n')).toBe('foundry');
  });

  it('leaves it to the GM when unclear', () => {
    expect(guessFormat('{"monster": ')).toBeUndefined();
    expect(guessFormat('{"spell": []}')).toBeUndefined();
    expect(guessFormat('just words')).toBeUndefined();
  });
});
