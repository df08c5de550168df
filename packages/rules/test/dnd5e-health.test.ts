// D&D 5e health through the whole engine: bloodied goblins, dying PCs and their death saves.
import { describe, expect, it } from 'vitest';
import { project, verifyDice, type Command, type DamageTarget, type EncounterState } from '../src/index.js';
import { dnd5eExt } from '../src/systems/dnd5e/state.js';
import { act, add, created, fighting, GM, player, refusal, run } from './harness.js';
import { setupLog } from './invariants.js';

const damage = (...targets: DamageTarget[]): Command => ({ type: 'apply-damage', targets });
const hit = (combatantId: string, amount: number, critical = false): DamageTarget => ({ combatantId, amount, ...(critical ? { critical } : {}) });
const heal = (combatantId: string, amount: number): Command => ({ type: 'apply-healing', targets: [{ combatantId, amount }] });
const save = (face?: number, combatantId = 'c1', modifier?: number): Command => ({
  type: 'dnd5e-death-save',
  combatantId,
  ...(face === undefined ? {} : { face }),
  ...(modifier === undefined ? {} : { modifier }),
});
const c = (s: EncounterState, id: string) => s.combatants.find((x) => x.id === id);
const stateOf = (s: EncounterState, id: string) => project(s, GM).combatants.find((x) => x.id === id)?.health?.state;
const savesOf = (s: EncounterState, id = 'c1') => dnd5eExt(s).dying[id];

/** fighting() (Mira 18, Goblins 15, Borin 12; Mira's turn) with Borin 20 HP, Mira 16, Goblins 7 each. */
function table(): EncounterState {
  let s = fighting();
  s = run(s, { type: 'set-max-health', combatantIds: ['c1'], max: 20 });
  s = run(s, { type: 'set-max-health', combatantIds: ['c2'], max: 16 });
  return run(s, { type: 'set-max-health', combatantIds: ['c4', 'c5', 'c6'], max: 7 });
}

/** `s` with the physicalDice option set the way it would have been before combat. */
function dicePhysical(s: EncounterState, value: string): EncounterState {
  return { ...s, options: { ...s.options, physicalDice: value } };
}

/** table() with Borin dropped to 0 by 20 damage on Mira's turn: dying, fresh tally. */
const borinDown = (): EncounterState => run(table(), damage(hit('c1', 20)));

/** Turns end until `id` acts (its death save is due at the start of its turn). */
function onTurnOf(s: EncounterState, id = 'c1'): EncounterState {
  for (let turns = 0; !(s.turn?.actorIds.includes(id) ?? false); turns++) {
    if (turns > 10) throw new Error(`${id} never gets a turn`);
    s = run(s, { type: 'end-turn' });
  }
  return s;
}

/** Borin's next turn, his death save with each face (from `by`), his turn ended after each. */
function savesOnHisTurns(s: EncounterState, faces: readonly (number | [number, number])[], by = GM): EncounterState {
  for (const f of faces) {
    const [face, modifier] = typeof f === 'number' ? [f, undefined] : f;
    s = run(run(onTurnOf(s), save(face, 'c1', modifier), by), { type: 'end-turn' });
  }
  return s;
}

describe('D&D 5e health', () => {
  it('[DND-16] temporary hit points do not stack and go first; bloodied at half', () => {
    let s = run(table(), { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 5 }] });
    s = run(s, { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 3 }] });
    expect(c(s, 'c1')?.health).toEqual({ kind: 'hit-points', current: 20, max: 20, temp: 5 });
    expect(stateOf(s, 'c1')).toBe('unhurt');
    s = run(s, damage(hit('c1', 9)));
    expect(c(s, 'c1')?.health).toEqual({ kind: 'hit-points', current: 16, max: 20, temp: 0 });
    expect(stateOf(s, 'c1')).toBe('hurt');
    s = run(s, damage(hit('c1', 6), hit('c4', 7)));
    expect(stateOf(s, 'c1')).toBe('bloodied');
    expect(stateOf(s, 'c4')).toBe('down');
  });

  it('[DND-17] a goblin at 0 is defeated; a PC at 0 is dying, keeps its turn, and is not defeated', () => {
    const { state, events } = act(table(), damage(hit('c4', 7), hit('c1', 20)));
    expect(events.map((e) => e.type)).toEqual(['damage-applied', 'dnd5e-death-saves-set', 'defeated-set']);
    expect(events[1]).toEqual({ type: 'dnd5e-death-saves-set', combatantId: 'c1', cause: 'down', before: null, after: { successes: 0, failures: 0, stable: false } });
    expect(c(state, 'c1')?.defeated).toBe(false);
    expect(c(state, 'c4')?.defeated).toBe(true);
    expect(stateOf(state, 'c1')).toBe('dying');
    let s = run(state, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c5', 'c6']);
    s = run(s, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c1']);
  });

  it('[DND-18] death saves: 10 or more succeeds, a natural 1 is two failures, three failures kill (undoably)', () => {
    const s = savesOnHisTurns(borinDown(), [12, 9], player('c1'));
    expect(savesOf(s)).toEqual({ successes: 1, failures: 1, stable: false });
    const { state, events } = act(onTurnOf(s), save(1));
    expect(events.map((e) => e.type)).toEqual(['dnd5e-death-save-rolled', 'defeated-set']);
    expect(events[0]).toMatchObject({ outcome: 'double-failure', before: { failures: 1 }, after: { failures: 3 }, source: 'physical', total: 1 });
    expect(c(state, 'c1')?.defeated).toBe(true);
    expect(stateOf(state, 'c1')).toBe('dead');
    expect(refusal(state, save(15)).code).toBe('dnd5e-not-dying');
    const undone = run(state, { type: 'undo' });
    expect(c(undone, 'c1')?.defeated).toBe(false);
    expect(savesOf(undone)).toEqual({ successes: 1, failures: 1, stable: false });
  });

  it('[DND-18] three successes make a PC stable; a natural 20 brings it back with 1 hit point; a modifier counts', () => {
    const s = onTurnOf(savesOnHisTurns(borinDown(), [10, [8, 2], 19]));
    expect(savesOf(s)).toEqual({ successes: 0, failures: 0, stable: true });
    expect(stateOf(s, 'c1')).toBe('stable');
    expect(refusal(s, save(10))).toEqual({
      code: 'dnd5e-not-dying',
      message: 'Borin is not dying: only a character at 0 hit points, not yet stable, makes death saves.',
    });
    const revived = act(onTurnOf(borinDown()), save(20), player('c1'));
    expect(revived.events.map((e) => e.type)).toEqual(['dnd5e-death-save-rolled', 'healing-applied']);
    expect(c(revived.state, 'c1')?.health).toMatchObject({ current: 1 });
    expect(savesOf(revived.state)).toBeUndefined();
    expect(stateOf(revived.state, 'c1')).toBe('bloodied');
  });

  it('[DND-18] who may roll: the PC\'s player or the GM, real dice as physicalDice allows, server dice verifiable', () => {
    const s = onTurnOf(borinDown());
    expect(refusal(s, save(10), player('c2'))).toEqual({ code: 'not-your-combatant', message: 'You can only make death saves for your own character.' });
    expect(refusal(s, save(10, 'c4')).code).toBe('dnd5e-not-dying');
    expect(refusal(s, save(10, 'c2')).code).toBe('dnd5e-not-dying');
    expect(refusal(s, save(21)).code).toBe('invalid-dice');
    expect(refusal(s, save(10, 'c1', 11)).code).toBe('invalid-command');
    expect(refusal(run(s, { type: 'end-encounter' }), save(10)).code).toBe('wrong-phase');
    const { all } = act(s, save(), player('c1'));
    expect(all[1]).toMatchObject({ type: 'dnd5e-death-save-rolled', source: 'server' });
  });

  it('[DND-18] a hidden PC is unknown to a player; real dice follow the physicalDice option', () => {
    const hidden = run(onTurnOf(borinDown()), { type: 'set-hidden', combatantId: 'c1', hidden: true });
    expect(refusal(hidden, save(10), player('c1'))).toEqual(refusal(hidden, save(10, 'c99'), player('c1')));
    expect(refusal(hidden, save(10), player('c1')).code).toBe('unknown-combatant');
    const physical = (value: string) => dicePhysical(onTurnOf(borinDown()), value);
    expect(refusal(physical('off'), save(10)).code).toBe('not-supported');
    expect(refusal(physical('gm'), save(10), player('c1')).code).toBe('gm-only');
    expect(savesOf(run(physical('gm'), save(10)))).toMatchObject({ successes: 1 });
    expect(savesOf(run(physical('off'), save()))).toBeDefined();
  });

  it('[DND-18] a death save is made at the start of the PC\'s own turn, once: not on a monster\'s turn, not twice (issue 28)', () => {
    // Borin falls on Mira's turn; the Goblins act next: no save for him on either.
    let s = borinDown();
    expect(refusal(s, save(10), player('c1'))).toEqual({
      code: 'dnd5e-not-their-turn',
      message: 'Borin makes a death save at the start of their own turn, not now.',
    });
    s = run(s, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c4', 'c5', 'c6']);
    expect(refusal(s, save(10), player('c1')).code).toBe('dnd5e-not-their-turn');
    expect(refusal(s, save(10)).code).toBe('dnd5e-not-their-turn');
    // His turn: one save, and a second (the natural 20 that revived her at the table) is refused.
    s = onTurnOf(s);
    const ext = (state: EncounterState) => project(state, player('c1')).ext;
    const timing = (state: EncounterState) => {
      const e = ext(state);
      return e?.system === 'dnd5e' ? e.deathSaves.find((d) => d.combatantId === 'c1')?.timing : undefined;
    };
    expect(timing(s)).toBe('due');
    s = run(s, save(5), player('c1'));
    expect(timing(s)).toBe('made');
    expect(refusal(s, save(20), player('c1'))).toEqual({
      code: 'dnd5e-death-save-made',
      message: 'Borin makes no more death saves this turn: the next one comes at the start of their next turn.',
    });
    expect(savesOf(s)).toEqual({ successes: 0, failures: 1, stable: false });
    // The next round, on his turn again: due again.
    s = run(s, { type: 'end-turn' });
    expect(timing(s)).toBe('not-their-turn');
    s = onTurnOf(s);
    expect(s.round).toBe(2);
    expect(timing(s)).toBe('due');
    expect(savesOf(run(s, save(20), player('c1')))).toBeUndefined();
  });

  it('[DND-18] a PC who falls during its own turn makes its first death save at the start of its next turn', () => {
    let s = onTurnOf(table());
    s = run(s, damage(hit('c1', 20)));
    expect(refusal(s, save(10)).code).toBe('dnd5e-death-save-made');
    s = onTurnOf(run(s, { type: 'end-turn' }));
    expect(savesOf(run(s, save(10)))).toEqual({ successes: 1, failures: 0, stable: false });
  });

  it('[DND-19] damage at 0 is a failure, a critical two, at least the maximum death; a stable PC is dying again', () => {
    let s = borinDown();
    s = run(s, damage(hit('c1', 3)));
    expect(savesOf(s)).toEqual({ successes: 0, failures: 1, stable: false });
    s = run(s, damage(hit('c1', 3, true)));
    expect(savesOf(s)).toEqual({ successes: 0, failures: 3, stable: false });
    expect(c(s, 'c1')?.defeated).toBe(true);

    let stable = savesOnHisTurns(borinDown(), [10, 10, 10]);
    stable = run(stable, damage(hit('c1', 1)));
    expect(savesOf(stable)).toEqual({ successes: 0, failures: 1, stable: false });

    const massive = act(borinDown(), damage(hit('c1', 20)));
    expect(massive.events[1]).toMatchObject({ type: 'dnd5e-death-saves-set', cause: 'massive-damage', after: { failures: 3 } });
    expect(c(massive.state, 'c1')?.defeated).toBe(true);
  });

  it('[DND-19] damage that drops a PC to 0 with its maximum left over kills outright; temporary hit points spare a failure', () => {
    const at5 = run(table(), damage(hit('c1', 15)));
    const outright = act(at5, damage(hit('c1', 25)));
    expect(outright.events[1]).toMatchObject({ cause: 'massive-damage', before: null });
    expect(stateOf(outright.state, 'c1')).toBe('dead');
    expect(stateOf(run(at5, damage(hit('c1', 24))), 'c1')).toBe('dying');
    let s = run(borinDown(), { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 5 }] });
    s = run(s, damage(hit('c1', 5, true)));
    expect(savesOf(s)).toEqual({ successes: 0, failures: 0, stable: false });
    s = run(s, damage(hit('c1', 1)));
    expect(savesOf(s)).toEqual({ successes: 0, failures: 1, stable: false });
  });

  it('[DND-20] any healing brings a dying PC back with the healed hit points; the dead need the GM first', () => {
    const s = savesOnHisTurns(borinDown(), [3, 12]);
    const healed = act(s, heal('c1', 6), player('c1'));
    expect(healed.events.map((e) => e.type)).toEqual(['healing-applied', 'dnd5e-death-saves-set']);
    expect(c(healed.state, 'c1')?.health).toMatchObject({ current: 6 });
    expect(savesOf(healed.state)).toBeUndefined();
    const dead = run(borinDown(), damage(hit('c1', 20)));
    expect(refusal(dead, heal('c1', 5))).toEqual({
      code: 'dnd5e-dead',
      message: 'Borin is dead: healing cannot bring them back (the GM can return them to the fight first).',
    });
    const revived = act(dead, { type: 'set-defeated', combatantId: 'c1', defeated: false });
    expect(revived.events.map((e) => e.type)).toEqual(['defeated-set', 'dnd5e-death-saves-set']);
    expect(stateOf(revived.state, 'c1')).toBe('dying');
    expect(c(run(revived.state, heal('c1', 4)), 'c1')?.health).toMatchObject({ current: 4 });
  });

  it('[DND-21] death saves show where the PC\'s numbers do: its player, the GM, the party by default', () => {
    let s = savesOnHisTurns(borinDown(), [12]);
    s = run(s, add('Shade', 'pc', { hidden: true, health: { max: 5 } }));
    const shade = s.combatants.find((x) => x.name === 'Shade')?.id ?? '';
    s = run(s, damage(hit(shade, 5)));
    const saves = (audience: Parameters<typeof project>[1]) => {
      const ext = project(s, audience).ext;
      return ext?.system === 'dnd5e' ? ext.deathSaves.map((d) => d.combatantId) : [];
    };
    expect(saves(GM)).toEqual(['c1', shade]);
    expect(saves(player('c1'))).toEqual(['c1']);
    expect(saves(player('c2'))).toEqual(['c1']);
    expect(saves({ role: 'spectator' })).toEqual(['c1']);
    s = run(s, { type: 'set-options', options: { partyHealthView: 'states' } });
    expect(saves(player('c2'))).toEqual([]);
    expect(saves(player('c1'))).toEqual(['c1']);
    expect(project(s, player('c2')).combatants.find((x) => x.id === 'c1')?.health).toEqual({ shown: 'states', state: 'dying' });
  });

  it('[DND-18] [ENG-22] server-rolled death saves pass verifyDice', () => {
    const log = setupLog(created(), [
      add('Borin', 'pc', { health: { max: 20 } }),
      add('Goblin', 'enemy', { health: { max: 7 } }),
      { type: 'begin-initiative' },
      { type: 'enter-initiative', unit: { kind: 'combatant', id: 'c1' }, faces: [15] },
      { type: 'enter-initiative', unit: { kind: 'combatant', id: 'c2' }, faces: [5] },
      { type: 'start-combat' },
      damage(hit('c1', 20)),
      // Down in his own turn: his first save comes at the start of his next one (DND-18).
      ...[1, 2, 3].flatMap((): Command[] => [{ type: 'end-turn' }, { type: 'end-turn' }, save()]),
    ]);
    const rolled = log.filter((e) => e.type === 'dnd5e-death-save-rolled');
    expect(rolled).toHaveLength(3);
    expect(verifyDice(log)).toMatchObject({ ok: true, checked: 3 });
  });
});
