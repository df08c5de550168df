import { describe, expect, it } from 'vitest';
import type { TurnSlot } from '../../core/model.js';
import { roundHasInitiativeCheck, surpriseRoundSlots, type SurpriseInput } from './surprise.js';

const INPUT: SurpriseInput = {
  firstRoller: 'bo',
  seating: ['ana', 'bo', 'cy'],
  allies: [{ kind: 'combatant', id: 'dog' }],
  enemies: [
    { unit: { kind: 'combatant', id: 'ogre' }, rank: 'heavy' },
    { unit: { kind: 'group', id: 'goblins' }, rank: 'normal' },
  ],
};
const order = (slots: readonly TurnSlot[]) => slots.map((s) => (s.filler.kind === 'unit' ? s.filler.unit.id : '?'));
const ids = () => {
  let n = 0;
  return () => `s${++n}`;
};

describe('lfg surprise', () => {
  it('[LFG-5] a party ambush: only the party acts, clockwise from the first roller, then its allies', () => {
    expect(order(surpriseRoundSlots('party', INPUT, ids()))).toEqual(['bo', 'cy', 'ana', 'dog']);
    expect(order(surpriseRoundSlots('party', { ...INPUT, firstRoller: null }, ids()))).toEqual(['ana', 'bo', 'cy', 'dog']);
  });

  it('[LFG-5] an enemy ambush: only the enemies act, in the GM\'s order whatever their rank', () => {
    const slots = surpriseRoundSlots('enemies', INPUT, ids());
    expect(order(slots)).toEqual(['ogre', 'goblins']);
    expect(slots.every((s) => s.side === 'enemy')).toBe(true);
  });

  it('[LFG-5] [LFG-7] the free round has no Initiative check; every other round has one', () => {
    expect(roundHasInitiativeCheck(1, 'party')).toBe(false);
    expect(roundHasInitiativeCheck(2, 'party')).toBe(true);
    expect(roundHasInitiativeCheck(1, null)).toBe(true);
  });
});
