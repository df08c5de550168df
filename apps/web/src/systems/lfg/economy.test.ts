import { describe, expect, it } from 'vitest';
import { leftWords, offeredSpends } from './economy.js';

describe('lfg turn economy on the phone and console', () => {
  it('[LFG-33] says what is left and offers only the spends the rules accept', () => {
    const id = 'c1';
    expect(leftWords({ combatantId: id, action: true, move: true })).toBe('Action and move left');
    expect(offeredSpends({ combatantId: id, action: true, move: true })).toEqual(['action', 'move', 'charge']);
    expect(leftWords({ combatantId: id, action: true, move: false })).toBe('Action left (or a second move)');
    expect(offeredSpends({ combatantId: id, action: true, move: false })).toEqual(['action', 'move']);
    expect(offeredSpends({ combatantId: id, action: false, move: true })).toEqual(['move']);
    expect(leftWords({ combatantId: id, action: false, move: false })).toBe('Nothing left this turn');
    expect(offeredSpends({ combatantId: id, action: false, move: false })).toEqual([]);
  });
});
