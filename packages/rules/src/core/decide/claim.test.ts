import { project } from '../../index.js';
import { describe, expect, it } from 'vitest';
import { act, GM, openSlots, player, refusal, run } from '../../../test/harness.js';

// openSlots(): s90 (open to a PC) has started with nobody in it; then the Goblins (s91), then s92.
describe('open slots and claim-turn', () => {
  it('[ENG-14] [ENG-15] an open slot starts with no actors and a blocking fill-slot decision', () => {
    const s = openSlots();
    expect(s.turn).toEqual({ slotId: 's90', actorIds: [] });
    expect(s.pending).toEqual([{ id: 'fill-s90', kind: 'fill-slot', blocking: true, slotId: 's90', side: 'pc' }]);
    expect(project(s, { role: 'spectator' }).pending).toEqual(s.pending);
  });

  it('[ENG-15] end-turn is refused while the slot can still be filled', () => {
    for (const actor of [GM, player('c1')]) {
      expect(refusal(openSlots(), { type: 'end-turn' }, actor)).toEqual({
        code: 'decision-pending',
        message: 'Choose who takes this pc turn first (claim it), then end it.',
      });
    }
  });

  it('[ENG-14] a player claims with their own not-yet-acted character, who then owns the turn', () => {
    const { state, events } = act(openSlots(), { type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    expect(events).toEqual([
      { type: 'decision-closed', decisionId: 'fill-s90' },
      { type: 'turn-claimed', slotId: 's90', actorIds: ['c1'] },
    ]);
    expect(state.pending).toEqual([]);
    expect(refusal(state, { type: 'end-turn' }, player('c2')).code).toBe('not-your-turn');
    const next = run(state, { type: 'end-turn' }, player('c1'));
    expect(next.turn?.actorIds).toEqual(['c4', 'c5', 'c6']);
    expect(next.acted).toEqual(['c1']);
  });

  it('[ENG-14] a character that has acted cannot take the next open slot; when nobody can, it is skipped', () => {
    let s = run(run(openSlots(), { type: 'claim-turn', combatantIds: ['c1'] }), { type: 'end-turn' });
    s = run(s, { type: 'end-turn' }); // Goblins done: s92 opens for Mira only
    expect(s.turn).toEqual({ slotId: 's92', actorIds: [] });
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c1'] })).toEqual({
      code: 'not-eligible',
      message: 'Borin has already acted this round.',
    });
    s = run(s, { type: 'set-defeated', combatantId: 'c2', defeated: true });
    const skipped = act(s, { type: 'end-turn' });
    expect(skipped.events.slice(0, 2)).toEqual([
      { type: 'decision-closed', decisionId: 'fill-s92' },
      { type: 'turn-ended', slotId: 's92' },
    ]);
    expect(skipped.state.round).toBe(2);
  });

  it('[ENG-14] refusals: not yours, wrong side, more than one, nothing open', () => {
    const s = openSlots();
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c2'] }, player('c1'))).toEqual({
      code: 'not-your-combatant',
      message: 'You can only take a turn with your own characters.',
    });
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c4'] }).message).toBe(
      'This turn belongs to the pc side, and Goblin 1 is not on it.',
    );
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c1', 'c2'] }).code).toBe('not-eligible');
    expect(refusal(s, { type: 'claim-turn', combatantIds: [] }).code).toBe('not-eligible');
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c99'] }).code).toBe('unknown-combatant');
    const claimed = run(s, { type: 'claim-turn', combatantIds: ['c2'] });
    expect(refusal(claimed, { type: 'claim-turn', combatantIds: ['c1'] }).code).toBe('invalid-command');
  });

  it('[ENG-14] [ENG-18] a claim can be undone: the slot is open again', () => {
    const s = run(run(openSlots(), { type: 'claim-turn', combatantIds: ['c2'] }), { type: 'undo' });
    expect(s.turn?.actorIds).toEqual([]);
    expect(s.pending).toHaveLength(1);
  });
});
