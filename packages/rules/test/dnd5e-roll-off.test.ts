// [DND-10] "Optionally, the tied parties can roll a d20 each to determine the order, highest roll going first."
import { describe, expect, it } from 'vitest';
import { project, replay, rngFromSeed, rollDice, verifyDice, type EncounterEvent, type EncounterState } from '../src/index.js';
import { rollOff } from '../src/systems/dnd5e/roll-off.js';
import { act, add, created, GM, player, refusal, run, unit } from './harness.js';

describe('rolling off', () => {
  it('[DND-10] each tied unit rolls a d20 from the generator, in the order listed; highest goes first', () => {
    const rng = rngFromSeed('00000000000000000000000000000001');
    const r = rollOff(rng, [unit('c3'), unit('c1')]);
    const faces = rollDice(rng, 20, 2);
    expect(r.throws).toEqual([
      [
        { unit: unit('c3'), die: { sides: 20, face: faces.faces[0] } },
        { unit: unit('c1'), die: { sides: 20, face: faces.faces[1] } },
      ],
    ]);
    expect(r.order).toEqual((faces.faces[0] ?? 0) > (faces.faces[1] ?? 0) ? [unit('c3'), unit('c1')] : [unit('c1'), unit('c3')]);
    expect(r.rng).toEqual(faces.rng);
  });

  it('[DND-10] a tie in the roll-off is rolled again among the tied only, until every place is settled', () => {
    // With this seed: 16, 2, 16; then 17, 17; then 7, 5.
    const r = rollOff(rngFromSeed('00000000000000000000000000000013'), [unit('c1'), unit('c2'), unit('c3')]);
    expect(r.throws.map((t) => t.map((x) => `${x.unit.id}:${x.die.face}`))).toEqual([['c1:16', 'c2:2', 'c3:16'], ['c1:17', 'c3:17'], ['c1:7', 'c3:5']]);
    expect(r.order).toEqual([unit('c1'), unit('c3'), unit('c2')]);
  });
});

/** An encounter log with real events: Borin (+2) and Mira (+5) enter 15 and 12, the Goblins (+2) 15: all at 17. */
function tiedLog(seed = '00000000000000000000000000000013') {
  const log: EncounterEvent[] = [created(seed)];
  let s: EncounterState = replay(log);
  const step = (...args: Parameters<typeof act> extends [unknown, ...infer R] ? R : never) => {
    const r = act(s, ...args);
    log.push(...r.all);
    s = r.state;
    return r.events;
  };
  step(add('Borin', 'pc', { stats: { dex: 14 } })); // c1
  step(add('Mira', 'pc', { stats: { dex: 16, initBonus: 2 } })); // c2
  step({ type: 'begin-initiative' });
  step({ type: 'enter-initiative', unit: unit('c1'), faces: [15] }, player('c1'));
  step({ type: 'enter-initiative', unit: unit('c2'), faces: [12] }, player('c2'));
  return { log, step, state: () => s };
}

describe('dnd5e-roll-off', () => {
  it('[DND-10] [ENG-2] rolls off a pending tie: the dice and generator in one event, the order as tie-resolved', () => {
    const { step, state, log } = tiedLog();
    const before = state();
    const events = step({ type: 'dnd5e-roll-off', units: [unit('c2'), unit('c1')] }, player('c1'));
    const expected = rollOff(before.dice.rng, [unit('c2'), unit('c1')]);
    expect(events).toEqual([
      { type: 'dnd5e-rolled-off', units: [unit('c2'), unit('c1')], throws: expected.throws, rng: expected.rng },
      { type: 'tie-resolved', order: expected.order },
    ]);
    expect(state().dice.rng).toEqual(expected.rng);
    expect(state().combatants.map((c) => c.tieBreak)).toEqual(expected.order[0]?.id === 'c1' ? [0, 1] : [1, 0]);
    expect(replay(log)).toEqual(state());
  });

  it('[DND-10] [ENG-22] verifyDice checks the roll-off dice and catches a changed face', () => {
    const { step, log } = tiedLog();
    step({ type: 'dnd5e-roll-off', units: [unit('c1'), unit('c2')] });
    step({ type: 'start-combat' });
    step({ type: 'end-encounter' });
    const checked = verifyDice(log);
    expect(checked).toEqual({ ok: true, checked: log.flatMap((e) => (e.type === 'dnd5e-rolled-off' ? e.throws.flat() : [])).length, mismatches: [] });
    const forged = log.map((e) =>
      e.type === 'dnd5e-rolled-off' ? { ...e, throws: [e.throws[0]?.map((x) => ({ ...x, die: { sides: 20, face: 21 - x.die.face } })) ?? [], ...e.throws.slice(1)] } : e,
    );
    expect(verifyDice(forged).ok).toBe(false);
  });

  it('[DND-10] [ENG-18] after an undo the same roll-off gives the same faces', () => {
    const { state } = tiedLog();
    const cmd = { type: 'dnd5e-roll-off', units: [unit('c1'), unit('c2')] } as const;
    const first = act(state(), cmd);
    const again = act(run(first.state, { type: 'undo' }), cmd);
    expect(again.events).toEqual(first.events);
  });

  it('[DND-10] [DND-8] whoever may order the tie may roll it off: players for their characters, the GM for any', () => {
    const { step, state } = tiedLog();
    step(add('Goblin', 'enemy', { stats: { dex: 14 }, count: 2 })); // g3: c4, c5
    const s = state();
    const goblins = 'g3';
    const withGoblins = run(s, { type: 'enter-initiative', unit: unit(goblins), faces: [15] });
    const all = [unit('c1'), unit('c2'), unit(goblins)];
    expect(refusal(withGoblins, { type: 'dnd5e-roll-off', units: all }, player('c1')).code).toBe('gm-only');
    expect(act(withGoblins, { type: 'dnd5e-roll-off', units: all }).events.map((e) => e.type)).toEqual(['dnd5e-rolled-off', 'tie-resolved']);
    expect(refusal(state(), { type: 'dnd5e-roll-off', units: [unit('c1'), unit('c2')] }, player('c9')).code).toBe('not-your-combatant');
  });

  it('[DND-10] only a whole pending tie, only while initiative is rolled', () => {
    const { state } = tiedLog();
    expect(refusal(state(), { type: 'dnd5e-roll-off', units: [unit('c1')] }).code).toBe('not-a-tie');
    const done = run(state(), { type: 'dnd5e-roll-off', units: [unit('c1'), unit('c2')] });
    expect(refusal(done, { type: 'dnd5e-roll-off', units: [unit('c1'), unit('c2')] }).code).toBe('not-a-tie');
    const fighting = run(done, { type: 'start-combat' });
    expect(refusal(fighting, { type: 'dnd5e-roll-off', units: [unit('c1'), unit('c2')] }).code).toBe('wrong-phase');
  });

  it('[DND-10] [ENG-6] everyone sees the roll-off dice, but never a hidden unit\'s', () => {
    const { state } = tiedLog();
    let s = run(state(), add('Shade', 'enemy', { hidden: true })); // c3
    s = run(s, { type: 'enter-initiative', unit: unit('c3'), faces: [17] }); // +0: 17
    s = run(s, { type: 'dnd5e-roll-off', units: [unit('c1'), unit('c3'), unit('c2')] }, GM);
    const gm = project(s, GM).ext;
    const spectator = project(s, { role: 'spectator' }).ext;
    expect(gm?.system === 'dnd5e' && gm.rollOffs[0]?.units).toEqual([unit('c1'), unit('c3'), unit('c2')]);
    expect(spectator?.system === 'dnd5e' && spectator.rollOffs[0]?.units).toEqual([unit('c1'), unit('c2')]);
    expect(JSON.stringify(spectator)).not.toContain('"c3"');
  });
});
