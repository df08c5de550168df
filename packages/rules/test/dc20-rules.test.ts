// dc20's rules through the engine (decide/evolve/project), one behaviour per test. Rule ids refer to
// packages/rules/spec/dc20.md; the pure functions have their own tests in src/systems/dc20/.
import { describe, expect, it } from 'vitest';
import { project, verifyDice } from '../src/index.js';
import { GM, player, Table } from './dc20-harness.js';
import type { Dc20ViewExt } from '../src/systems/dc20/view.js';

/** Ayla (c1) and Bram (c2), level 1, vs Goblins c3, c4 at DC 12; Ayla 15, Bram 10 (faces 14 and 9). */
function twoOnTwo(options: Readonly<Record<string, unknown>> = {}): Table {
  const t = new Table(undefined, options);
  t.add('Ayla', 'pc');
  t.add('Bram', 'pc');
  t.add('Gob A', 'enemy');
  t.add('Gob B', 'enemy');
  t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 12 } });
  t.run({ type: 'begin-initiative' });
  t.check('c1', 14);
  t.check('c2', 9);
  return t;
}


const MAX_LOOP = 50;

/** Plays out the current round as a hurried table: the first candidate claims (the GM closes), the GM sends the first free enemy. */
function finishRound(t: Table): readonly string[] {
  const started: string[] = [];
  const round = t.state.round;
  for (let i = 0; i < MAX_LOOP && t.state.round === round && t.state.phase === 'active'; i++) {
    started.push(t.state.turn?.slotId ?? '');
    const pending = (project(t.state, GM).ext as Dc20ViewExt).pending[0];
    if (pending?.kind === 'choose-pc-turn') {
      t.run({ type: 'claim-turn', combatantIds: [pending.candidates[0] ?? ''] });
      if (t.turn.length === 0) t.run({ type: 'dc20-close-claims' });
    } else if (pending?.kind === 'assign-turn') t.run({ type: 'claim-turn', combatantIds: pending.unassigned.slice(0, 1) });
    else t.run({ type: 'end-turn' });
  }
  if (t.state.round === round) throw new Error('the round did not end');
  return started;
}

describe('dc20 Encounter DC and checks', () => {
  it('[DC20-2] [DC20-3] the GM sets the DC from the table or any number; initiative waits for it; a change re-scores checks', () => {
    const t = new Table();
    const a = t.add('Ayla', 'pc');
    expect(t.refused({ type: 'begin-initiative' }).code).toBe('dc20-dc-missing');
    expect(t.refused({ type: 'dc20-set-encounter-dc', dc: { kind: 'table', level: 21, difficulty: 'easy' } }).code).toBe('dc20-invalid-level');
    expect(t.refused({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 12 } }, player(a)).code).toBe('gm-only');
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'table', level: 19, difficulty: 'hard' } });
    expect(t.ext.dc?.value).toBe(26);
    t.run({ type: 'begin-initiative' });
    t.check(a, 13); // 13 + 1 = 14
    expect(t.combatant(a).initiative?.outcome).toBe('failure');
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 14 } });
    expect(t.combatant(a).initiative?.outcome).toBe('success');
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ encounterDc: { value: 14 }, dcTable: expect.arrayContaining([{ levels: [1, 2], easy: 11, normal: 13, hard: 15 }]) });
  });

  it('[DC20-4] Pre-Combat Aggression is narrative: the order is the same whatever happened before initiative', () => {
    const a = twoOnTwo();
    const b = twoOnTwo();
    b.run({ type: 'add-condition', combatantId: 'c3', name: 'Arrow wound' });
    a.run({ type: 'start-combat' });
    b.run({ type: 'start-combat' });
    expect(b.teams).toEqual(a.teams);
  });

  it('[DC20-6] [DC20-7] d20 + Combat Mastery + Agility (+ initiative bonuses); ADV 2 rolls three d20s and keeps the highest', () => {
    const t = new Table();
    const a = t.add('Ayla', 'pc', { level: 5, agility: 4, initBonus: 1 });
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 15 } });
    t.run({ type: 'begin-initiative' });
    t.run({ type: 'dc20-enter-initiative', combatantId: a, faces: [3, 17, 8], adv: 2 }, player(a));
    expect(t.combatant(a).initiative).toMatchObject({ kept: 17, modifier: 8, total: 25, mode: 'advantage', detail: { netAdvantage: 2 } });
    expect(t.refused({ type: 'dc20-enter-initiative', combatantId: a, faces: [3], adv: 2 }, player(a)).code).toBe('already-rolled');
  });

  it('[DC20-7] [ENG-21] ADV and DisADV cancel one for one; entered faces must fit the dice', () => {
    const t = new Table();
    const a = t.add('Ayla', 'pc');
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 15 } });
    t.run({ type: 'begin-initiative' });
    expect(t.refused({ type: 'dc20-enter-initiative', combatantId: a, faces: [3, 4], adv: 2, disadv: 2 }, player(a)).code).toBe('invalid-dice');
    t.run({ type: 'dc20-enter-initiative', combatantId: a, faces: [3, 4], adv: 1, disadv: 2 }, player(a));
    expect(t.combatant(a).initiative).toMatchObject({ kept: 3, mode: 'disadvantage' });
  });

  it('[DC20-8] [DC20-9] [DC20-10] [DC20-11] crits on the kept die: Inspiration Die, first-round ADV, attacked with ADV; round-1 benefits end with round 1', () => {
    const t = new Table();
    const [a, b, c] = [t.add('Ayla', 'pc'), t.add('Bram', 'pc'), t.add('Cyra', 'pc')];
    t.add('Gob', 'enemy');
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 30 } });
    t.run({ type: 'begin-initiative' });
    t.check(a, 20);
    t.check(b, 1);
    t.run({ type: 'dc20-enter-initiative', combatantId: c, faces: [20, 2], disadv: 1 }, player(c));
    expect(t.combatant(c).initiative?.outcome).toBe('failure');
    t.run({ type: 'start-combat' });
    expect(t.ext.benefits).toEqual({ [a]: ['inspiration-die', 'first-round-adv'], [b]: ['first-attack-against-has-adv'] });
    t.run({ type: 'dc20-use-benefit', combatantId: a, kind: 'first-round-adv' }, player(a));
    expect(t.refused({ type: 'dc20-use-benefit', combatantId: a, kind: 'first-round-adv' }, player(a)).code).toBe('dc20-no-benefit');
    const used = t.run({ type: 'dc20-use-inspiration', combatantId: a }, player(a));
    expect(used[0]).toMatchObject({ type: 'dc20-inspiration-used', combatantId: a });
    expect(verifyDice(t.log).ok).toBe(true);
    expect(t.refused({ type: 'dc20-use-inspiration', combatantId: a, face: 3 }, player(a)).code).toBe('dc20-no-benefit');
    // Round 1 ends: Bram's benefit goes with it.
    finishRound(t);
    expect(t.ext.benefits).toEqual({});
  });

  it('[DC20-9] the Inspiration Die lasts the whole combat, may be a real d6, and expires when combat ends', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    expect(t.ext.benefits).toEqual({ c1: ['inspiration-die'] });
    t.run({ type: 'end-encounter' });
    expect(t.ext.benefits).toEqual({});
    const u = twoOnTwo();
    u.run({ type: 'start-combat' });
    expect(u.refused({ type: 'dc20-use-inspiration', combatantId: 'c1', face: 7 }, player('c1')).code).toBe('invalid-dice');
    u.run({ type: 'dc20-use-inspiration', combatantId: 'c1', face: 5 }, player('c1'));
    expect(u.ext.inspirationRolls).toEqual({ c1: 5 });
  });

  it('[DC20-12] flag critCountsAsSuccess=false: a natural 20 below the DC is not a success for the party', () => {
    for (const [flag, winner] of [[true, 'pc'], [false, 'enemy']] as const) {
      const t = new Table(undefined, { critCountsAsSuccess: flag });
      const a = t.add('Ayla', 'pc');
      t.add('Gob', 'enemy');
      t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 25 } });
      t.run({ type: 'begin-initiative' });
      t.check(a, 20);
      t.run({ type: 'start-combat' });
      expect(t.ext.party?.winner).toBe(winner);
    }
  });
});

describe('dc20 turns', () => {
  it('[DC20-15] a lower claim waits while a higher PC is silent; the GM may close; a player cannot claim for another', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    expect(t.refused({ type: 'claim-turn', combatantIds: ['c1'] }, player('c2')).code).toBe('not-your-combatant');
    t.run({ type: 'claim-turn', combatantIds: ['c2'] }, player('c2'));
    expect(t.turn).toEqual([]);
    expect(t.refused({ type: 'end-turn' }).code).toBe('decision-pending');
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    expect(t.turn).toEqual(['c1']);
    const u = twoOnTwo();
    u.run({ type: 'start-combat' });
    expect(u.refused({ type: 'dc20-close-claims' }).code).toBe('dc20-pc-turn-unclaimed');
    u.run({ type: 'claim-turn', combatantIds: ['c2'] }, player('c2'));
    u.run({ type: 'dc20-close-claims' });
    expect(u.turn).toEqual(['c2']);
  });

  it('[DC20-16] tied claims: a player can give up their own claim but not push the other out; the turn shared, each ends their part', () => {
    const t = new Table();
    const [a, b] = [t.add('Barbarian', 'pc'), t.add('Champion', 'pc')];
    t.add('Gob', 'enemy');
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 5 } });
    t.run({ type: 'begin-initiative' });
    t.check(a, 12);
    t.check(b, 12);
    t.run({ type: 'start-combat' });
    t.run({ type: 'claim-turn', combatantIds: [a] }, player(a));
    t.run({ type: 'claim-turn', combatantIds: [b] }, player(b));
    expect(t.refused({ type: 'dc20-resolve-claim', combatantIds: [a] }, player(a)).code).toBe('not-your-combatant');
    t.run({ type: 'dc20-resolve-claim', combatantIds: [a, b] }, player(a));
    expect(t.turn).toEqual([a, b]);
    t.run({ type: 'spend-resource', combatantId: a, resource: 'AP', amount: 1 }, player(a));
    t.run({ type: 'spend-resource', combatantId: b, resource: 'AP', amount: 1 }, player(b));
    t.run({ type: 'end-turn' }, player(a));
    expect(t.ext.done).toEqual([a]);
    expect(t.refused({ type: 'end-turn' }, player(a)).code).toBe('not-your-turn');
    t.run({ type: 'end-turn' }, player(b));
    expect([t.ap(a), t.ap(b)]).toEqual([4, 4]);
  });

  it('[DC20-17] [DC20-18] [DC20-24] [DC20-26] the GM assigns enemies at any time, even mid-round; an enemy that acted does not act again; empty turns are skipped', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    const [p1, e1, , e2] = t.slotIds;
    expect(t.state.turn?.slotId).toBe(p1);
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    t.run({ type: 'dc20-assign', slotId: e2 ?? '', combatantIds: ['c4'] });
    t.run({ type: 'end-turn' }, player('c1'));
    // E1: Gob A is still free: the GM decides (here: both Goblins in one turn).
    expect(t.state.turn?.slotId).toBe(e1);
    t.run({ type: 'claim-turn', combatantIds: ['c3', 'c4'] });
    expect(t.turn).toEqual(['c3', 'c4']);
    t.run({ type: 'end-turn' });
    // P2 Bram; E2 is now empty and skipped; round 2 starts at P1.
    expect(t.turn).toEqual(['c2']);
    t.run({ type: 'end-turn' }, player('c2'));
    expect([t.state.round, t.turn]).toEqual([2, ['c1']]);
    // Assigning into a turn under way is refused; moving the Goblins to E2 later is fine.
    t.run({ type: 'dc20-assign', slotId: e2 ?? '', combatantIds: ['c4'] });
    expect(t.ext.holders).toMatchObject({ [e1 ?? '']: ['c3'], [e2 ?? '']: ['c4'] });
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ turns: [{ holders: ['c1'] }, { holders: [] }, { holders: ['c2'] }, { holders: [] }] });
  });

  it('[DC20-23] 4 Goblins and 2 Hobgoblins against 4 PCs: 2 + 2 + 2 in Enemy turns 1–3, Enemy turn 4 kept and skipped', () => {
    const t = new Table();
    const pcs = ['A', 'B', 'C', 'D'].map((n) => t.add(n, 'pc'));
    t.add('Goblin', 'enemy', {}, { count: 4 }); // g5: c6–c9
    t.add('Hobgoblin', 'enemy', {}, { count: 2 }); // g10: c11, c12
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 30 } });
    t.run({ type: 'begin-initiative' });
    pcs.forEach((id, i) => t.check(id, 2 + i));
    t.run({ type: 'start-combat' });
    expect(t.teams).toEqual(['enemy-1', 'pc', 'enemy-1', 'pc', 'enemy-1', 'pc', 'enemy-1', 'pc']);
    const [e1, , e2, , e3, , e4] = t.slotIds;
    t.run({ type: 'claim-turn', combatantIds: ['c6', 'c7'] });
    t.run({ type: 'dc20-assign', slotId: e2 ?? '', combatantIds: ['c11', 'c12'] });
    t.run({ type: 'dc20-assign', slotId: e3 ?? '', combatantIds: ['c8', 'c9'] });
    expect(t.ext.holders).toMatchObject({ [e1 ?? '']: ['c6', 'c7'], [e2 ?? '']: ['c11', 'c12'], [e3 ?? '']: ['c8', 'c9'] });
    const started = finishRound(t);
    expect(started).not.toContain(e4);
    expect(t.state.slots.map((s) => s.id)).toContain(e4);
  });

  it('[DC20-19] [DC20-21] [DC20-22] the Rogue delays from the 1st PC turn to share the Cleric\'s 2nd, keeping AP until that turn ends', () => {
    const t = new Table();
    const [rogue, cleric] = [t.add('Rogue', 'pc'), t.add('Cleric', 'pc')];
    t.add('Gob', 'enemy');
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 5 } });
    t.run({ type: 'begin-initiative' });
    t.check(rogue, 15);
    t.check(cleric, 10);
    t.run({ type: 'start-combat' });
    const [p1, e1, p2] = t.slotIds;
    t.run({ type: 'claim-turn', combatantIds: [rogue] }, player(rogue));
    t.run({ type: 'spend-resource', combatantId: rogue, resource: 'AP', amount: 2 }, player(rogue));
    expect(t.refused({ type: 'dc20-delay', combatantId: rogue, to: { kind: 'pc-turn', slotId: p1 ?? '' } }, player(rogue)).code).toBe('dc20-delay-not-later');
    expect(t.refused({ type: 'dc20-delay', combatantId: rogue, to: { kind: 'pc-turn', slotId: e1 ?? '' } }, player(rogue)).code).toBe('dc20-not-a-pc-turn');
    expect(t.refused({ type: 'dc20-delay', combatantId: rogue, to: { kind: 'pc-turn', slotId: p2 ?? '' } }, player(cleric)).code).toBe('not-your-combatant');
    t.run({ type: 'delay-turn', targetSlotId: p2 }, player(rogue));
    expect(t.ap(rogue)).toBe(2);
    expect(t.state.acted).not.toContain(rogue);
    // E1 waits for the GM; then the Cleric's turn is shared with the Rogue.
    t.run({ type: 'claim-turn', combatantIds: ['c3'] });
    t.run({ type: 'end-turn' });
    expect(t.state.turn?.slotId).toBe(p2);
    expect(t.turn).toEqual([rogue, cleric]);
    expect(t.ap(rogue)).toBe(2);
    t.run({ type: 'end-turn' });
    expect(t.ap(rogue)).toBe(4);
    // Round 2: the Rogue holds the 2nd PC turn for good; the 1st is empty and skipped.
    expect(t.state.round).toBe(2);
    expect(t.ext.holders[p2 ?? '']).toEqual([rogue, cleric]);
  });

  it('[DC20-20] delaying until after a seen enemy on the last turn makes a new PC turn after it; hidden enemies are unknown to players', () => {
    const t = twoOnTwo();
    t.add('Shade', 'enemy', {}, { hidden: true }); // c5
    t.run({ type: 'start-combat' });
    const [, e1, , e2] = t.slotIds;
    t.run({ type: 'dc20-assign', slotId: e2 ?? '', combatantIds: ['c4', 'c5'] });
    t.run({ type: 'dc20-assign', slotId: e1 ?? '', combatantIds: ['c3'] });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    expect(t.refused({ type: 'dc20-delay', combatantId: 'c1', to: { kind: 'after-enemy', enemyId: 'c5' } }, player('c1')).code).toBe('unknown-combatant');
    t.run({ type: 'dc20-delay', combatantId: 'c1', to: { kind: 'after-enemy', enemyId: 'c4' } }, player('c1'));
    expect(t.teams).toEqual(['pc', 'enemy-1', 'pc', 'enemy-1', 'pc']);
    const created = t.slotIds[4] ?? '';
    expect(t.ext.holders[created]).toEqual(['c1']);
    expect(t.ext.deferred).toEqual(['c1']);
    expect(JSON.stringify(project(t.state, player('c1')))).not.toContain('"c5"');
  });

  it('[DC20-25] merging is offered only after a shared PC turn, and the GM may keep the turns', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    expect(t.refused({ type: 'dc20-keep-enemy-turns' }).code).toBe('dc20-no-merge');
  });

  it('[DC20-27] [DC20-39] two enemy teams: combat waits for their order (GM or Fate Checks); PC, Enemy 1, Enemy 2 alternate', () => {
    const t = twoOnTwo();
    t.run({ type: 'dc20-set-team', combatantId: 'c4', team: 'enemy-2' });
    expect(t.refused({ type: 'start-combat' }).code).toBe('dc20-teams-unordered');
    const fate = t.run({ type: 'dc20-fate-check' });
    expect(fate[0]).toMatchObject({ type: 'dc20-fate-checked' });
    if (!t.ext.enemyOrder) t.run({ type: 'dc20-order-enemy-teams', order: ['enemy-2', 'enemy-1'] });
    const order = t.ext.enemyOrder ?? [];
    t.run({ type: 'start-combat' });
    expect(t.teams).toEqual(['pc', ...order, 'pc', ...order]);
    expect(verifyDice(t.log).ok).toBe(true);
  });

  it('[DC20-28] [DC20-29] an NPC team takes its own turns after the Enemy team; an Important NPC takes PC turns and does not roll', () => {
    const t = twoOnTwo();
    t.add('Villager', 'npc'); // c5
    t.add('Guide', 'npc'); // c6
    t.run({ type: 'dc20-set-team', combatantId: 'c6', team: 'pc' });
    expect(t.refused({ type: 'dc20-set-team', combatantId: 'c1', team: 'npc' }).code).toBe('invalid-command');
    t.run({ type: 'start-combat' });
    expect(t.teams).toEqual(['pc', 'enemy-1', 'npc', 'pc', 'enemy-1', 'npc', 'pc', 'enemy-1', 'npc']);
    expect(project(t.state, GM).ext).toMatchObject({ teams: { c6: { team: 'pc', role: 'important-npc' } } });
  });

  it('[DC20-32] at the last PC turn every PC-team member still without a turn takes it, shared', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    t.run({ type: 'end-turn' }, player('c1'));
    t.run({ type: 'claim-turn', combatantIds: ['c3', 'c4'] });
    t.run({ type: 'end-turn' });
    expect(t.turn).toEqual(['c2']);
  });

  it('[DC20-33] [DC20-34] a 1-round effect lasts until the start of its creator\'s next turn', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    t.run({ type: 'add-condition', combatantId: 'c3', name: 'Dazed', rounds: 1 });
    t.run({ type: 'end-turn' }, player('c1'));
    t.run({ type: 'claim-turn', combatantIds: ['c3', 'c4'] });
    t.run({ type: 'end-turn' });
    expect(t.combatant('c3').conditions.map((k) => k.name)).toEqual(['Dazed']);
    t.run({ type: 'end-turn' }, player('c2'));
    expect([t.state.round, t.turn]).toEqual([2, ['c1']]);
    expect(t.combatant('c3').conditions).toEqual([]);
  });

  it('[DC20-35] [DC20-36] flag surprised=unableToAct: 0 AP in the first turn, 4 after it; the condition goes with that turn', () => {
    const t = twoOnTwo({ surprised: 'unableToAct' });
    expect(t.refused({ type: 'dc20-set-surprised', combatantIds: ['c3'], surprised: true }, player('c1')).code).toBe('gm-only');
    t.run({ type: 'dc20-set-surprised', combatantIds: ['c3'], surprised: true });
    t.run({ type: 'start-combat' });
    expect(t.combatant('c3').resources['AP']).toEqual({ current: 0, max: 4 });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    t.run({ type: 'end-turn' }, player('c1'));
    t.run({ type: 'claim-turn', combatantIds: ['c3'] });
    t.run({ type: 'end-turn' });
    expect(t.combatant('c3').resources['AP']).toEqual({ current: 4, max: 4 });
    expect(t.combatant('c3').conditions).toEqual([]);
  });

  it('[DC20-37] [DC20-38] LAP are not spent during a PC turn; lapMode strict gives no round-end window, the refill still comes', () => {
    const t = twoOnTwo({ lapMode: 'strict' });
    t.run({ type: 'dc20-set-lap', combatantId: 'c3', max: 2, perTurn: 1 });
    t.run({ type: 'start-combat' });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    expect(t.refused({ type: 'dc20-spend-lap', combatantId: 'c3', amount: 1 }).code).toBe('dc20-lap-not-now');
    expect(t.refused({ type: 'spend-resource', combatantId: 'c1', resource: 'AP', amount: 5 }, player('c1')).code).toBe('insufficient-resource');
    t.run({ type: 'end-turn' }, player('c1'));
    t.run({ type: 'claim-turn', combatantIds: ['c3', 'c4'] });
    t.run({ type: 'dc20-spend-lap', combatantId: 'c3', amount: 1 });
    t.run({ type: 'end-turn' });
    t.run({ type: 'end-turn' }, player('c2'));
    t.run({ type: 'end-turn' });
    expect(t.state.round).toBe(2);
    expect(t.combatant('c3').resources['LAP']).toEqual({ current: 2, max: 2 });
  });

  it('[DC20-30] [DC20-15] combatants added or removed mid-combat: a newcomer PC claims a turn; a removed or defeated one is skipped', () => {
    const t = twoOnTwo();
    t.run({ type: 'start-combat' });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    t.run({ type: 'end-turn' }, player('c1'));
    t.run({ type: 'claim-turn', combatantIds: ['c3', 'c4'] });
    t.run({ type: 'end-turn' });
    t.run({ type: 'end-turn' }, player('c2'));
    // Round 2: Dara joins; at P1 (Ayla's) she may join, or wait; at the last PC turn she is seated.
    const dara = t.add('Dara', 'pc');
    t.run({ type: 'set-defeated', combatantId: 'c3', defeated: true });
    t.run({ type: 'remove-combatant', combatantId: 'c4' });
    expect(t.turn).toEqual(['c1']);
    t.run({ type: 'end-turn' }, player('c1'));
    expect([t.state.round, t.turn]).toEqual([2, ['c2', dara]]);
    t.run({ type: 'end-turn' });
    expect([t.state.round, t.turn]).toEqual([3, ['c1']]);
  });
});
