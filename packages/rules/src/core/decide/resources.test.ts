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
