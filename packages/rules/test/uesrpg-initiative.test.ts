// Steps 1–3 through the engine: surprise, the Initiative Roll, the order and its ties, newcomers.
import { describe, expect, it } from 'vitest';
import { project, verifyDice } from '../src/index.js';
import { act, add, GM, player, refusal, run, unit } from './harness.js';
import { AELA, BANDIT, BRAND, combat, d6, extOf, logged, table, uesEncounter, viewExt, whoseTurn } from './uesrpg-harness.js';

const slotUnits = (s: ReturnType<typeof table>) => s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : 'open'));

describe('uesrpg surprise (Step 1)', () => {
  it('[UES-1] the GM says who is surprised before anyone rolls; until then rolls and combat wait', () => {
    let s = uesEncounter();
    s = run(s, add('Aela', 'pc', { stats: AELA }));
    s = run(s, add('Wolf', 'enemy', { stats: BANDIT }));
    s = run(s, { type: 'begin-initiative' });
    expect(viewExt(project(s, { role: 'spectator' })).surprise).toBe('undecided');
    expect(refusal(s, { type: 'roll-initiative', unit: unit('c1') }, player('c1')).code).toBe('surprise-undecided');
    expect(refusal(s, { type: 'roll-npc-initiative' }).code).toBe('surprise-undecided');
    expect(refusal(s, { type: 'start-combat' }).code).toBe('surprise-undecided');
    expect(refusal(s, { type: 'roll-npc-initiative' }, player('c1')).code).toBe('gm-only');
    expect(refusal(s, { type: 'uesrpg-set-surprise', surprised: ['c2'] }, player('c1')).code).toBe('gm-only');
    expect(refusal(s, { type: 'uesrpg-set-surprise', surprised: ['c9'] }).code).toBe('unknown-combatant');
    expect(refusal(s, { type: 'uesrpg-set-surprise', surprised: ['c2', 'c2'] }).code).toBe('invalid-command');
    s = run(s, { type: 'uesrpg-set-surprise', surprised: ['c2'] });
    expect(viewExt(project(s, { role: 'spectator' }))).toMatchObject({
      surprise: 'decided',
      combatants: { c1: { surprised: false }, c2: { surprised: true } },
    });
    // Nobody surprised is a decision too.
    s = run(s, { type: 'uesrpg-set-surprise', surprised: [] });
    expect(extOf(s).combatants['c2']?.surprised).toBe(false);
  });

  it('[UES-1] [UES-2] surprise may be decided in setup, and cannot change once that unit has its entry', () => {
    let s = uesEncounter();
    s = run(s, add('Aela', 'pc', { stats: AELA }));
    s = run(s, { type: 'uesrpg-set-surprise', surprised: ['c1'] });
    s = run(s, { type: 'begin-initiative' });
    s = run(s, { type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    const r = refusal(s, { type: 'uesrpg-set-surprise', surprised: [] });
    expect(r.code).toBe('already-rolled');
    expect(r.message).toContain('Aela');
  });

  it('[UES-2] a surprised character rolls no die: its entry is its Initiative Rating, and the generator stays', () => {
    const s = table({}, ['c1']);
    const { state, events } = act(s, { type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    expect(events).toEqual([
      {
        type: 'initiative-rolled',
        unit: unit('c1'),
        roll: { dice: [], kept: 0, modifier: 9, total: 9, mode: 'normal', detail: { luckBonus: 4, surprised: 1 }, source: 'server' },
        rng: s.dice.rng,
      },
    ]);
    expect(state.dice.rng).toEqual(s.dice.rng);
    // A group rolls without a die only when all its standing members are surprised.
    const partly = table({}, ['c4']);
    const rolled = act(partly, { type: 'roll-initiative', unit: unit('g3') }).events[0];
    expect(rolled?.type === 'initiative-rolled' && rolled.roll.dice).toHaveLength(1);
    const whole = table({}, ['c4', 'c5']);
    const entry = act(whole, { type: 'roll-initiative', unit: unit('g3') }).events[0];
    expect(entry?.type === 'initiative-rolled' && entry.roll).toMatchObject({ dice: [], total: 8, detail: { surprised: 1 } });
  });

  it('[UES-4] setting the scene is the setup phase: combatants, hidden ones and notes before initiative', () => {
    let s = uesEncounter();
    s = run(s, add('Ambusher', 'enemy', { stats: BANDIT, hidden: true, note: 'behind the cart' }));
    expect(s.phase).toBe('setup');
    expect(project(s, { role: 'spectator' }).combatants).toEqual([]);
    expect(project(s, GM).combatants[0]?.note).toBe('behind the cart');
  });
});

describe('uesrpg Initiative Roll (Step 3)', () => {
  it('[UES-5] [UES-6] 1d6 + Initiative Rating (Agility, Intelligence and Perception bonuses, or the stat block\'s)', () => {
    const t = logged();
    t.step(add('Aela', 'pc', { stats: AELA }));
    t.step(add('Bandit', 'enemy', { stats: BANDIT }));
    t.step({ type: 'begin-initiative' });
    t.step({ type: 'uesrpg-set-surprise', surprised: [] });
    const [, aela] = t.step({ type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    const [, bandit] = t.step({ type: 'roll-npc-initiative' });
    for (const [e, rating] of [[aela, 9], [bandit, 8]] as const) {
      if (e?.type !== 'initiative-rolled') throw new Error('expected a roll');
      expect(e.roll.dice).toHaveLength(1);
      expect(e.roll.dice[0]?.sides).toBe(6);
      expect(e.roll.modifier).toBe(rating);
      expect(e.roll.total).toBe(rating + (e.roll.dice[0]?.face ?? 0));
    }
    expect(verifyDice(t.log)).toMatchObject({ ok: true, checked: 2 });
  });

  it('[UES-5] [ENG-21] physical dice: one d6 face from 1 to 6, where the GM allows it', () => {
    const s = table();
    const { events } = act(s, { type: 'enter-initiative', unit: unit('c2'), faces: [6] }, player('c2'));
    expect(events[0]?.type === 'initiative-rolled' && events[0].roll).toMatchObject({ total: 14, source: 'physical' });
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c2'), faces: [7] }, player('c2')).code).toBe('invalid-dice');
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c2'), faces: [3, 4] }, player('c2')).code).toBe('invalid-dice');
    const off = run(run(uesEncounter(), add('Aela', 'pc')), { type: 'set-options', options: { physicalDice: 'off' } });
    expect(refusal(off, { type: 'enter-initiative', unit: unit('c1'), faces: [3] }).code).toBe('not-supported');
  });

  it('[UES-31] advantage and disadvantage do not apply to the Initiative Roll', () => {
    const s = table();
    expect(refusal(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'advantage' }, player('c1')).code).toBe('not-supported');
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c1'), faces: [2, 5], mode: 'disadvantage' }).code).toBe('not-supported');
    expect(act(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'normal' }, player('c1')).events).toHaveLength(1);
  });

  it('[UES-7] combat starts only once every unit still in the fight has its entry', () => {
    let s = d6(d6(table(), 'c1', 3), 'c2', 6);
    expect(refusal(s, { type: 'start-combat' }).code).toBe('initiative-missing');
    s = run(s, { type: 'set-defeated', combatantId: 'c4', defeated: true });
    s = run(s, { type: 'set-defeated', combatantId: 'c5', defeated: true });
    expect(run(s, { type: 'start-combat' }).phase).toBe('active');
  });

  it('[UES-12] [UES-13] the GM rolls for NPCs, once for a group; player characters never share a roll', () => {
    const s = table();
    expect(refusal(s, { type: 'roll-initiative', unit: unit('g3') }, player('c4')).code).toBe('not-your-combatant');
    const { events } = act(s, { type: 'roll-npc-initiative' });
    expect(events.map((e) => e.type === 'initiative-rolled' && e.unit)).toEqual([unit('g3')]);
    expect(refusal(uesEncounter(), add('Twins', 'pc', { count: 2 })).code).toBe('invalid-command');
    expect(run(uesEncounter(), add('Wolves', 'npc', { count: 3 })).groups).toHaveLength(1);
  });
});

describe('uesrpg order and ties', () => {
  it('[UES-8] [UES-15] [UES-35] highest first, built once and kept every round; each takes one turn, a group\'s members one by one', () => {
    let s = combat();
    expect(slotUnits(s)).toEqual(['c2', 'c1', 'g3']);
    const turns: string[] = [];
    while (s.round < 3) {
      turns.push(`${s.round}:${whoseTurn(s)}`);
      s = run(s, { type: 'end-turn' });
    }
    expect(turns).toEqual(['1:c2', '1:c1', '1:c4', '1:c5', '2:c2', '2:c1', '2:c4', '2:c5']);
    expect(slotUnits(s)).toEqual(['c2', 'c1', 'g3']);
  });

  it('[UES-35] groupTurns together (the table\'s choice): a group\'s members share one turn', () => {
    let s = combat({ groupTurns: 'together' });
    const turns: string[] = [];
    while (s.round < 3) {
      turns.push(`${s.round}:${whoseTurn(s)}`);
      s = run(s, { type: 'end-turn' });
    }
    expect(turns).toEqual(['1:c2', '1:c1', '1:c4+c5', '2:c2', '2:c1', '2:c4+c5']);
  });

  it('[UES-9] [UES-10] equal totals: the higher rating first, then the higher Luck bonus, a PC before an NPC', () => {
    let s = uesEncounter();
    s = run(s, add('Aela', 'pc', { stats: AELA })); // 9, Luck 4
    s = run(s, add('Brand', 'pc', { stats: BRAND })); // 8, Luck 5
    s = run(s, add('Cato', 'pc', { stats: { ...AELA, luck: 62 } })); // 9, Luck 6
    s = run(s, add('Orc', 'enemy', { stats: { initiativeRating: 9 } }));
    s = run(run(s, { type: 'begin-initiative' }), { type: 'uesrpg-set-surprise', surprised: [] });
    s = d6(d6(d6(d6(s, 'c1', 3), 'c2', 4), 'c3', 3), 'c4', 3); // everyone 12
    expect(s.system).toBe('uesrpg');
    s = run(s, { type: 'start-combat' });
    expect(slotUnits(s)).toEqual(['c3', 'c1', 'c4', 'c2']);
  });

  it('[UES-11] a tie the chain cannot break waits for the GM; NPC ties cannot roll off', () => {
    let s = uesEncounter();
    s = run(s, add('Orc', 'enemy', { stats: BANDIT }));
    s = run(s, add('Goblin', 'enemy', { stats: BANDIT }));
    s = run(run(s, { type: 'begin-initiative' }), { type: 'uesrpg-set-surprise', surprised: [] });
    s = d6(d6(s, 'c1', 2), 'c2', 2);
    expect(refusal(s, { type: 'start-combat' }).code).toBe('tie-unresolved');
    expect(viewExt(project(s, GM)).ties).toEqual([{ units: [unit('c1'), unit('c2')], resolutions: ['gm-order'] }]);
    expect(refusal(s, { type: 'uesrpg-roll-off-luck', units: [unit('c1'), unit('c2')] }).code).toBe('not-supported');
    s = run(s, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] });
    expect(slotUnits(run(s, { type: 'start-combat' }))).toEqual(['c2', 'c1']);
  });

  it('[UES-11] [ENG-22] tied PCs may make contested Luck rolls: d100 under Luck, the wider margin first', () => {
    const t = logged();
    t.step(add('Aela', 'pc', { stats: AELA }));
    t.step(add('Cato', 'pc', { stats: { ...AELA, luck: 47 } }));
    t.step({ type: 'begin-initiative' });
    t.step({ type: 'uesrpg-set-surprise', surprised: [] });
    t.step({ type: 'enter-initiative', unit: unit('c1'), faces: [4] });
    t.step({ type: 'enter-initiative', unit: unit('c2'), faces: [4] });
    expect(refusal(t.state, { type: 'uesrpg-roll-off-luck', units: [unit('c1'), unit('c2')] }, player('c1')).code).toBe('gm-only');
    expect(refusal(t.state, { type: 'uesrpg-roll-off-luck', units: [unit('c1')] }).code).toBe('not-a-tie');
    const [, rolled] = t.step({ type: 'uesrpg-roll-off-luck', units: [unit('c1'), unit('c2')] });
    if (rolled?.type !== 'uesrpg-luck-rolled') throw new Error('expected a roll-off');
    expect(rolled.rolls.length).toBeGreaterThanOrEqual(2);
    const [first, second] = rolled.rolls;
    const margin = (r: typeof first) => (r ? r.luck - r.face : 0);
    if (margin(first) !== margin(second)) {
      expect(rolled.order?.[0]).toEqual(margin(first) > margin(second) ? first?.unit : second?.unit);
    }
    expect(project(t.state, GM).pendingTies).toEqual([]);
    expect(viewExt(project(t.state, { role: 'spectator' })).lastRollOff?.rolls).toEqual(rolled.rolls);
    t.step({ type: 'start-combat' });
    expect(t.state.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit : null))).toEqual(rolled.order);
    t.step({ type: 'end-encounter' });
    expect(verifyDice(t.log)).toMatchObject({ ok: true, checked: rolled.rolls.length });
  });

  it('[UES-14] a newcomer rolls and takes its place; a place already passed waits for the next round', () => {
    let s = combat(); // Brand 14, Aela 12, Bandits 10
    s = run(s, { type: 'end-turn' }); // Aela's turn
    s = run(s, add('Scout', 'npc', { stats: { initiativeRating: 10 } })); // c9 (s6–s8 are the slots)
    s = d6(s, 'c9', 3); // 13: between Brand and Aela, already passed
    s = run(s, add('Rat', 'enemy', { stats: { initiativeRating: 1 } })); // c11 (s10 is the Scout's slot)
    s = d6(s, 'c11', 1); // 2: last, still to come
    expect(slotUnits(s)).toEqual(['c2', 'c9', 'c1', 'g3', 'c11']);
    const turns: string[] = [];
    while (s.round < 3) {
      turns.push(`${s.round}:${whoseTurn(s)}`);
      s = run(s, { type: 'end-turn' });
    }
    expect(turns).toEqual(['1:c1', '1:c4', '1:c5', '1:c11', '2:c2', '2:c9', '2:c1', '2:c4', '2:c5', '2:c11']);
  });
});
