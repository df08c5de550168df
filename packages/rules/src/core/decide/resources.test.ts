import { project } from '../../index.js';
import { describe, expect, it } from 'vitest';
import type { Command } from '../commands.js';
import { act, fighting, party, player, refusal, run } from '../../../test/harness.js';

const setAp = (combatantId: string, current: number, max = 4): Command => ({
  type: 'set-resource',
  combatantId,
  resource: 'AP',
  current,
  max,
});
const spend = (amount: number, combatantId = 'c1'): Command => ({ type: 'spend-resource', combatantId, resource: 'AP', amount });

describe('resources', () => {
  it('[ENG-17] combatants start with none; the GM sets a pool, a player spends from their own', () => {
    expect(party().combatants[0]?.resources).toEqual({});
    const s = run(fighting(), setAp('c1', 4));
    const { state, events } = act(s, spend(3), player('c1'));
    expect(events).toEqual([{ type: 'resource-changed', combatantId: 'c1', resource: 'AP', current: 1, max: 4 }]);
    expect(state.combatants.find((c) => c.id === 'c1')?.resources).toEqual({ AP: { current: 1, max: 4 } });
  });

  it('[ENG-17] spending below zero is refused with a sentence', () => {
    const s = run(fighting(), setAp('c1', 1));
    expect(refusal(s, spend(2), player('c1'))).toEqual({
      code: 'insufficient-resource',
      message: 'Borin has only 1 AP left and cannot spend 2.',
    });
    expect(refusal(s, spend(1, 'c2')).message).toBe('Mira has no AP to spend.');
    expect(refusal(s, spend(0)).code).toBe('invalid-command');
  });

  it('[ENG-17] [ENG-5] players spend only their own; only the GM sets', () => {
    const s = run(fighting(), setAp('c1', 4));
    expect(refusal(s, spend(1), player('c2')).code).toBe('not-your-combatant');
    expect(refusal(s, setAp('c1', 4), player('c1'))).toEqual({ code: 'gm-only', message: 'Only the GM can set resources.' });
    expect(refusal(s, setAp('c1', 5, 4)).code).toBe('invalid-command');
    expect(refusal(s, setAp('c1', -1, 4)).code).toBe('invalid-command');
    expect(refusal(party(), spend(1)).code).toBe('wrong-phase');
  });

  it('[ENG-17] [ENG-6] resources are shown to the GM and the owning player only', () => {
    const s = run(fighting(), setAp('c1', 4));
    expect(project(s, { role: 'player', combatantIds: ['c1'] }).combatants.find((c) => c.id === 'c1')?.resources).toEqual({
      AP: { current: 4, max: 4 },
    });
    expect(project(s, { role: 'player', combatantIds: ['c2'] }).combatants.find((c) => c.id === 'c1')?.resources).toBeUndefined();
    expect(project(s, { role: 'spectator' }).combatants.find((c) => c.id === 'c1')?.resources).toBeUndefined();
  });
});

describe('resource refresh', () => {
  const pool = (combatantId: string, refresh: 'round' | 'turn' | 'encounter' | 'never'): Command => ({
    type: 'set-resource',
    combatantId,
    resource: 'Luck',
    current: 2,
    max: 2,
    refresh,
  });
  const use = (combatantId: string): Command => ({ type: 'spend-resource', combatantId, resource: 'Luck', amount: 2 });
  const luck = (s: ReturnType<typeof fighting>, id: string) => s.combatants.find((c) => c.id === id)?.resources['Luck'];
  const endTurn = (s: ReturnType<typeof fighting>) => run(s, { type: 'end-turn' });

  it('[ENG-36] a per-turn pool fills back as its owner\'s turn starts; a per-round one as each round starts', () => {
    // fighting(): Mira (c2), the Goblins, then Borin (c1).
    let s = run(run(fighting(), pool('c1', 'turn')), pool('c2', 'round'));
    s = run(run(s, use('c1')), use('c2'));
    expect(luck(s, 'c1')).toEqual({ current: 0, max: 2, refresh: 'turn' });
    s = endTurn(endTurn(s)); // Borin's turn
    expect(luck(s, 'c1')).toEqual({ current: 2, max: 2, refresh: 'turn' });
    expect(luck(s, 'c2')?.current).toBe(0);
    const { state, events } = act(s, { type: 'end-turn' }); // round 2
    expect(events.map((e) => e.type)).toContain('resource-changed');
    expect(luck(state, 'c2')).toEqual({ current: 2, max: 2, refresh: 'round' });
  });

  it('[ENG-36] [GEN-31] per-encounter pools fill back as the encounter ends; never (or none given) stays spent', () => {
    let s = run(run(fighting(), pool('c1', 'encounter')), pool('c2', 'never'));
    s = run(run(s, use('c1')), use('c2'));
    expect(luck(s, 'c2')).toEqual({ current: 0, max: 2 });
    const { state, events } = act(s, { type: 'end-encounter' });
    expect(events).toEqual([
      { type: 'resource-changed', combatantId: 'c1', resource: 'Luck', current: 2, max: 2 },
      { type: 'encounter-ended', seed: expect.any(String) },
    ]);
    expect(luck(state, 'c1')).toEqual({ current: 2, max: 2, refresh: 'encounter' });
    expect(luck(state, 'c2')?.current).toBe(0);
  });

  it('[ENG-36] setting a pool again keeps its refresh unless given; an unknown refresh is refused', () => {
    let s = run(fighting(), pool('c1', 'turn'));
    s = run(s, { type: 'set-resource', combatantId: 'c1', resource: 'Luck', current: 1, max: 3 });
    expect(luck(s, 'c1')).toEqual({ current: 1, max: 3, refresh: 'turn' });
    expect(refusal(s, { ...pool('c1', 'turn'), refresh: 'daily' } as unknown as Command).code).toBe('invalid-command');
  });
});
