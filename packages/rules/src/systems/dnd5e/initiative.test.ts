import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/dice/rng.js';
import { rollSpecs } from '../../core/dice/spec.js';
import type { Combatant } from '../../core/model.js';
import { dexModifier, dnd5eDice, initiativeModifier, keptFace, scoreDnd5e } from './initiative.js';

const member = (stats: Record<string, number>): Combatant => ({
  id: 'c1',
  name: 'Borin',
  side: 'pc',
  groupId: null,
  hidden: false,
  defeated: false,
  stats,
  note: '',
  initiative: null,
  tieBreak: null,
  resources: {},
  conditions: [],
  health: null,
});

describe('dnd5e initiative', () => {
  it('[DND-1] Dex modifier is floor((score - 10) / 2)', () => {
    expect([1, 8, 9, 10, 11, 12, 13, 14, 20, 30].map(dexModifier)).toEqual([-5, -1, -1, 0, 0, 1, 1, 2, 5, 10]);
  });

  it('[DND-1] the modifier adds the flat initiative bonus', () => {
    expect(initiativeModifier([member({ dex: 16, initBonus: 5 })])).toBe(8);
    expect(initiativeModifier([member({})])).toBe(0);
  });

  it('[DND-2] advantage keeps the higher face, disadvantage the lower, normal the only one', () => {
    expect(keptFace([7, 15], 'advantage')).toBe(15);
    expect(keptFace([7, 15], 'disadvantage')).toBe(7);
    expect(keptFace([11], 'normal')).toBe(11);
  });

  it('[DND-1] [DND-2] [ENG-21] one d20, or two under advantage or disadvantage', () => {
    expect(dnd5eDice('normal')).toEqual([{ sides: 20, count: 1 }]);
    expect(dnd5eDice('advantage')).toEqual([{ sides: 20, count: 2 }]);
    expect(dnd5eDice('disadvantage')).toEqual([{ sides: 20, count: 2 }]);
  });

  it('[DND-1] [DND-2] a roll records every face, the kept one, the modifier and the total', () => {
    const { faces } = rollSpecs(rngFromSeed('00112233445566778899aabbccddeeff'), dnd5eDice('advantage'));
    const roll = scoreDnd5e([member({ dex: 14 })], faces, 'advantage');
    expect(roll).toEqual({
      dice: [
        { sides: 20, face: 2 },
        { sides: 20, face: 2 },
      ],
      kept: 2,
      modifier: 2,
      total: 4,
      mode: 'advantage',
    });
  });
});
