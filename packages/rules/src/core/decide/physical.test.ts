import { describe, expect, it } from 'vitest';
import type { Command } from '../commands.js';
import { readFaces } from '../dice/spec.js';
import { act, party, player, refusal, run, unit } from '../../../test/harness.js';

const enter = (id: string, faces: number[], mode?: 'advantage'): Command => ({
  type: 'enter-initiative',
  unit: unit(id),
  faces,
  ...(mode ? { mode } : {}),
});

describe('enter-initiative (physical dice)', () => {
  it('[ENG-21] [DND-1] real faces are scored like server ones, marked physical, and leave the generator alone', () => {
    const s = party();
    const { state, events } = act(s, enter('c1', [17]), player('c1'));
    expect(events).toEqual([
      {
        type: 'initiative-rolled',
        unit: unit('c1'),
        roll: { dice: [{ sides: 20, face: 17 }], kept: 17, modifier: 2, total: 19, mode: 'normal', source: 'physical' },
        rng: s.dice.rng,
      },
    ]);
    expect(state.dice.rng).toEqual(s.dice.rng);
    expect(run(s, enter('g3', [3, 15], 'advantage')).groups[0]?.initiative?.total).toBe(17);
  });

  it('[ENG-21] the faces must fit the dice the system asks for', () => {
    const s = party();
    expect(refusal(s, enter('c1', [3, 4]))).toEqual({
      code: 'invalid-dice',
      message: 'This roll needs 1 die (1 d20), not 2.',
    });
    expect(refusal(s, enter('c1', [21])).message).toBe('Die 1 (d20) shows a whole number from 1 to 20, not 21.');
    expect(refusal(s, enter('c1', [0])).code).toBe('invalid-dice');
    expect(refusal(s, enter('c1', [2.5])).code).toBe('invalid-dice');
    expect(refusal(s, enter('c1', [12]), player('c2')).code).toBe('not-your-combatant');
  });

  it('[ENG-21] the physicalDice option: everyone (default), gm, off', () => {
    const gmOnly = run(party(), { type: 'set-options', options: { physicalDice: 'gm' } });
    expect(refusal(gmOnly, enter('c1', [12]), player('c1'))).toEqual({
      code: 'gm-only',
      message: 'Only the GM can enter physical dice in this encounter.',
    });
    expect(run(gmOnly, enter('c1', [12])).combatants[0]?.initiative?.source).toBe('physical');
    const off = run(party(), { type: 'set-options', options: { physicalDice: 'off' } });
    expect(refusal(off, enter('c1', [12])).code).toBe('not-supported');
  });

  it('[ENG-21] readFaces keeps the kinds of non-numeric dice, in spec order', () => {
    const specs = [
      { sides: 12, count: 1, kind: 'proficiency' },
      { sides: 8, count: 2, kind: 'ability' },
    ];
    expect(readFaces(specs, [12, 1, 8])).toEqual([
      { sides: 12, face: 12, kind: 'proficiency' },
      { sides: 8, face: 1, kind: 'ability' },
      { sides: 8, face: 8, kind: 'ability' },
    ]);
    expect(readFaces(specs, [12, 9, 1])).toBe('Die 2 (ability) shows a whole number from 1 to 8, not 9.');
  });
});
