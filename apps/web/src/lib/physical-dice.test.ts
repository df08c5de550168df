import { describe, expect, it } from 'vitest';
import { diceForMode, readFaces } from './physical-dice.js';

describe('real dice for a roll mode', () => {
  it('asks for a second d20 under advantage or disadvantage', () => {
    expect(diceForMode([20], 'normal')).toEqual([20]);
    expect(diceForMode([20], 'advantage')).toEqual([20, 20]);
    expect(diceForMode([20], 'disadvantage')).toEqual([20, 20]);
  });
  it('leaves dice that are not one d20 alone', () => {
    expect(diceForMode([6], 'advantage')).toEqual([6]);
  });
  it('reads the faces only when every die has one in range', () => {
    expect(readFaces([20, 20], [3, 17])).toEqual([3, 17]);
    expect(readFaces([20, 20], [3])).toBeNull();
    expect(readFaces([20, 20], [3, 21])).toBeNull();
    expect(readFaces([20], [null])).toBeNull();
    expect(readFaces([6], [2.5])).toBeNull();
  });
});
