import { describe, expect, it } from 'vitest';
import type { EncounterView } from '@roundkeeper/rules';
import { fightSummary, namesInWords } from './fight-summary.js';

const combatant = (name: string, defeated: boolean, state?: string) => ({ name, defeated, ...(state ? { health: { shown: 'states', state } } : {}) });
const viewOf = (round: number, combatants: ReturnType<typeof combatant>[]) => ({ round, combatants }) as unknown as EncounterView;

describe("the phone's summary of an ended fight", () => {
  it('counts the rounds and tells who fell (defeated, or down, dying, stable or dead) from who stands', () => {
    const summary = fightSummary(
      viewOf(4, [combatant('Borin', false, 'bloodied'), combatant('Aria', false, 'dying'), combatant('Goblin 1', true, 'down'), combatant('Wolf', false)]),
    );
    expect(summary).toEqual({ rounds: 4, fell: ['Aria', 'Goblin 1'], standing: ['Borin', 'Wolf'] });
  });

  it('names people in a sentence', () => {
    expect(namesInWords([])).toBe('nobody');
    expect(namesInWords(['Borin'])).toBe('Borin');
    expect(namesInWords(['Borin', 'Aria', 'Cael'])).toBe('Borin, Aria and Cael');
  });
});
