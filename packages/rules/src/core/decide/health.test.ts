import { describe, expect, it } from 'vitest';
import { project, systemCatalogue } from '../../index.js';
import { SYSTEMS } from '../../registry.js';
import type { Command, DamageTarget } from '../commands.js';
import { createEngine } from '../engine.js';
import type { EncounterState } from '../model.js';
import { act, add, fighting, GM, newEncounter, party, player, refusal, run } from '../../../test/harness.js';

const damage = (...targets: DamageTarget[]): Command => ({ type: 'apply-damage', targets });
const heal = (combatantId: string, amount: number): Command => ({ type: 'apply-healing', targets: [{ combatantId, amount }] });
const setMax = (max: number, ...combatantIds: string[]): Command => ({ type: 'set-max-health', combatantIds, max });
const hit = (combatantId: string, amount: number): DamageTarget => ({ combatantId, amount });
const healthOf = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)?.health;
const defeated = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)?.defeated;

/** fighting() with Borin 20 HP, Mira 16 HP and the three Goblins 7 HP each (Mira's turn). */
function hurtable(): EncounterState {
  return run(run(run(fighting(), setMax(20, 'c1')), setMax(16, 'c2')), setMax(7, 'c4', 'c5', 'c6'));
}

describe('health: damage and healing', () => {
  it('[ENG-25] [ENG-34] every system tells clients its health form and the states it may show', () => {
    const forms = Object.fromEntries(systemCatalogue().map((s) => [s.id, [s.health.form.kind, s.health.states.map((x) => x.id)]]));
    expect(forms).toEqual({
      dc20: ['hit-points', ['unhurt', 'hurt', 'bloodied', 'well-bloodied', 'deaths-door', 'down']],
      dnd5e: ['hit-points', ['unhurt', 'hurt', 'bloodied', 'dying', 'stable', 'dead', 'down']],
      genesys: ['wounds', ['unhurt', 'hurt', 'incapacitated']],
      lfg: ['hit-points', ['unhurt', 'hurt', 'down']],
      uesrpg: ['hit-points', ['unhurt', 'hurt', 'down']],
    });
  });

  it('[ENG-25] combatants start without health, or full with the maximum add-combatant gives them', () => {
    expect(healthOf(party(), 'c1')).toBeNull();
    const s = run(newEncounter(), add('Orc', 'enemy', { count: 2, health: { max: 15 } }));
    expect(s.combatants.map((c) => c.health)).toEqual([
      { kind: 'hit-points', current: 15, max: 15, temp: 0 },
      { kind: 'hit-points', current: 15, max: 15, temp: 0 },
    ]);
    expect(s.groups[0]?.health).toBeNull();
    expect(refusal(newEncounter(), add('Orc', 'enemy', { health: { max: 0 } }))).toEqual({
      code: 'invalid-health',
      message: 'A maximum is a whole number from 1 to 9999.',
    });
    expect(refusal(newEncounter(), add('Orc', 'enemy', { health: { max: 10, strain: 5 } })).message).toBe('This game has no strain threshold.');
  });

  it('[ENG-26] [ENG-33] an area effect on three goblins is one command, one fact with before and after, one undo', () => {
    const s = hurtable();
    const { state, events } = act(s, damage(hit('c4', 3), hit('c5', 3), { combatantId: 'c6', amount: 3, critical: true }));
    const before = { kind: 'hit-points', current: 7, max: 7, temp: 0 };
    const after = { ...before, current: 4 };
    expect(events).toEqual([
      {
        type: 'damage-applied',
        track: 'hp',
        targets: [
          { target: { kind: 'combatant', id: 'c4' }, combatantId: 'c4', amount: 3, before, after },
          { target: { kind: 'combatant', id: 'c5' }, combatantId: 'c5', amount: 3, before, after },
          { target: { kind: 'combatant', id: 'c6' }, combatantId: 'c6', amount: 3, critical: true, before, after },
        ],
      },
    ]);
    expect(['c4', 'c5', 'c6'].map((id) => healthOf(state, id)?.kind === 'hit-points' && healthOf(state, id))).toEqual([after, after, after]);
    expect(run(state, { type: 'undo' }).combatants).toEqual(s.combatants);
    const healedState = run(state, heal('c4', 10));
    expect(healthOf(healedState, 'c4')).toEqual(before);
  });

  it('[ENG-26] out-of-range amounts, repeated or missing targets, other tracks and missing health are refused', () => {
    const s = hurtable();
    for (const amount of [0, 10_000, 1.5]) {
      expect(refusal(s, damage(hit('c4', amount)))).toEqual({ code: 'invalid-health', message: 'Damage is a whole number from 1 to 9999.' });
    }
    expect(refusal(s, heal('c4', 0)).message).toBe('Healing is a whole number from 1 to 9999.');
    expect(refusal(s, damage(hit('c4', 1), hit('c4', 2)))).toEqual({ code: 'invalid-command', message: 'Name each combatant once.' });
    expect(refusal(s, damage()).message).toBe('Name at least one combatant.');
    expect(refusal(s, { type: 'apply-damage', targets: [hit('c4', 1)], track: 'strain' })).toEqual({
      code: 'invalid-command',
      message: 'D&D 5e counts hp, not strain.',
    });
    expect(refusal(fighting(), damage(hit('c4', 1)))).toEqual({
      code: 'no-health',
      message: 'Goblin 1 has no health to track yet: give it a maximum first.',
    });
    expect(refusal(s, damage(hit('c99', 1))).code).toBe('unknown-combatant');
    expect(refusal(run(s, { type: 'end-encounter' }), damage(hit('c4', 1))).code).toBe('wrong-phase');
  });

  it('[ENG-27] a later maximum keeps the count; temporary hit points do not stack and 0 takes them away', () => {
    let s = hurtable();
    s = run(s, damage(hit('c1', 5)));
    s = run(s, setMax(30, 'c1'));
    expect(healthOf(s, 'c1')).toEqual({ kind: 'hit-points', current: 15, max: 30, temp: 0 });
    s = run(s, setMax(10, 'c1'));
    expect(healthOf(s, 'c1')).toEqual({ kind: 'hit-points', current: 10, max: 10, temp: 0 });
    const temp = (amount: number): Command => ({ type: 'set-temp-health', targets: [{ combatantId: 'c1', amount }] });
    s = run(s, temp(8));
    s = run(s, temp(5));
    expect(healthOf(s, 'c1')).toMatchObject({ temp: 8 });
    s = run(s, damage(hit('c1', 10)));
    expect(healthOf(s, 'c1')).toMatchObject({ current: 8, temp: 0 });
    s = run(run(s, temp(4)), temp(0));
    expect(healthOf(s, 'c1')).toMatchObject({ temp: 0 });
    expect(refusal(s, temp(MAX_TEMP_PLUS_ONE)).code).toBe('invalid-health');
    expect(refusal(s, setMax(0, 'c1')).code).toBe('invalid-health');
  });

  it('[ENG-28] a player damages and heals their own character only, while the GM allows it; max and temp are the GM\'s', () => {
    const s = hurtable();
    const mine = act(s, damage(hit('c1', 4)), player('c1'));
    expect(healthOf(mine.state, 'c1')).toMatchObject({ current: 16 });
    expect(mine.all[0]).toEqual({ type: 'command-applied', command: 'apply-damage', by: 'player', player: ['c1'] });
    expect(healthOf(run(mine.state, heal('c1', 2), player('c1')), 'c1')).toMatchObject({ current: 18 });
    expect(refusal(s, damage(hit('c4', 4)), player('c1'))).toEqual({
      code: 'not-your-combatant',
      message: 'You can only damage or heal your own character.',
    });
    expect(refusal(s, damage(hit('c1', 1), hit('c2', 1)), player('c1')).code).toBe('not-your-combatant');
    expect(refusal(s, setMax(9, 'c1'), player('c1'))).toEqual({ code: 'gm-only', message: 'Only the GM can set maximum health.' });
    expect(refusal(s, { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 5 }] }, player('c1')).code).toBe('gm-only');
    const off = run(s, { type: 'set-options', options: { playersDamageHeal: false } });
    expect(refusal(off, damage(hit('c1', 4)), player('c1'))).toEqual({
      code: 'gm-only',
      message: 'Only the GM applies damage and healing in this encounter.',
    });
    expect(healthOf(run(off, damage(hit('c1', 4))), 'c1')).toMatchObject({ current: 16 });
  });

  it('[ENG-28] naming a hidden combatant is refused exactly as naming one that does not exist', () => {
    let s = run(party(), add('Shade', 'enemy', { hidden: true, health: { max: 9 } }));
    s = run(s, setMax(20, 'c1'));
    for (const command of [damage(hit('c7', 1)), heal('c7', 1), damage(hit('c1', 1), hit('c7', 1))]) {
      const hidden = refusal(s, command, player('c1'));
      const missing = refusal(s, JSON.parse(JSON.stringify(command).replaceAll('"c7"', '"c99"')) as Command, player('c1'));
      expect(hidden).toEqual(missing);
      expect(hidden).toEqual({ code: 'unknown-combatant', message: 'There is no such combatant in this encounter.' });
    }
    // Even a player's own character, once hidden, is unknown to them.
    const ownHidden = run(s, { type: 'set-hidden', combatantId: 'c1', hidden: true });
    expect(refusal(ownHidden, damage(hit('c1', 1)), player('c1'))).toEqual(refusal(ownHidden, damage(hit('c99', 1)), player('c1')));
  });

  it('[ENG-32] [ENG-20] health options may change during combat, other options not', () => {
    const s = hurtable();
    expect(refusal(s, setOptions({ playersDamageHeal: 'no' })).code).toBe('invalid-options');
    expect(run(s, setOptions({ npcHealthView: 'numbers', playersDamageHeal: false })).options).toMatchObject({ npcHealthView: 'numbers' });
    expect(refusal(s, setOptions({ npcHealthView: 'numbers', surpriseMode: 'srd52' })).code).toBe('wrong-phase');
    expect(refusal(s, setOptions({ npcHealthView: 'numbers' }), player('c1')).code).toBe('gm-only');
  });

  it('[ENG-29] a goblin at 0 is defeated by the same fact as set-defeated: skipped, healed back, undone', () => {
    let s = hurtable();
    const { state, events } = act(s, damage(hit('c4', 7), hit('c5', 9), hit('c6', 6)));
    expect(events.map((e) => e.type)).toEqual(['damage-applied', 'defeated-set', 'defeated-set']);
    expect(events.slice(1)).toEqual([
      { type: 'defeated-set', combatantId: 'c4', defeated: true },
      { type: 'defeated-set', combatantId: 'c5', defeated: true },
    ]);
    s = run(state, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c6']);
    s = run(s, damage(hit('c6', 1)));
    expect(s.turn?.actorIds).toEqual(['c6']);
    s = run(s, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c1']);
    s = run(s, damage(hit('c6', 1)));
    expect(defeated(s, 'c6')).toBe(true);
    const back = act(s, heal('c6', 2));
    expect(back.events.slice(1)).toEqual([{ type: 'defeated-set', combatantId: 'c6', defeated: false }]);
    expect(defeated(run(back.state, { type: 'undo' }), 'c6')).toBe(true);
  });

  it('[ENG-9] [ENG-29] with everyone down the turn just ends; someone healed back takes the next turn they have not had', () => {
    let s = run(hurtable(), { type: 'set-defeated', combatantId: 'c1', defeated: true });
    s = run(s, damage(hit('c4', 7), hit('c5', 7), hit('c6', 7)));
    s = run(s, { type: 'set-defeated', combatantId: 'c2', defeated: true });
    s = run(s, { type: 'end-turn' });
    expect([s.round, s.turn, s.acted]).toEqual([1, null, ['c2']]);
    expect(refusal(s, { type: 'end-turn' }).code).toBe('invalid-command');
    // Mira, who had her turn this round, is back: the next round starts, not her turn again.
    const mira = run(run(s, { type: 'set-defeated', combatantId: 'c2', defeated: false }), { type: 'end-turn' });
    expect([mira.round, mira.turn?.actorIds]).toEqual([2, ['c2']]);
    // A goblin healed back has not acted yet: its group's turn comes in this round.
    const goblin = run(run(s, heal('c4', 2)), { type: 'end-turn' });
    expect([goblin.round, goblin.turn?.actorIds]).toEqual([1, ['c4']]);
  });

  it("[ENG-29] only crossings count: the GM's own set-defeated stands until health crosses again", () => {
    let s = run(hurtable(), { type: 'set-defeated', combatantId: 'c4', defeated: true });
    s = run(s, heal('c4', 3));
    expect(defeated(s, 'c4')).toBe(true);
    s = run(s, damage(hit('c4', 7)));
    expect(defeated(s, 'c4')).toBe(true);
    s = run(s, { type: 'set-defeated', combatantId: 'c4', defeated: false });
    s = run(s, damage(hit('c4', 1)));
    expect(defeated(s, 'c4')).toBe(false);
    s = run(s, heal('c4', 1));
    expect(defeated(s, 'c4')).toBe(false);
  });

  it('[ENG-30] set-defeated and defeats by health go through the same onDefeated hook', () => {
    const seen: string[][] = [];
    const engine = createEngine([{ ...SYSTEMS.dnd5e, onDefeated: (_s, ids) => (seen.push([...ids]), []) }]);
    let s = hurtable();
    const apply = (command: Command) => {
      const d = engine.decide(s, command, GM);
      if (!d.ok) throw new Error(d.violation.message);
      s = d.events.reduce(engine.evolve, s);
    };
    apply({ type: 'set-defeated', combatantId: 'c4', defeated: true });
    apply({ type: 'set-defeated', combatantId: 'c4', defeated: true });
    apply(damage(hit('c5', 7), hit('c6', 7)));
    apply(damage(hit('c5', 1)));
    expect(seen).toEqual([['c4'], ['c5', 'c6']]);
  });
});

const MAX_TEMP_PLUS_ONE = 10_000;

describe('health: who sees what', () => {
  const views = (s: EncounterState) => ({
    gm: project(s, GM),
    borin: project(s, player('c1')),
    spectator: project(s, { role: 'spectator' }),
  });
  const healthIn = (view: ReturnType<typeof project>, id: string) => view.combatants.find((c) => c.id === id)?.health;

  it('[ENG-32] the GM sees numbers, a player their own, the party each other by default, and enemies as states', () => {
    const s = run(hurtable(), damage(hit('c2', 3), hit('c4', 4)));
    const { gm, borin, spectator } = views(s);
    expect(healthIn(gm, 'c4')).toEqual({ shown: 'numbers', state: 'bloodied', health: { kind: 'hit-points', current: 3, max: 7, temp: 0 } });
    expect(healthIn(borin, 'c1')).toMatchObject({ shown: 'numbers', health: { current: 20 } });
    expect(healthIn(borin, 'c2')).toMatchObject({ shown: 'numbers', health: { current: 13 } });
    expect(healthIn(spectator, 'c2')).toMatchObject({ shown: 'numbers', health: { current: 13 } });
    for (const view of [borin, spectator]) {
      expect(healthIn(view, 'c4')).toEqual({ shown: 'states', state: 'bloodied' });
      expect(healthIn(view, 'c5')).toEqual({ shown: 'states', state: 'unhurt' });
    }
  });

  it('[ENG-32] the GM chooses numbers, states or nothing for enemies, and states or nothing for the party', () => {
    const base = run(hurtable(), damage(hit('c2', 3), hit('c4', 4)));
    const numbers = views(run(base, setOptions({ npcHealthView: 'numbers', partyHealthView: 'states' })));
    expect(healthIn(numbers.borin, 'c4')).toMatchObject({ shown: 'numbers', health: { current: 3 } });
    expect(healthIn(numbers.borin, 'c2')).toEqual({ shown: 'states', state: 'hurt' });
    expect(healthIn(numbers.borin, 'c1')).toMatchObject({ shown: 'numbers' });
    const none = views(run(base, setOptions({ npcHealthView: 'none', partyHealthView: 'none' })));
    for (const view of [none.borin, none.spectator]) {
      expect(healthIn(view, 'c4')).toBeUndefined();
      expect(healthIn(view, 'c2')).toBeUndefined();
      expect(JSON.stringify(view.combatants.filter((c) => c.id !== 'c1'))).not.toContain('"health"');
    }
    expect(healthIn(none.borin, 'c1')).toMatchObject({ shown: 'numbers' });
    expect(healthIn(none.gm, 'c4')).toMatchObject({ shown: 'numbers' });
  });
});

const setOptions = (options: Record<string, unknown>): Command => ({ type: 'set-options', options });
