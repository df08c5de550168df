import { describe, expect, it } from 'vitest';
import { rollDice } from '../dice/rng.js';
import { act, add, GM, newEncounter, party, player, refusal, run, scripted, unit } from '../../../test/harness.js';

describe('begin-initiative', () => {
  it('[ENG-8] moves setup to initiative', () => {
    expect(party().phase).toBe('initiative');
  });

  it('[ENG-8] needs at least one combatant (no-combatants) and only works in setup', () => {
    expect(refusal(newEncounter(), { type: 'begin-initiative' }).code).toBe('no-combatants');
    expect(refusal(party(), { type: 'begin-initiative' }).code).toBe('wrong-phase');
  });
});

describe('roll-initiative', () => {
  it('[DND-1] [ENG-3] rolls d20 + Dex modifier + bonus with the encounter generator', () => {
    const s = party();
    const { state, events } = act(s, { type: 'roll-initiative', unit: unit('c2') });
    const face = rollDice(s.dice.rng, 20, 1);
    expect(events).toEqual([
      {
        type: 'initiative-rolled',
        unit: unit('c2'),
        roll: {
          dice: [{ sides: 20, face: face.faces[0] }],
          kept: face.faces[0],
          modifier: 5,
          total: (face.faces[0] ?? 0) + 5,
          mode: 'normal',
          source: 'server',
        },
        rng: face.rng,
      },
    ]);
    expect(state.dice.rng).toEqual(face.rng);
    expect(state.combatants.find((c) => c.id === 'c2')?.initiative?.modifier).toBe(5);
  });

  it('[DND-2] advantage rolls two d20 and keeps the higher, disadvantage the lower', () => {
    const s = party();
    const adv = act(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'advantage' }).state.combatants[0]
      ?.initiative;
    const dis = act(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'disadvantage' }).state.combatants[0]
      ?.initiative;
    const faces = rollDice(s.dice.rng, 20, 2).faces;
    expect(adv?.dice.map((d) => d.face)).toEqual(faces);
    expect(adv?.kept).toBe(Math.max(...faces));
    expect(dis?.kept).toBe(Math.min(...faces));
    expect(adv?.total).toBe(Math.max(...faces) + 2);
  });

  it('[DND-4] a group rolls once, with its first member\'s modifier', () => {
    const s = run(party(), { type: 'roll-initiative', unit: unit('g3') });
    expect(s.groups[0]?.initiative?.modifier).toBe(2);
    expect(s.combatants.filter((c) => c.groupId === 'g3').every((c) => c.initiative === null)).toBe(true);
    expect(refusal(s, { type: 'roll-initiative', unit: unit('g3') }).code).toBe('already-rolled');
  });

  it('[DND-4] [ENG-11] a group member cannot roll on its own', () => {
    const v = refusal(party(), { type: 'roll-initiative', unit: unit('c4') });
    expect(v.code).toBe('invalid-command');
    expect(v.message).toBe('Goblin 1 belongs to a group, and the group rolls together: roll for the group.');
  });

  it('[ENG-1] a unit rolls once; unknown units are refused', () => {
    const s = run(party(), { type: 'roll-initiative', unit: unit('c1') });
    expect(refusal(s, { type: 'roll-initiative', unit: unit('c1') })).toEqual({
      code: 'already-rolled',
      message: 'Borin has already rolled initiative.',
    });
    expect(refusal(s, { type: 'roll-initiative', unit: unit('c99') }).code).toBe('unknown-combatant');
    expect(refusal(s, { type: 'roll-initiative', unit: unit('g99') }).code).toBe('unknown-group');
  });

  it('[ENG-8] rolling is refused during setup', () => {
    const s = run(newEncounter(), add('Borin', 'pc'));
    expect(refusal(s, { type: 'roll-initiative', unit: unit('c1') }).code).toBe('wrong-phase');
  });

  it('[ENG-5] a player rolls for their own character only, never for a group', () => {
    const s = party();
    expect(run(s, { type: 'roll-initiative', unit: unit('c1') }, player('c1')).combatants[0]?.initiative).not.toBeNull();
    expect(refusal(s, { type: 'roll-initiative', unit: unit('c2') }, player('c1'))).toEqual({
      code: 'not-your-combatant',
      message: 'You can only roll initiative for your own character.',
    });
    expect(refusal(s, { type: 'roll-initiative', unit: unit('g3') }, player('c1')).code).toBe('not-your-combatant');
  });
});

describe('roll-npc-initiative', () => {
  it('[DND-3] rolls for every unrolled non-PC unit, threading the generator', () => {
    let s = run(party(), add('Wolf', 'npc'));
    const { state, events } = act(s, { type: 'roll-npc-initiative' });
    expect(events.map((e) => (e.type === 'initiative-rolled' ? e.unit.id : e.type))).toEqual(['g3', 'c7']);
    const faces = rollDice(s.dice.rng, 20, 2);
    const first = events[0];
    const second = events[1];
    expect(first?.type === 'initiative-rolled' && first.roll.kept).toBe(faces.faces[0]);
    expect(second?.type === 'initiative-rolled' && second.roll.kept).toBe(faces.faces[1]);
    expect(state.dice.rng).toEqual(faces.rng);
    s = state;
    expect(refusal(s, { type: 'roll-npc-initiative' }).code).toBe('already-rolled');
  });

  it('[ENG-5] players cannot roll for the monsters', () => {
    expect(refusal(party(), { type: 'roll-npc-initiative' }, player('c1'))).toEqual({
      code: 'gm-only',
      message: 'Only the GM can roll for the monsters.',
    });
  });
});

describe('resolve-tie', () => {
  const tied = () => scripted(scripted(scripted(party(), 'c1', 15), 'c2', 15), 'g3', 12);

  it('[DND-8] orders exactly one pending tie, first to act first', () => {
    const s = run(tied(), { type: 'resolve-tie', order: [unit('c2'), unit('c1')] }, GM);
    expect(s.combatants.find((c) => c.id === 'c2')?.tieBreak).toBe(0);
    expect(s.combatants.find((c) => c.id === 'c1')?.tieBreak).toBe(1);
  });

  it('[DND-8] refuses units that are not exactly one pending tie (not-a-tie)', () => {
    const s = tied();
    expect(refusal(s, { type: 'resolve-tie', order: [unit('c1'), unit('g3')] }).code).toBe('not-a-tie');
    expect(refusal(s, { type: 'resolve-tie', order: [unit('c1')] }).code).toBe('not-a-tie');
    expect(refusal(s, { type: 'resolve-tie', order: [unit('c1'), unit('c1')] }).code).toBe('not-a-tie');
    expect(refusal(s, { type: 'resolve-tie', order: [unit('c1'), unit('c2'), unit('g3')] }).code).toBe('not-a-tie');
    const resolved = run(s, { type: 'resolve-tie', order: [unit('c1'), unit('c2')] });
    expect(refusal(resolved, { type: 'resolve-tie', order: [unit('c1'), unit('c2')] }).code).toBe('not-a-tie');
  });

  it('[DND-8] players order ties of their own characters (more in test/dnd5e-ties.test.ts), only during initiative', () => {
    expect(act(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] }, player('c1')).events).toHaveLength(1);
    expect(refusal(newEncounter(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] }).code).toBe('wrong-phase');
  });
});
