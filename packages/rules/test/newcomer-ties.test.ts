// Newcomer ties (ENG-23): a unit that joins mid-combat and ties is placed provisionally, and people
// decide its place with 'resolve-tie' during combat. dnd5e (DND-11) and uesrpg (UES-14).
import { describe, expect, it } from 'vitest';
import { project, type EncounterState } from '../src/index.js';
import { act, add, fighting, GM, player, refusal, run, unit } from './harness.js';
import { combat, d6 } from './uesrpg-harness.js';

const d20 = (s: EncounterState, id: string, face: number, actor = GM): EncounterState =>
  run(s, { type: 'enter-initiative', unit: unit(id), faces: [face] }, actor);

const slotUnits = (s: EncounterState): string[] => s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : '?'));

describe('dnd5e newcomer ties', () => {
  it('[DND-11] [ENG-23] a newcomer tying a total is placed after it provisionally and a non-blocking decision opens', () => {
    const s = run(fighting(), add('Ogre', 'enemy')); // c10; Mira 18, Goblins 15, Borin 12; Mira's turn
    const { state, events } = act(s, { type: 'enter-initiative', unit: unit('c10'), faces: [15] });
    expect(events.map((e) => e.type)).toEqual(['initiative-rolled', 'slot-inserted', 'decision-opened']);
    expect(slotUnits(state)).toEqual(['c2', 'g3', 'c10', 'c1']);
    expect(state.pending).toEqual([
      { id: 'tie-s11', kind: 'newcomer-tie', blocking: false, slotId: 's11', unit: unit('c10'), tiedWith: [unit('g3')] },
    ]);
    expect(project(state, GM).pending).toHaveLength(1);
    expect(project(state, player('c1')).pending).toHaveLength(1);
    // Never holds play: the turns go on with the provisional place.
    expect(run(state, { type: 'end-turn' }).turn?.actorIds).toEqual(['c4', 'c5', 'c6']);
  });

  it('[DND-11] [ENG-23] the GM orders the tie with resolve-tie; only the newcomer slot moves; undo restores the provisional place', () => {
    const s = d20(run(fighting(), add('Ogre', 'enemy')), 'c10', 15);
    const { state, events } = act(s, { type: 'resolve-tie', order: [unit('c10'), unit('g3')] });
    expect(events.map((e) => e.type)).toEqual(['slot-moved', 'decision-closed']);
    expect(slotUnits(state)).toEqual(['c2', 'c10', 'g3', 'c1']);
    expect(state.pending).toEqual([]);
    expect(run(state, { type: 'end-turn' }).turn?.actorIds).toEqual(['c10']);
    const undone = run(state, { type: 'undo' });
    expect(slotUnits(undone)).toEqual(['c2', 'g3', 'c10', 'c1']);
    expect(undone.pending).toHaveLength(1);
    // Keeping the provisional place closes the decision without moving anything.
    expect(act(s, { type: 'resolve-tie', order: [unit('g3'), unit('c10')] }).events.map((e) => e.type)).toEqual(['decision-closed']);
  });

  it('[DND-11] [DND-8] [ENG-23] monster and mixed ties are the GM’s; a PC-only tie is the players’', () => {
    const ogre = d20(run(fighting(), add('Ogre', 'enemy')), 'c10', 18); // ties Mira (PC) with a monster
    expect(refusal(ogre, { type: 'resolve-tie', order: [unit('c10'), unit('c2')] }, player('c2')).code).toBe('gm-only');
    const ayla = d20(run(fighting(), add('Ayla', 'pc')), 'c10', 18, player('c10')); // ties Mira, Mira's turn
    expect(refusal(ayla, { type: 'resolve-tie', order: [unit('c10'), unit('c2')] }, player('c1')).code).toBe(
      'not-your-combatant',
    );
    const moved = run(ayla, { type: 'resolve-tie', order: [unit('c10'), unit('c2')] }, player('c10'));
    expect(slotUnits(moved)).toEqual(['c10', 'c2', 'g3', 'c1']);
    // Its place has passed this round (Mira is acting): Ayla first acts next round.
    let s = moved;
    const turns: string[] = [];
    while (s.round < 2 || turns.length < 4) {
      turns.push(`${s.round}:${s.turn?.actorIds[0] ?? '-'}`);
      s = run(s, { type: 'end-turn' });
    }
    expect(turns).toEqual(['1:c2', '1:c4', '1:c1', '2:c10']);
  });

  it('[DND-11] [ENG-23] [ENG-6] players see the decision only if every unit in it is visible; refused while the newcomer acts', () => {
    let s = run(fighting(), add('Shade', 'enemy', { hidden: true })); // c10
    s = d20(s, 'c10', 18);
    expect(project(s, GM).pending).toHaveLength(1);
    expect(project(s, player('c1')).pending).toEqual([]);
    expect(project(s, { role: 'spectator' }).pending).toEqual([]);
    s = run(s, { type: 'end-turn' }); // the Shade's provisional turn
    expect(refusal(s, { type: 'resolve-tie', order: [unit('c10'), unit('c2')] }).code).toBe('invalid-command');
    expect(refusal(s, { type: 'resolve-tie', order: [unit('c10'), unit('g3')] }).code).toBe('not-a-tie');
    s = run(s, { type: 'end-turn' }); // it has acted: a place before Mira (passed) changes nothing this round
    expect(slotUnits(run(s, { type: 'resolve-tie', order: [unit('c10'), unit('c2')] }))).toEqual(['c10', 'c2', 'g3', 'c1']);
  });
});

describe('uesrpg newcomer ties', () => {
  it('[UES-14] [UES-11] [ENG-23] the chain decides first; only a full tie opens a decision the GM resolves', () => {
    // combat(): Brand 14, Aela 12, Bandits 10 (rating 8, NPCs); Brand's turn.
    let s = run(combat(), add('Scout', 'enemy', { stats: { initiativeRating: 9 } })); // c9: 9 + 1 = 10, rating beats
    s = d6(s, 'c9', 1);
    expect(s.pending).toEqual([]);
    expect(slotUnits(s)).toEqual(['c2', 'c1', 'c9', 'g3']);
    s = run(s, add('Thug', 'enemy', { stats: { initiativeRating: 8 } })); // c11: 8 + 2 = 10, full tie with the Bandits
    s = d6(s, 'c11', 2);
    expect(slotUnits(s)).toEqual(['c2', 'c1', 'c9', 'g3', 'c11']);
    expect(s.pending).toMatchObject([{ kind: 'newcomer-tie', unit: unit('c11'), tiedWith: [unit('g3')], blocking: false }]);
    s = run(s, { type: 'resolve-tie', order: [unit('c11'), unit('g3')] });
    expect(slotUnits(s)).toEqual(['c2', 'c1', 'c9', 'c11', 'g3']);
    expect(s.pending).toEqual([]);
  });
});
