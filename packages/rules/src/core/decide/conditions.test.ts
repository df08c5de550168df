import { project } from '../../index.js';
import { describe, expect, it } from 'vitest';
import type { Command } from '../commands.js';
import type { EncounterState } from '../model.js';
import { act, add, conditionsOf, fighting, newEncounter, party, player, refusal, run } from '../../../test/harness.js';

// fighting(): round 1, Mira (c2) acts, then the Goblins (c4–c6), then Borin (c1).
const prone = (more: Partial<Extract<Command, { type: 'add-condition' }>> = {}): Command => ({
  type: 'add-condition',
  combatantId: 'c1',
  name: 'Prone',
  ...more,
});

/** Ends turns until `done` holds, returning every event type on the way (markers left out). */
function endTurnsUntil(state: EncounterState, done: (s: EncounterState) => boolean) {
  let s = state;
  const seen: string[] = [];
  for (let i = 0; i < 20 && !done(s); i++) {
    const r = act(s, { type: 'end-turn' });
    seen.push(...r.events.map((e) => (e.type === 'turn-started' ? `turn-started:${e.actorIds.join('+')}` : e.type)));
    s = r.state;
  }
  return { state: s, seen };
}

describe('add-condition and remove-condition', () => {
  it('[ENG-16] [DND-12] dnd5e: N rounds run from the current turn to the start of that creature\'s turn N rounds later', () => {
    const s = run(fighting(), prone({ rounds: 1 }));
    expect(s.combatants.find((c) => c.id === 'c1')?.conditions).toEqual([
      { id: 'k10', name: 'Prone', expiry: { at: 'turn-start', round: 2, anchor: ['c2'] } },
    ]);
    const { state, seen } = endTurnsUntil(s, (x) => conditionsOf(x, 'c1').length === 0);
    expect(seen).toEqual([
      'turn-ended',
      'turn-started:c4+c5+c6',
      'turn-ended',
      'turn-started:c1',
      'turn-ended',
      'round-ended',
      'round-started',
      'turn-started:c2',
      'condition-expired',
    ]);
    expect(state.round).toBe(2);
  });

  it('[ENG-16] "until the end of the round" ends when the current round ends', () => {
    const s = run(fighting(), prone({ endsAt: 'round-end' }));
    expect(s.combatants.find((c) => c.id === 'c1')?.conditions[0]?.expiry).toEqual({ at: 'round-end', round: 1, anchor: [] });
    const { seen } = endTurnsUntil(s, (x) => conditionsOf(x, 'c1').length === 0);
    expect(seen.slice(-5)).toEqual(['turn-ended', 'round-ended', 'condition-expired', 'round-started', 'turn-started:c2']);
  });

  it('[ENG-16] turn-end: ends when the creator\'s turn N rounds later ends', () => {
    const s = run(fighting(), prone({ rounds: 1, endsAt: 'turn-end' }));
    const { state, seen } = endTurnsUntil(s, (x) => conditionsOf(x, 'c1').length === 0);
    expect(state.round).toBe(2);
    expect(seen.slice(-3)).toEqual(['turn-ended', 'condition-expired', 'turn-started:c4+c5+c6']);
    expect(state.turn?.actorIds).toEqual(['c4', 'c5', 'c6']);
  });

  it('[ENG-16] when the creator has no turn that round (defeated), the condition ends with the round', () => {
    let s = run(fighting(), prone({ rounds: 1 }));
    s = run(s, { type: 'set-defeated', combatantId: 'c2', defeated: true });
    const { state, seen } = endTurnsUntil(s, (x) => conditionsOf(x, 'c1').length === 0);
    expect(state.round).toBe(3);
    expect(seen.slice(-4)).toEqual(['round-ended', 'condition-expired', 'round-started', 'turn-started:c4+c5+c6']);
  });

  it('[ENG-16] made before combat, a duration counts round 1 as its first and ends with a round', () => {
    const s = run(party(), prone({ rounds: 2 }));
    expect(s.combatants.find((c) => c.id === 'c1')?.conditions[0]?.expiry).toEqual({ at: 'round-end', round: 2, anchor: [] });
  });

  it('[ENG-16] without rounds or endsAt a condition lasts until removed', () => {
    let s = run(fighting(), prone());
    s = endTurnsUntil(s, (x) => x.round === 4).state;
    expect(conditionsOf(s, 'c1')).toEqual(['Prone']);
    s = run(s, { type: 'remove-condition', combatantId: 'c1', conditionId: 'k10' }, player('c1'));
    expect(conditionsOf(s, 'c1')).toEqual([]);
  });

  it('[ENG-16] [ENG-5] players change only their own combatants\' conditions', () => {
    const s = fighting();
    expect(run(s, prone(), player('c1')).combatants[0]?.conditions).toHaveLength(1);
    expect(refusal(s, prone(), player('c2'))).toEqual({
      code: 'not-your-combatant',
      message: 'You can only change the conditions of your own character.',
    });
    expect(refusal(run(s, prone()), { type: 'remove-condition', combatantId: 'c1', conditionId: 'k10' }, player('c2')).code).toBe(
      'not-your-combatant',
    );
  });

  it('[ENG-16] refuses unknown combatants and conditions, empty names, bad durations, and after the end', () => {
    const s = fighting();
    expect(refusal(s, prone({ combatantId: 'c99' })).code).toBe('unknown-combatant');
    expect(refusal(s, { type: 'remove-condition', combatantId: 'c1', conditionId: 'k1' })).toEqual({
      code: 'unknown-condition',
      message: 'Borin has no such condition.',
    });
    expect(refusal(s, prone({ name: '  ' })).message).toBe('A condition needs a name.');
    for (const rounds of [0, 1.5, 1001]) expect(refusal(s, prone({ rounds })).code).toBe('invalid-command');
    expect(run(run(newEncounter(), add('Borin', 'pc')), prone()).combatants[0]?.conditions).toHaveLength(1);
    expect(refusal(run(s, { type: 'end-encounter' }), prone()).code).toBe('wrong-phase');
  });

  it('[ENG-16] [ENG-26] one command puts the same condition on several combatants, each with its own id, and one undo takes all back', () => {
    const before = fighting();
    const { events, state } = act(before, prone({ alsoOn: ['c4', 'c5'], rounds: 1 }));
    expect(events.map((e) => (e.type === 'condition-added' ? `${e.combatantId}:${e.condition.id}` : e.type))).toEqual(['c1:k10', 'c4:k11', 'c5:k12']);
    for (const id of ['c1', 'c4', 'c5']) expect(conditionsOf(state, id)).toEqual(['Prone']);
    const expiries = state.combatants.filter((c) => ['c1', 'c4', 'c5'].includes(c.id)).map((c) => c.conditions[0]?.expiry);
    expect(new Set(expiries.map((e) => JSON.stringify(e))).size).toBe(1);
    const undone = run(state, { type: 'undo' });
    for (const id of ['c1', 'c4', 'c5']) expect(conditionsOf(undone, id)).toEqual([]);
    // The next condition made takes the next id.
    expect(act(state, prone({ combatantId: 'c2' })).events.find((e) => e.type === 'condition-added')).toMatchObject({ condition: { id: 'k13' } });
  });

  it('[ENG-16] several at once: all or nothing (an unknown one, a repeated one, another player\'s refuse the whole command)', () => {
    const s = fighting();
    expect(refusal(s, prone({ alsoOn: ['c4', 'c99'] })).code).toBe('unknown-combatant');
    expect(refusal(s, prone({ alsoOn: ['c4', 'c1'] }))).toEqual({ code: 'invalid-command', message: 'Name each combatant once.' });
    expect(refusal(s, prone({ alsoOn: ['c2'] }), player('c1')).code).toBe('not-your-combatant');
    expect(run(s, prone({ alsoOn: ['c2'] }), player('c1', 'c2')).combatants.filter((c) => c.conditions.length > 0).map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('[ENG-16] [ENG-6] conditions of visible combatants are public, without whose turn they count from', () => {
    let s = run(fighting(), { type: 'set-hidden', combatantId: 'c2', hidden: true });
    s = run(s, prone({ rounds: 1 })); // anchored to the hidden Mira's turn
    s = run(s, prone({ combatantId: 'c2', name: 'Invisible' }));
    for (const role of ['spectator', 'player'] as const) {
      const audience = role === 'player' ? { role, combatantIds: ['c1'] } : { role };
      const v = project(s, audience);
      expect(v.combatants.find((c) => c.id === 'c1')?.conditions).toEqual([
        { id: 'k10', name: 'Prone', endsAt: 'turn-start', round: 2 },
      ]);
      expect(JSON.stringify(v)).not.toContain('Invisible');
      expect(JSON.stringify(v)).not.toContain('"c2"');
    }
    expect(project(s, { role: 'gm' }).combatants.find((c) => c.id === 'c2')?.conditions).toHaveLength(1);
  });
});
