// lfg's action economy wired into the engine: one action and one move a turn (LFG-33) and the
// intercept that uses the move (LFG-34). The rest of lfg's engine tests are in lfg-engine.test.ts.
import { describe, expect, it } from 'vitest';
import { project, verifyDice } from '../src/index.js';
import { fighting, ogreDen, player, type Table } from './lfg-harness.js';

const c = (id: string) => ({ kind: 'combatant', id }) as const;

describe('lfg: one action and one move (LFG-33)', () => {
  const spend = (combatantId: string, what: 'action' | 'move' | 'charge') => ({ type: 'lfg-spend', combatantId, spend: what }) as const;
  /** Round 1 after a success: c7, c8, then Ana (c1). */
  function anasTurn(options: Record<string, unknown> = {}): Table {
    const t = fighting([9], options);
    t.endTurn();
    t.endTurn();
    return t;
  }
  const left = (t: Table, role: 'gm' | 'spectator' = 'gm') => (project(t.state, { role }).ext as { turnLeft: unknown }).turnLeft;

  it('[LFG-33] a second action is refused; a second move spends the action; the next turn is fresh', () => {
    const t = anasTurn();
    expect(left(t)).toEqual([{ combatantId: 'c1', action: true, move: true }]);
    t.do(spend('c1', 'action'), player('c1'));
    expect(t.refused(spend('c1', 'action'), player('c1')).code).toBe('lfg-nothing-left');
    t.do(spend('c1', 'move'), player('c1'));
    expect(left(t, 'spectator')).toEqual([{ combatantId: 'c1', action: false, move: false }]);
    expect(t.refused(spend('c1', 'move')).code).toBe('lfg-nothing-left');
    const u = anasTurn();
    u.do(spend('c1', 'move'));
    u.do(spend('c1', 'move')); // two moves: the action pays for the second
    expect(u.refused(spend('c1', 'action')).code).toBe('lfg-nothing-left');
    u.endTurn();
    expect(left(u)).toEqual([{ combatantId: 'c2', action: true, move: true }]);
  });

  it('[LFG-33] a charge uses both; only on the combatant\'s own turn, by its player or the GM; off when the table says so', () => {
    const t = anasTurn();
    expect(t.refused(spend('c2', 'move'), player('c2')).code).toBe('not-your-turn');
    expect(t.refused(spend('c1', 'move'), player('c2')).code).toBe('not-your-combatant');
    t.do(spend('c1', 'move'));
    expect(t.refused(spend('c1', 'charge')).code).toBe('lfg-nothing-left');
    const u = anasTurn();
    u.do(spend('c1', 'charge'), player('c1'));
    expect(left(u)).toEqual([{ combatantId: 'c1', action: false, move: false }]);
    expect(u.log.at(-1)).toMatchObject({ type: 'lfg-turn-spent', spend: 'charge', action: true, move: true });
    const off = anasTurn({ actionEconomy: false });
    expect(off.refused(spend('c1', 'action')).code).toBe('not-supported');
    expect(left(off)).toBeNull();
  });

  it('[LFG-25] [LFG-33] a rally spends the rallier\'s action, only on the rallier\'s turn', () => {
    const t = fighting([9]);
    t.do({ type: 'lfg-break-morale', combatantIds: ['c9'] });
    expect(t.refused({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c9'], faces: [15] }).code).toBe('not-your-turn');
    t.endTurn();
    t.endTurn();
    t.do({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c9'], faces: [15] });
    expect(left(t)).toEqual([{ combatantId: 'c1', action: false, move: true }]);
    expect(t.refused({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c9'], faces: [3] }).code).toBe('lfg-nothing-left');
    t.do(spend('c1', 'move'));
    expect(t.refused(spend('c1', 'move')).code).toBe('lfg-nothing-left');
  });
});

describe('lfg: intercept (LFG-34)', () => {
  const intercept = (combatantId: string, faces?: number[]) => ({ type: 'lfg-intercept', combatantId, ...(faces ? { faces } : {}) }) as const;
  const moveLeft = (t: Table) => {
    const ext = project(t.state, { role: 'gm' }).ext;
    if (ext?.system !== 'lfg') throw new Error('not an lfg view');
    return (ext.turnLeft ?? []).map((l) => l.move);
  };

  it('[LFG-34] the GM calls it: the PC\'s Initiative check at disadvantage before its first turn; the move is used either way', () => {
    const t = fighting([9]); // the Ogre's turn; Ana (Initiative 12) has not acted yet
    expect(t.refused(intercept('c1', [3, 15]), player('c1')).code).toBe('gm-only');
    expect(t.refused(intercept('c1', [3])).code).toBe('invalid-dice'); // disadvantage: two d20s
    t.do(intercept('c1', [3, 15]));
    expect(t.log.at(-1)).toMatchObject({
      type: 'lfg-intercepted',
      source: 'physical',
      outcome: { combatantId: 'c1', stat: 'initiative', intercepted: false, check: { faces: [3, 15], kept: 15, target: 12 } },
    });
    expect(t.refused(intercept('c1', [1, 1])).code).toBe('lfg-nothing-left');
    t.endTurn();
    t.endTurn(); // Ana's turn: her move is gone, a move now spends the action
    expect(moveLeft(t)).toEqual([false]);
    expect(t.refused(intercept('c1', [1])).code).toBe('lfg-cannot-intercept'); // her own turn
    t.do({ type: 'lfg-spend', combatantId: 'c1', spend: 'move' });
    expect(t.refused({ type: 'lfg-spend', combatantId: 'c1', spend: 'action' }).code).toBe('lfg-nothing-left');
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ lastIntercept: { combatantId: 'c1', intercepted: false } });
  });

  it('[LFG-34] monsters check Dex; a move spent on its own turn this round forbids it; server dice are verified', () => {
    const t = fighting([9]);
    t.do(intercept('c5', [4, 9])); // a Goblin, Dex 10 by default, before its first turn
    expect(t.ext.lastIntercept).toMatchObject({ stat: 'dex', intercepted: true, check: { kept: 9, target: 10 } });
    t.do({ type: 'lfg-spend', combatantId: 'c7', spend: 'move' }); // the Ogre moves on its turn
    t.endTurn();
    expect(t.refused(intercept('c7', [1])).code).toBe('lfg-nothing-left');
    t.endTurn();
    t.endTurn(); // Ana has acted: no disadvantage, one die from the server
    t.do(intercept('c1'));
    expect(t.log.at(-1)).toMatchObject({ type: 'lfg-intercepted', source: 'server', dice: [{ sides: 20 }] });
    expect(verifyDice(t.log).ok).toBe(true);
    const off = fighting([9], { actionEconomy: false });
    off.do(intercept('c1', [2, 2]));
    off.do(intercept('c1', [2, 2])); // nothing tracked: the GM judges who has moved
  });

  it('[LFG-34] [LFG-5] not while surprised, not when defeated; the surprised side\'s first turn comes in round 2', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'lfg-declare-surprise', side: 'party' });
    t.do({ type: 'lfg-set-roller', combatantId: 'c2' });
    t.do({ type: 'start-combat' });
    expect(t.refused(intercept('c5', [1, 1])).code).toBe('lfg-cannot-intercept');
    t.do({ type: 'set-defeated', combatantId: 'c3', defeated: true });
    expect(t.refused(intercept('c3', [1, 1])).code).toBe('lfg-cannot-intercept');
    while (t.state.round === 1) t.endTurn();
    t.do({ type: 'enter-initiative', unit: c('c2'), faces: [5] });
    expect(t.refused(intercept('c5', [1])).code).toBe('invalid-dice'); // still before its first turn: two dice
    t.do(intercept('c5', [1, 12]));
    expect(t.ext.lastIntercept).toMatchObject({ intercepted: false, check: { kept: 12 } });
  });
});
