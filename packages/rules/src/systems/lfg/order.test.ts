import { describe, expect, it } from 'vitest';
import type { TurnSlot, UnitRef } from '../../core/model.js';
import { bandsFor, buildRoundSlots, rankFromStat, rankToStat, type RoundOrderInput } from './order.js';
import type { RankedEnemy } from './types.js';

const c = (id: string): UnitRef => ({ kind: 'combatant', id });
const g = (id: string): UnitRef => ({ kind: 'group', id });

// GM's order: goblins, the ogre (heavy), the wolf, the sorcerer (boss).
const ENEMIES: readonly RankedEnemy[] = [
  { unit: g('goblins'), rank: 'normal' },
  { unit: c('ogre'), rank: 'heavy' },
  { unit: c('wolf'), rank: 'normal' },
  { unit: c('sorcerer'), rank: 'boss' },
];

const input = (outcome: RoundOrderInput['outcome']): RoundOrderInput => ({
  outcome,
  roller: 'cy',
  seating: ['ana', 'bo', 'cy', 'di'],
  allies: [c('torchbearer')],
  enemies: ENEMIES,
});

const order = (slots: readonly TurnSlot[]) =>
  slots.map((s) => (s.filler.kind === 'unit' ? `${s.side}:${s.filler.unit.id}` : s.filler.kind));

const ids = () => {
  let n = 0;
  return () => `s${++n}`;
};

describe('lfg round order', () => {
  it('[LFG-11] success: bosses and heavies, then the party, then the other enemies', () => {
    expect(bandsFor('success')).toEqual(['bosses-and-heavies', 'party', 'other-enemies']);
    expect(order(buildRoundSlots(input('success'), ids()))).toEqual([
      'enemy:ogre',
      'enemy:sorcerer',
      'pc:cy',
      'pc:di',
      'pc:ana',
      'pc:bo',
      'npc:torchbearer',
      'enemy:goblins',
      'enemy:wolf',
    ]);
  });

  it('[LFG-11] Great Success: the party before every enemy', () => {
    expect(order(buildRoundSlots(input('critical-success'), ids()))).toEqual([
      'pc:cy',
      'pc:di',
      'pc:ana',
      'pc:bo',
      'npc:torchbearer',
      'enemy:goblins',
      'enemy:ogre',
      'enemy:wolf',
      'enemy:sorcerer',
    ]);
  });

  it('[LFG-11] failure: every enemy before the party', () => {
    expect(bandsFor('critical-failure')).toEqual(bandsFor('failure'));
    expect(order(buildRoundSlots(input('failure'), ids()))).toEqual([
      'enemy:goblins',
      'enemy:ogre',
      'enemy:wolf',
      'enemy:sorcerer',
      'pc:cy',
      'pc:di',
      'pc:ana',
      'pc:bo',
      'npc:torchbearer',
    ]);
  });

  it('[LFG-11] success without bosses or heavies: the party simply goes first', () => {
    const plain = { ...input('success'), enemies: ENEMIES.filter((e) => e.rank === 'normal'), allies: [] };
    expect(order(buildRoundSlots(plain, ids()))).toEqual(['pc:cy', 'pc:di', 'pc:ana', 'pc:bo', 'enemy:goblins', 'enemy:wolf']);
  });

  it('[LFG-12] [LFG-13] slots are fixed units with fresh ids; a group is one slot', () => {
    const slots = buildRoundSlots(input('failure'), ids());
    expect(slots[0]).toEqual({ id: 's1', side: 'enemy', filler: { kind: 'unit', unit: g('goblins') } });
    expect(new Set(slots.map((s) => s.id)).size).toBe(slots.length);
  });

  it('[LFG-10] the rank is stored as the stat 0, 1, 2; anything else is a normal enemy', () => {
    expect([0, 1, 2, undefined, 7, -1].map(rankFromStat)).toEqual(['normal', 'heavy', 'boss', 'normal', 'normal', 'normal']);
    expect(rankToStat('boss')).toBe(2);
  });
});
