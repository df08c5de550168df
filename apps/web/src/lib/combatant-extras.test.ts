import { describe, expect, it } from 'vitest';
import type { ConditionView } from '@roundkeeper/rules';
import { describeCondition, describeResource } from './combatant-extras.js';

const condition = (endsAt: ConditionView['endsAt'], round: number): ConditionView => ({ id: 'k1', name: 'Blessed', endsAt, round });

describe('describeCondition', () => {
  it('[ENG-16] a condition given 2 rounds at a turn reads "2 rounds", then "1 round", then ends in its round', () => {
    // Made in round 1 at the anchor's turn: ends at that turn's start in round 3.
    const twoRounds = condition('turn-start', 3);
    expect(describeCondition(twoRounds, { round: 1 })).toBe('Blessed (2 rounds)');
    expect(describeCondition(twoRounds, { round: 2 })).toBe('Blessed (1 round)');
    expect(describeCondition(twoRounds, { round: 3 })).toBe('Blessed (ends this round)');
  });

  it('[ENG-16] one that ends with a round counts the current round: "until the end of the round" ends this round', () => {
    expect(describeCondition(condition('round-end', 2), { round: 1 })).toBe('Blessed (2 rounds)');
    expect(describeCondition(condition('round-end', 2), { round: 2 })).toBe('Blessed (ends this round)');
    // Before combat, round 1 is the first.
    expect(describeCondition(condition('round-end', 1), { round: 0 })).toBe('Blessed (ends this round)');
    expect(describeCondition(condition(null, 0), { round: 4 })).toBe('Blessed');
  });
});

describe('resource refresh in words', () => {
  it('[ENG-36] a pool says when it fills back; never says nothing', () => {
    expect(describeResource(['Luck', { current: 1, max: 2, refresh: 'encounter' }])).toBe('Luck 1/2 (each encounter)');
    expect(describeResource(['AP', { current: 2, max: 4, refresh: 'never' }])).toBe('AP 2/4');
    expect(describeResource(['AP', { current: 2, max: 4 }])).toBe('AP 2/4');
  });
});
