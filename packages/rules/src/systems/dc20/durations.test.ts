import { describe, expect, it } from 'vitest';
import { endRound, endsAtTurnStart, ROUND_SECONDS, ROUNDS_PER_MINUTE, roundsToSeconds, startDuration, type TurnStart } from './durations.js';

// A fixed order: s1 cleric, s2 goblins, s3 fighter, s4 ogre; three rounds of turn starts.
const ORDER: readonly (readonly [string, readonly string[]])[] = [['s1', ['cleric']], ['s2', ['gob1', 'gob2']], ['s3', ['fighter']], ['s4', ['ogre']]];
const turns = (rounds: number): TurnStart[] =>
  Array.from({ length: rounds }, (_, r) => ORDER.map(([slotId, actorIds]) => ({ round: r + 1, slotId, actorIds }))).flat();
/** The turns during which the effect lasts, from the one it was made in to the one it ends at (excluded). */
const lasting = (d: ReturnType<typeof startDuration>, inFight = true) => {
  const all = turns(4);
  const from = all.findIndex((t) => t.round === d.startRound && t.slotId === d.anchorSlotId);
  const to = all.findIndex((t, i) => i > from && endsAtTurnStart(d, t, inFight));
  return all.slice(from, to).map((t) => `${t.round}:${t.slotId}`);
};

describe('dc20 time and durations', () => {
  it('[DC20-33] a round is 12 seconds and 5 rounds are 1 minute', () => {
    expect(ROUND_SECONDS).toBe(12);
    expect(roundsToSeconds(ROUNDS_PER_MINUTE)).toBe(60);
  });

  it('[DC20-34] a 1-round effect made on a creature\'s turn lasts until the start of its next turn', () => {
    const d = startDuration('fighter', 1, 's3', 1);
    expect(endRound(d)).toBe(2);
    expect(lasting(d)).toEqual(['1:s3', '1:s4', '2:s1', '2:s2']);
  });

  it('[DC20-34] a 2-round effect lasts until the start of that creature\'s turn 2 rounds later', () => {
    expect(lasting(startDuration('fighter', 1, 's3', 2))).toEqual(['1:s3', '1:s4', '2:s1', '2:s2', '2:s3', '2:s4', '3:s1', '3:s2']);
  });

  it('[DC20-34] DC Tip: a 1-round effect used mid-round still gives each creature exactly 1 turn', () => {
    const actors = lasting(startDuration('cleric', 2, 's1', 1)).map((t) => t.split(':')[1]);
    expect([...actors].sort()).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('[DC20-34] a creator that delayed is followed to its new turn; one out of the fight ends at its old turn', () => {
    const d = startDuration('cleric', 1, 's1', 1);
    expect(endsAtTurnStart(d, { round: 2, slotId: 's1', actorIds: [] }, true)).toBe(false);
    expect(endsAtTurnStart(d, { round: 2, slotId: 's3', actorIds: ['fighter', 'cleric'] }, true)).toBe(true);
    expect(endsAtTurnStart(d, { round: 1, slotId: 's3', actorIds: ['cleric'] }, true)).toBe(false);
    expect(lasting(d, false)).toEqual(['1:s1', '1:s2', '1:s3', '1:s4']);
  });
});
