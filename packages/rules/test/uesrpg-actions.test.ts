// Action types through the engine: costs, primary/secondary/reaction/special/free, extended actions,
// one action declared and resolved at a time, and what each audience sees of it all.
import { describe, expect, it } from 'vitest';
import { project } from '../src/index.js';
import { act, add, GM, player, refusal, run } from './harness.js';
import { ap, combat, declare, extOf, viewExt } from './uesrpg-harness.js';

const openId = (s: ReturnType<typeof combat>): string => extOf(s).openAction?.id ?? '';

describe('uesrpg actions', () => {
  it('[UES-22] every non-free action costs at least 1 AP, never more than is left (but for extended actions)', () => {
    const s = combat(); // Brand's turn
    expect(refusal(s, declare('c2', 'primary', 0), player('c2')).code).toBe('invalid-action');
    expect(refusal(s, declare('c2', 'secondary', 4), player('c2')).code).toBe('insufficient-resource');
    expect(refusal(s, declare('c2', 'primary', 31), player('c2')).code).toBe('invalid-action');
    expect(refusal(s, declare('c2', 'primary', 1, { label: '  ' }), player('c2')).code).toBe('invalid-action');
    const { events } = act(s, declare('c2', 'primary', 2, { label: 'Power attack' }), player('c2'));
    expect(events).toEqual([
      { type: 'resource-changed', combatantId: 'c2', resource: 'AP', current: 1, max: 3 },
      {
        type: 'uesrpg-action-declared',
        action: {
          id: `a${s.nextId}`,
          combatantId: 'c2',
          kind: 'primary',
          label: 'Power attack',
          spent: 2,
          special: false,
          threatId: null,
          asReaction: false,
          extended: false,
        },
        opens: true,
        extendedCost: null,
      },
    ]);
  });

  it('[UES-23] primary actions only on the own turn, any number of them', () => {
    let s = combat();
    expect(refusal(s, declare('c1', 'primary', 1), player('c1')).code).toBe('not-your-turn');
    expect(refusal(s, declare('c1', 'primary', 1), player('c2')).code).toBe('not-your-combatant');
    for (let i = 0; i < 3; i++) {
      s = run(s, declare('c2', 'primary', 1), player('c2'));
      s = run(s, { type: 'uesrpg-resolve-action', actionId: openId(s) }, player('c2'));
    }
    expect(ap(s, 'c2')?.current).toBe(0);
  });

  it('[UES-24] an extended action pays all AP left now and the rest on later turns, then takes effect', () => {
    let s = combat();
    s = run(s, declare('c2', 'primary', 1), player('c2'));
    s = run(s, { type: 'uesrpg-resolve-action', actionId: openId(s) }, player('c2'));
    s = run(s, declare('c2', 'primary', 6, { label: 'Summon' }), player('c2'));
    expect(extOf(s).combatants['c2']?.extended).toMatchObject({ label: 'Summon', cost: 6, paid: 2 });
    expect(extOf(s).openAction).toBeNull();
    expect(refusal(s, declare('c2', 'secondary', 1), player('c2')).code).toBe('extended-in-progress');
    while (s.turn?.actorIds[0] !== 'c2' || s.round === 1) s = run(s, { type: 'end-turn' });
    expect(refusal(s, declare('c2', 'primary', 1), player('c2')).code).toBe('extended-in-progress');
    expect(refusal(s, { type: 'uesrpg-continue-extended', combatantId: 'c1' }, player('c1')).code).toBe('no-extended-action');
    s = run(s, { type: 'uesrpg-continue-extended', combatantId: 'c2' }, player('c2'));
    expect(extOf(s).combatants['c2']?.extended).toMatchObject({ paid: 5 });
    expect(refusal(s, { type: 'uesrpg-continue-extended', combatantId: 'c2' }, player('c2')).code).toBe('insufficient-resource');
    while (s.turn?.actorIds[0] !== 'c2' || s.round === 2) s = run(s, { type: 'end-turn' });
    const { state, events } = act(s, { type: 'uesrpg-continue-extended', combatantId: 'c2' }, player('c2'));
    expect(events.at(-1)).toMatchObject({ type: 'uesrpg-extended-continued', spent: 1, completed: true });
    expect(extOf(state).openAction).toMatchObject({ label: 'Summon', spent: 6 });
    expect(extOf(state).combatants['c2']?.extended).toBeNull();
    expect(ap(state, 'c2')?.current).toBe(2);
  });

  it('[UES-24] an extended action may be abandoned: the AP paid are lost', () => {
    let s = combat();
    s = run(s, declare('c2', 'primary', 5), player('c2'));
    expect(refusal(s, { type: 'uesrpg-abandon-extended', combatantId: 'c1' }).code).toBe('no-extended-action');
    s = run(s, { type: 'uesrpg-abandon-extended', combatantId: 'c2' }, player('c2'));
    expect(extOf(s).combatants['c2']?.extended).toBeNull();
    expect(ap(s, 'c2')?.current).toBe(0);
  });

  it('[UES-25] secondary actions on the own turn, or off it as reactions to a threat', () => {
    let s = combat();
    s = run(s, declare('c2', 'secondary', 1, { label: 'Shove' }), player('c2'));
    const shove = openId(s);
    expect(refusal(s, declare('c1', 'secondary', 1, { label: 'Dodge' }), player('c1')).code).toBe('invalid-action');
    const { state } = act(s, declare('c1', 'secondary', 1, { label: 'Dodge', threatId: shove }), player('c1'));
    expect(extOf(state).actions.at(-1)).toMatchObject({ kind: 'secondary', asReaction: true, threatId: shove });
    expect(ap(state, 'c1')?.current).toBe(2);
  });

  it('[UES-26] reactions cost AP: one attempt per threat, any number per round while AP remain', () => {
    let s = combat();
    s = run(s, declare('c2', 'primary', 1, { label: 'Cleave' }), player('c2'));
    const cleave = openId(s);
    s = run(s, declare('c4', 'reaction', 1, { label: 'Block', threatId: cleave }));
    expect(refusal(s, declare('c4', 'reaction', 1, { threatId: cleave })).code).toBe('already-reacted');
    expect(refusal(s, declare('c4', 'reaction', 1)).code).toBe('invalid-action');
    s = run(s, declare('c5', 'reaction', 1, { label: 'Block', threatId: cleave }));
    s = run(s, declare('c4', 'reaction', 2, { label: 'Counter', threatId: 'trap-1' }));
    expect(refusal(s, declare('c4', 'reaction', 1, { threatId: 'trap-2' })).code).toBe('insufficient-resource');
    expect(extOf(s).combatants['c4']?.reactedTo).toEqual([cleave, 'trap-1']);
  });

  it('[UES-27] a special action follows the rules of its type', () => {
    const s = combat();
    expect(refusal(s, declare('c1', 'primary', 1, { special: true }), player('c1')).code).toBe('not-your-turn');
    const { state } = act(s, declare('c2', 'primary', 1, { special: true, label: 'Disarm' }), player('c2'));
    expect(extOf(state).openAction).toMatchObject({ special: true, label: 'Disarm' });
  });

  it('[UES-28] free actions: any time, no AP', () => {
    const s = combat();
    expect(refusal(s, declare('c1', 'free', 1), player('c1')).code).toBe('invalid-action');
    const { state } = act(s, declare('c1', 'free', 0, { label: 'Shout a warning' }), player('c1'));
    expect(ap(state, 'c1')?.current).toBe(3);
    expect(extOf(state).openAction).toBeNull();
  });

  it('[UES-29] multiple actions are declared one at a time: each resolved, with its reactions, before the next', () => {
    let s = combat();
    s = run(s, declare('c2', 'primary', 1, { label: 'Strike' }), player('c2'));
    const strike = openId(s);
    expect(refusal(s, declare('c2', 'primary', 1), player('c2')).code).toBe('action-unresolved');
    expect(refusal(s, declare('c2', 'secondary', 1), player('c2')).code).toBe('action-unresolved');
    expect(act(s, declare('c2', 'free', 0), player('c2')).events).toHaveLength(1);
    const held = refusal(s, { type: 'end-turn' }, player('c2'));
    expect(held.code).toBe('action-unresolved');
    expect(held.message).toContain('Brand');
    expect(refusal(s, { type: 'end-turn' }, player('c1')).code).toBe('not-your-turn');
    expect(refusal(s, { type: 'uesrpg-resolve-action', actionId: strike }, player('c1')).code).toBe('not-your-combatant');
    expect(refusal(s, { type: 'uesrpg-resolve-action', actionId: 'a1' }).code).toBe('invalid-command');
    expect(viewExt(project(s, { role: 'spectator' })).openAction?.label).toBe('Strike');
    s = run(s, { type: 'uesrpg-resolve-action', actionId: strike }, GM);
    expect(act(s, declare('c2', 'primary', 1), player('c2')).events).toHaveLength(2);
  });

  it('[UES-30] mapping combat has no mechanic: positions are the table\'s, the engine tracks none', () => {
    expect(Object.keys(combat().combatants[0]?.stats ?? {})).not.toContain('position');
  });
});

describe('uesrpg views', () => {
  it('[ENG-6] AP only to the GM and the owner; a hidden combatant\'s actions and state reach nobody else', () => {
    let s = combat();
    s = run(s, add('Assassin', 'enemy', { stats: { initiativeRating: 0 }, hidden: true })); // c9
    s = run(s, declare('c9', 'reaction', 1, { label: 'Poisoned dart', threatId: 'x' }));
    s = run(s, declare('c1', 'reaction', 1, { label: 'Duck', threatId: 'y' }), player('c1'));
    const mine = viewExt(project(s, player('c1')));
    expect(mine.combatants['c1']?.ap).toEqual({ current: 2, max: 3 });
    expect(mine.combatants['c2']?.ap).toBeNull();
    expect(mine.combatants['c9']).toBeUndefined();
    expect(mine.actions.map((a) => a.label)).toEqual(['Duck']);
    const json = JSON.stringify(project(s, { role: 'spectator' }));
    expect(json).not.toContain('Assassin');
    expect(json).not.toContain('"c9"');
    expect(json).not.toContain('Poisoned dart');
    const gm = viewExt(project(s, GM));
    expect(gm.actions.map((a) => a.label)).toEqual(['Poisoned dart', 'Duck']);
    // A newcomer without a pool yet counts as full.
    expect(gm.combatants['c9']?.ap).toEqual({ current: 2, max: 3 });
    expect(gm.apRefresh).toBe('roundStart');
  });
});
