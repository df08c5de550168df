// Steps 4–6 through the engine: AP refills per round or per turn, surprise ending after the first
// turn, round end, conditions "until the end of the round", defeat, undo, the end of the encounter.
import { describe, expect, it } from 'vitest';
import { decide, evolve, project, type EncounterState } from '../src/index.js';
import { act, add, GM, player, refusal, run } from './harness.js';
import { ap, combat, d6, declare, extOf, table, whoseTurn } from './uesrpg-harness.js';

const types = (events: readonly { type: string }[]) => events.map((e) => e.type);

describe('uesrpg Action Points', () => {
  it('[UES-16] [UES-18] combat starts with full AP (3, or a lower maximum) and every round starts with a refill', () => {
    let s = table();
    s = run(s, add('Slow', 'enemy', { stats: { initiativeRating: 0, maxAp: 2 } })); // c6
    s = d6(d6(d6(d6(s, 'c1', 3), 'c2', 6), 'g3', 2), 'c6', 1);
    const { state, events } = act(s, { type: 'start-combat' });
    s = state;
    expect(types(events).slice(0, 3)).toEqual(['combat-started', 'round-started', 'resource-changed']);
    expect(s.combatants.map((c) => `${c.id}:${c.resources['AP']?.current}/${c.resources['AP']?.max}`)).toEqual([
      'c1:3/3',
      'c2:3/3',
      'c4:3/3',
      'c5:3/3',
      'c6:2/2',
    ]);
    s = run(s, { type: 'spend-resource', combatantId: 'c1', resource: 'AP', amount: 2 }, player('c1'));
    s = run(s, { type: 'spend-resource', combatantId: 'c6', resource: 'AP', amount: 2 });
    while (s.round === 1) s = run(s, { type: 'end-turn' });
    expect([ap(s, 'c1'), ap(s, 'c6')]).toEqual([
      { current: 3, max: 3 },
      { current: 2, max: 2 },
    ]);
  });

  it('[UES-17] turn-based refreshing: full in round 1, then each refills at the start of its own turn', () => {
    let s = combat({ apRefresh: 'turnStart', groupTurns: 'together' }); // Brand, Aela, Bandits (one shared turn)
    expect(ap(s, 'c1')?.current).toBe(3);
    s = run(s, { type: 'end-turn' }); // Aela's turn, round 1: no refill at the turn
    s = run(s, declare('c1', 'primary', 2), player('c1'));
    s = run(s, { type: 'uesrpg-resolve-action', actionId: extOf(s).openAction?.id ?? '' });
    s = run(s, { type: 'end-turn' });
    s = run(s, { type: 'end-turn' });
    // Round 2 starts: no refill, so Aela's 1 AP left are all she has for reactions until her turn.
    expect(s.round).toBe(2);
    expect(ap(s, 'c1')?.current).toBe(1);
    s = run(s, declare('c1', 'reaction', 1, { threatId: 'arrow' }), player('c1'));
    expect(refusal(s, declare('c1', 'reaction', 1, { threatId: 'bolt' }), player('c1')).code).toBe('insufficient-resource');
    const { state, events } = act(s, { type: 'end-turn' }); // Aela's turn: refill
    expect(types(events)).toEqual(['turn-ended', 'turn-started', 'resource-changed']);
    expect(ap(state, 'c1')?.current).toBe(3);
  });

  it('[UES-17] [ENG-20] apRefresh is a flag: roundStart (default) or turnStart, nothing else', () => {
    expect(table().options['apRefresh']).toBe('roundStart');
    expect(refusal(table(), { type: 'set-options', options: { apRefresh: 'never' } }).code).toBe('invalid-options');
    expect(run(table(), { type: 'set-options', options: { apRefresh: 'turnStart' } }).options['apRefresh']).toBe('turnStart');
  });

  it('[UES-19] on its turn the active character spends AP on actions; then the next highest goes', () => {
    let s = combat();
    s = run(s, declare('c2', 'primary', 1, { label: 'Axe' }), player('c2'));
    expect(ap(s, 'c2')?.current).toBe(2);
    s = run(s, { type: 'uesrpg-resolve-action', actionId: extOf(s).openAction?.id ?? '' }, player('c2'));
    s = run(s, declare('c2', 'secondary', 1, { label: 'Step back' }), player('c2'));
    s = run(s, { type: 'uesrpg-resolve-action', actionId: extOf(s).openAction?.id ?? '' }, player('c2'));
    s = run(s, { type: 'end-turn' }, player('c2'));
    expect(whoseTurn(s)).toBe('c1');
  });
});

describe('uesrpg surprise in combat', () => {
  it('[UES-3] a surprised character only reacts until after its first turn, even on that turn', () => {
    let s = combat({ groupTurns: 'together' }, ['c1']); // Aela surprised: rating 9, so Brand 14, Bandits 10, Aela 9
    expect(s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''))).toEqual(['c2', 'g3', 'c1']);
    s = run(s, declare('c2', 'primary', 1, { label: 'Shout' }), player('c2'));
    const shout = extOf(s).openAction?.id ?? '';
    expect(refusal(s, declare('c1', 'free', 0), player('c1')).code).toBe('surprised');
    s = run(s, declare('c1', 'reaction', 1, { threatId: shout }), player('c1'));
    s = run(run(s, { type: 'uesrpg-resolve-action', actionId: shout }), { type: 'end-turn' });
    s = run(s, { type: 'end-turn' });
    expect(whoseTurn(s)).toBe('c1');
    expect(refusal(s, declare('c1', 'primary', 1), player('c1')).code).toBe('surprised');
    const { state, events } = act(s, { type: 'end-turn' }, player('c1'));
    expect(events).toContainEqual({ type: 'uesrpg-surprise-ended', combatantIds: ['c1'] });
    expect(extOf(state).combatants['c1']?.surprised).toBe(false);
    expect(act(state, declare('c1', 'free', 0), player('c1')).events).toHaveLength(1);
  });
});

describe('uesrpg round end', () => {
  it('[UES-20] the round ends once everyone had a turn, whatever AP remain; "until the end of the round" ends then', () => {
    let s = combat({ groupTurns: 'together' }); // the Bandits share one turn
    s = run(s, { type: 'add-condition', combatantId: 'c4', name: 'Off balance', rounds: 1 });
    s = run(s, { type: 'add-condition', combatantId: 'c1', name: 'Blessed', rounds: 2 });
    expect(s.combatants.find((c) => c.id === 'c4')?.conditions[0]?.expiry).toEqual({ at: 'round-end', round: 1, anchor: [] });
    s = run(s, declare('c5', 'reaction', 1, { threatId: 'axe' }));
    s = run(s, { type: 'end-turn' });
    s = run(s, { type: 'end-turn' });
    const before = s;
    const { state, events } = act(s, { type: 'end-turn' });
    expect(types(events)).toEqual([
      'turn-ended',
      'round-ended',
      'condition-expired',
      'uesrpg-round-cleared',
      'round-started',
      'resource-changed',
      'turn-started',
    ]);
    expect(state.combatants.find((c) => c.id === 'c4')?.conditions).toEqual([]);
    expect(state.combatants.find((c) => c.id === 'c1')?.conditions.map((k) => k.name)).toEqual(['Blessed']);
    expect(extOf(state).combatants['c5']?.reactedTo).toEqual([]);
    // [ENG-18] undo brings the ended condition, the reaction log and the spent AP back.
    const undone = run(state, { type: 'undo' });
    expect(undone.combatants).toEqual(before.combatants);
    expect(undone.ext).toEqual(before.ext);
  });

  it('[UES-21] [UES-32] [ENG-19] the encounter repeats rounds until the GM ends it; there is no delaying a turn', () => {
    let s = combat({ groupTurns: 'together' }); // the Bandits share one turn
    expect(refusal(s, { type: 'delay-turn' }).message).toBe('UESRPG has no delay rule.');
    for (let i = 0; i < 7; i++) s = run(s, { type: 'end-turn' });
    expect(s.round).toBe(3);
    expect(refusal(s, { type: 'end-encounter' }, player('c1')).code).toBe('gm-only');
    s = run(s, { type: 'end-encounter' });
    expect(s.phase).toBe('ended');
    expect(refusal(s, declare('c1', 'free', 0)).code).toBe('wrong-phase');
  });

  it('[UES-15] [ENG-9] a defeated combatant has no turn and cannot act; revived, its slot comes back', () => {
    let s = combat({ groupTurns: 'together' }); // the Bandits share one turn
    s = run(s, { type: 'set-defeated', combatantId: 'c1', defeated: true });
    expect(refusal(s, declare('c1', 'reaction', 1, { threatId: 'x' }), player('c1')).code).toBe('not-eligible');
    s = run(s, { type: 'end-turn' });
    expect(whoseTurn(s)).toBe('c4+c5');
    s = run(s, { type: 'set-defeated', combatantId: 'c4', defeated: true });
    s = run(s, { type: 'end-turn' });
    expect(`${s.round}:${whoseTurn(s)}`).toBe('2:c2');
    s = run(s, { type: 'set-defeated', combatantId: 'c1', defeated: false });
    s = run(s, { type: 'end-turn' });
    expect(whoseTurn(s)).toBe('c1');
  });

  it('[UES-14] [ENG-8] combatants may be removed mid-combat; an open action of a removed combatant no longer holds the turn', () => {
    let s = combat();
    s = run(s, declare('c2', 'primary', 1), player('c2'));
    s = run(s, { type: 'remove-combatant', combatantId: 'c2' });
    const { state, events } = act(s, { type: 'end-turn' });
    expect(types(events)).toContain('uesrpg-action-resolved');
    expect(extOf(state).openAction).toBeNull();
    expect(whoseTurn(state)).toBe('c1');
  });
});

describe('uesrpg undo and redo', () => {
  it('[ENG-18] every uesrpg command can be undone and redone', () => {
    const steps = [
      (s: EncounterState) => run(s, declare('c2', 'primary', 4, { label: 'Ritual' }), player('c2')),
      (s: EncounterState) => run(s, declare('c1', 'reaction', 1, { threatId: 'x' }), player('c1')),
      (s: EncounterState) => run(s, { type: 'uesrpg-abandon-extended', combatantId: 'c2' }),
    ];
    let s = combat();
    const depth = s.history.past.length;
    for (const step of steps) {
      const next = step(s);
      const d = decide(next, { type: 'undo' }, GM);
      if (!d.ok) throw new Error(d.violation.message);
      const undone = d.events.reduce<EncounterState>((x, e) => evolve(x, e), next);
      expect(undone.ext).toEqual(s.ext);
      expect(undone.combatants).toEqual(s.combatants);
      expect(run(undone, { type: 'redo' })).toEqual(next);
      s = next;
    }
    expect(project(s, GM).undo).toEqual({ undo: depth + 3, redo: 0 });
  });
});

describe('uesrpg group turns, one member at a time', () => {
  it('[UES-35] [UES-13] with groupTurns each, every member of a group takes its own turn in the group\'s place, in the GM\'s order, with its own AP', () => {
    let s = run(table(), add('Slow', 'enemy', { stats: { initiativeRating: 0 } })); // c6
    s = run(s, { type: 'set-options', options: { groupTurns: 'each' } });
    s = d6(d6(d6(d6(s, 'c1', 3), 'c2', 6), 'g3', 2), 'c6', 1);
    expect(refusal(s, { type: 'uesrpg-order-members', groupId: 'g3', order: ['c5'] }).code).toBe('invalid-command');
    expect(refusal(s, { type: 'uesrpg-order-members', groupId: 'g3', order: ['c5', 'c4'] }, player('c1')).code).toBe('gm-only');
    s = run(s, { type: 'uesrpg-order-members', groupId: 'g3', order: ['c5', 'c4'] });
    s = run(s, { type: 'start-combat' });
    const turns: string[][] = [];
    for (let i = 0; i < 5 && s.round === 1; i++) {
      turns.push([...(s.turn?.actorIds ?? [])]);
      s = run(s, { type: 'end-turn' });
    }
    expect(turns).toEqual([['c2'], ['c1'], ['c5'], ['c4'], ['c6']]);
    expect(s.slots).toHaveLength(4); // still one slot for the group
  });

  it('[UES-35] [ENG-8] once the encounter has ended there is no group left to order', () => {
    const s = run(table(), { type: 'end-encounter' });
    expect(refusal(s, { type: 'uesrpg-order-members', groupId: 'g3', order: ['c5', 'c4'] }).code).toBe('wrong-phase');
  });
});
