import { describe, expect, it } from 'vitest';
import { dc20DiceCount, diceForMode, offersRollMode, readFaces } from './physical-dice.js';

describe('real dice for a roll mode', () => {
  it('asks for a second d20 under advantage or disadvantage', () => {
    expect(diceForMode([20], 'normal')).toEqual([20]);
    expect(diceForMode([20], 'advantage')).toEqual([20, 20]);
    expect(diceForMode([20], 'disadvantage')).toEqual([20, 20]);
  });
  it('leaves dice that are not one d20 alone', () => {
    expect(diceForMode([6], 'advantage')).toEqual([6]);
  });
  it('offers the mode in dnd5e and lfg only', () => {
    expect(offersRollMode('dnd5e')).toBe(true);
    expect(offersRollMode('lfg')).toBe(true);
    expect(offersRollMode('uesrpg')).toBe(false);
    expect(offersRollMode('dc20')).toBe(false);
  });
  it('counts dc20 d20s as ADV n / DisADV n cancelling one for one', () => {
    expect(dc20DiceCount(0, 0)).toBe(1);
    expect(dc20DiceCount(1, 0)).toBe(2);
    expect(dc20DiceCount(0, 3)).toBe(4);
    expect(dc20DiceCount(2, 1)).toBe(2);
    expect(dc20DiceCount(2, 2)).toBe(1);
  });
  it('reads the faces only when every die has one in range', () => {
    expect(readFaces([20, 20], [3, 17])).toEqual([3, 17]);
    expect(readFaces([20, 20], [3])).toBeNull();
    expect(readFaces([20, 20], [3, 21])).toBeNull();
    expect(readFaces([20], [null])).toBeNull();
    expect(readFaces([6], [2.5])).toBeNull();
  });
});
