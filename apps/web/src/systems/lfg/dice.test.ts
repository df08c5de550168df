import { describe, expect, it } from 'vitest';
import { moraleDice, partyDice, readyDice } from './dice.js';

const roster = {
  combatants: [
    { id: 'v', name: 'Vela', side: 'pc', defeated: false, groupId: null },
    { id: 'r', name: 'Rook', side: 'pc', defeated: false, groupId: null },
    { id: 'o1', name: 'Orc 1', side: 'enemy', defeated: false, groupId: 'g' },
    { id: 'o2', name: 'Orc 2', side: 'enemy', defeated: false, groupId: 'g' },
    { id: 'b1', name: 'Bandit 1', side: 'enemy', defeated: false, groupId: null },
    { id: 'b2', name: 'bandit 2', side: 'enemy', defeated: true, groupId: null },
    { id: 'm', name: 'Mule', side: 'npc', defeated: false, groupId: null },
  ],
  groups: [{ id: 'g', name: 'Orc' }],
} as const;
const all = roster.combatants.map((c) => c.id);

describe('lfg real dice: which d20s each check takes', () => {
  it('[LFG-18] one roll per kind by default, labelled with the first of the kind', () => {
    expect(moraleDice(roster, { broken: [] }, all, 'default')).toEqual(['Orc 1 (for 2)', 'Bandit 1', 'Mule']);
    expect(moraleDice(roster, { broken: [] }, all, 'kind')).toEqual(['Orc 1 (for 2)', 'Bandit 1', 'Mule']);
  });
  it('[LFG-18] one roll per NPC for a group check or individual checks', () => {
    expect(moraleDice(roster, { broken: [] }, all, 'group')).toEqual(['Orc 1', 'Orc 2', 'Bandit 1', 'Mule']);
    expect(moraleDice(roster, { broken: [] }, ['m', 'o2'], 'individual')).toEqual(['Mule', 'Orc 2']);
  });
  it('[LFG-19] PCs, the defeated and the broken never roll', () => {
    expect(moraleDice(roster, { broken: ['m', 'o1'] }, all, 'kind')).toEqual(['Orc 2', 'Bandit 1']);
  });
  it('[LFG-24] [LFG-26] the party: standing PCs who have not fled', () => {
    expect(partyDice(roster, { broken: [], fled: [] })).toEqual(['Vela', 'Rook']);
    expect(partyDice(roster, { broken: [], fled: ['r'] })).toEqual(['Vela']);
  });
  it('[LFG-16] the readier (two dice with a mode), then the trigger in a contest', () => {
    expect(readyDice('Vela', 'normal', false)).toEqual(['Vela']);
    expect(readyDice('Vela', 'normal', true)).toEqual(['Vela', 'the trigger']);
    expect(readyDice('Vela', 'advantage', true)).toEqual(['Vela (1st)', 'Vela (2nd)', 'the trigger']);
  });
});
