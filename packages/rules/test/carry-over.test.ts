// Between fights with the same table: health carried into add-combatant (ENG-47), what a PC brings from
// the fight that ended (ENG-48), what a rest restores (ENG-49, and each system's rests), and D&D 5e's
// death saves set by the GM or carried (DND-25).
import { describe, expect, it } from 'vitest';
import {
  carryOver,
  createEncounter,
  decide,
  replay,
  systemCatalogue,
  type Command,
  type EncounterState,
  type NewCombatant,
  type SystemId,
} from '../src/index.js';
import { dnd5eExt } from '../src/systems/dnd5e/state.js';
import { act, add, COMMITMENT, GM, newEncounter, player, refusal, run, SEED } from './harness.js';

const encounterOf = (system: SystemId): EncounterState =>
  replay([createEncounter({ id: 'next', name: 'Next fight', system, seed: SEED, seedCommitment: COMMITMENT })]);
const only = (s: EncounterState, name: string) => {
  const c = s.combatants.find((x) => x.name === name);
  if (!c) throw new Error(`no ${name}`);
  return c;
};
const damage = (combatantId: string, amount: number): Command => ({ type: 'apply-damage', targets: [{ combatantId, amount }] });

/** Adds what `carryOver` gives for `name` of `from` to `into`, then its follow-up commands, as the server does. */
function carryInto(from: EncounterState, name: string, into: EncounterState, restores: Parameters<typeof carryOver>[2] = []): EncounterState {
  const carried = carryOver(from, only(from, name).id, restores);
  if (!carried) throw new Error('nothing carried');
  const { state, events } = act(into, { type: 'add-combatant', combatant: carried.combatant });
  const added = events.find((e) => e.type === 'combatant-added');
  if (added?.type !== 'combatant-added') throw new Error('not added');
  return carried.then.reduce((s, make) => run(s, make(added.combatant.id)), state);
}

describe('health carried into an encounter', () => {
  it('[ENG-47] add-combatant takes the health it carries in: hit points and temporary ones in the form of the system', () => {
    const s = run(newEncounter(), add('Borin', 'pc', { health: { max: 30, now: { hp: 20, temp: 4 } } }));
    expect(only(s, 'Borin').health).toEqual({ kind: 'hit-points', current: 20, max: 30, temp: 4 });
    const g = run(encounterOf('genesys'), add('Kell', 'pc', { health: { max: 14, strain: 12, now: { wounds: 5, strain: 3 } } }));
    expect(only(g, 'Kell').health).toEqual({ kind: 'wounds', wounds: 5, threshold: 14, strain: 3, strainThreshold: 12 });
  });

  it('[ENG-47] refuses what the rules could not have reached: above the maximum, below the floor, another form, a group', () => {
    const borin = (now: NonNullable<NewCombatant['health']>['now']) => add('Borin', 'pc', { health: { max: 30, now } });
    expect(refusal(newEncounter(), borin({ hp: 31 })).code).toBe('invalid-health');
    expect(refusal(newEncounter(), borin({ hp: -1 })).message).toMatch(/from 0 to the maximum, 30/);
    expect(refusal(newEncounter(), borin({ wounds: 3 })).code).toBe('invalid-health');
    expect(refusal(encounterOf('lfg'), borin({ hp: 10, temp: 2 })).message).toBe('This game has no temporary hit points.');
    expect(refusal(encounterOf('genesys'), add('Kell', 'pc', { health: { max: 14, now: { strain: 2 } } })).message).toMatch(/strain threshold/);
    expect(refusal(newEncounter(), add('Wolf', 'enemy', { count: 2, health: { max: 11, now: { hp: 5 } } })).code).toBe('invalid-health');
    // DC20's floor for a PC is below 0 (Death's Door), so a PC may come in there; a monster may not.
    expect(only(run(encounterOf('dc20'), add('Vex', 'pc', { health: { max: 12, now: { hp: -3 } } })), 'Vex').health).toMatchObject({ current: -3 });
    expect(refusal(encounterOf('dc20'), add('Imp', 'enemy', { health: { max: 12, now: { hp: -3 } } })).code).toBe('invalid-health');
  });

  it('[ENG-47] a combatant whose carried health puts it out of the fight comes in defeated; a 5e PC at 0 comes in dying', () => {
    const s = run(run(newEncounter(), add('Wolf', 'enemy', { health: { max: 11, now: { hp: 0 } } })), add('Borin', 'pc', { health: { max: 30, now: { hp: 0 } } }));
    expect(only(s, 'Wolf').defeated).toBe(true);
    expect(only(s, 'Borin').defeated).toBe(false);
  });
});

describe('what a PC brings into the next fight', () => {
  /** Borin 30 HP hit to 20 with 4 temporary, poisoned (until removed) and blessed for 10 rounds; Aria dying with a tally. */
  function ended(): EncounterState {
    let s = newEncounter();
    s = run(s, add('Borin', 'pc', { stats: { dex: 14 }, note: 'Dwarf', health: { max: 30 } }));
    s = run(s, add('Aria', 'pc', { health: { max: 18 } }));
    s = run(s, add('Goblin', 'enemy', { health: { max: 7 } }));
    s = run(s, damage('c1', 10));
    s = run(s, { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 4 }] });
    s = run(s, { type: 'add-condition', combatantId: 'c1', name: 'Poisoned' });
    s = run(s, { type: 'add-condition', combatantId: 'c1', name: 'Blessed', rounds: 10 });
    s = run(s, damage('c2', 18));
    return run(s, { type: 'dnd5e-set-death-saves', combatantId: 'c2', successes: 1, failures: 2, stable: false });
  }

  it('[ENG-48] hit points, temporary hit points, stats, note and conditions without an end go into the next fight', () => {
    const next = carryInto(ended(), 'Borin', newEncounter());
    const borin = only(next, 'Borin');
    expect(borin.health).toEqual({ kind: 'hit-points', current: 20, max: 30, temp: 4 });
    expect(borin.stats).toMatchObject({ dex: 14 });
    expect(borin.note).toBe('Dwarf');
    expect(borin.conditions.map((k) => k.name)).toEqual(['Poisoned']);
  });

  it('[ENG-48] [DND-25] a dying 5e PC keeps its death saves; a stable one stays stable', () => {
    const next = carryInto(ended(), 'Aria', newEncounter());
    expect(only(next, 'Aria').health).toMatchObject({ current: 0 });
    expect(dnd5eExt(next).dying[only(next, 'Aria').id]).toEqual({ successes: 1, failures: 2, stable: false });
    const stable = run(ended(), { type: 'dnd5e-set-death-saves', combatantId: 'c2', successes: 0, failures: 0, stable: true });
    const after = carryInto(stable, 'Aria', newEncounter());
    expect(dnd5eExt(after).dying[only(after, 'Aria').id]).toEqual({ successes: 0, failures: 0, stable: true });
  });

  it('[ENG-48] wounds and strain carry in the wounds form', () => {
    let g = encounterOf('genesys');
    g = run(g, add('Kell', 'pc', { health: { max: 14, strain: 12 } }));
    g = run(g, { type: 'apply-damage', targets: [{ combatantId: only(g, 'Kell').id, amount: 6 }] });
    g = run(g, { type: 'apply-damage', track: 'strain', targets: [{ combatantId: only(g, 'Kell').id, amount: 5 }] });
    const next = carryInto(g, 'Kell', encounterOf('genesys'));
    expect(only(next, 'Kell').health).toEqual({ kind: 'wounds', wounds: 6, threshold: 14, strain: 5, strainThreshold: 12 });
  });

  it('[ENG-49] a rest restores what the GM picks: health (and death saves), temporary hit points, strain, conditions', () => {
    const rested = carryInto(ended(), 'Borin', newEncounter(), ['health', 'temp', 'conditions']);
    expect(only(rested, 'Borin').health).toEqual({ kind: 'hit-points', current: 30, max: 30, temp: 0 });
    expect(only(rested, 'Borin').conditions).toEqual([]);
    const tempOnly = carryInto(ended(), 'Borin', newEncounter(), ['temp']);
    expect(only(tempOnly, 'Borin').health).toEqual({ kind: 'hit-points', current: 20, max: 30, temp: 0 });
    const aria = carryInto(ended(), 'Aria', newEncounter(), ['health']);
    expect(only(aria, 'Aria').health).toMatchObject({ current: 18 });
    expect(dnd5eExt(aria).dying).toEqual({});
    let g = encounterOf('genesys');
    g = run(g, add('Kell', 'pc', { health: { max: 14, strain: 12 } }));
    g = run(g, { type: 'apply-damage', track: 'strain', targets: [{ combatantId: only(g, 'Kell').id, amount: 5 }] });
    g = run(g, { type: 'apply-damage', targets: [{ combatantId: only(g, 'Kell').id, amount: 2 }] });
    expect(only(carryInto(g, 'Kell', encounterOf('genesys'), ['strain']), 'Kell').health).toMatchObject({ wounds: 2, strain: 0 });
  });
});

describe('death saves set by the GM', () => {
  const down = (): EncounterState => run(run(newEncounter(), add('Aria', 'pc', { health: { max: 18 } })), damage('c1', 18));

  it('[DND-25] the GM sets the tally of a PC at 0; three failures kill through the defeat machinery', () => {
    const { state, events } = act(down(), { type: 'dnd5e-set-death-saves', combatantId: 'c1', successes: 0, failures: 3, stable: false });
    expect(events.map((e) => e.type)).toEqual(['dnd5e-death-saves-set', 'defeated-set']);
    expect(only(state, 'Aria').defeated).toBe(true);
    const back = run(state, { type: 'dnd5e-set-death-saves', combatantId: 'c1', successes: 0, failures: 1, stable: false });
    expect(only(back, 'Aria').defeated).toBe(false);
  });

  it('[DND-25] refused for players, for anyone not at 0, and for counts the rules do not have', () => {
    const set = (over: Partial<{ successes: number; failures: number; stable: boolean }> = {}): Command => ({
      type: 'dnd5e-set-death-saves',
      combatantId: 'c1',
      successes: 0,
      failures: 0,
      stable: false,
      ...over,
    });
    expect(refusal(down(), set(), player('c1')).code).toBe('gm-only');
    expect(refusal(run(newEncounter(), add('Aria', 'pc', { health: { max: 18 } })), set()).code).toBe('dnd5e-not-dying');
    expect(refusal(down(), set({ successes: 3 })).code).toBe('invalid-command');
    expect(refusal(down(), set({ stable: true, failures: 1 })).code).toBe('invalid-command');
    expect(decide(down(), set({ successes: 2, failures: 2 }), GM).ok).toBe(true);
  });
});

describe('the rests each system offers', () => {
  const rests = (id: SystemId) => systemCatalogue().find((s) => s.id === id)?.rests.map((r) => [r.id, r.restores]);

  it("[DND-26] D&D 5e: a short rest restores nothing by itself, a long rest hit points, temporary ones and lasting conditions (GM's call)", () => {
    expect(rests('dnd5e')).toEqual([['short', []], ['long', ['health', 'temp', 'conditions']]]);
  });
  it("[DC20-44] DC20: short and long rests, the GM's call", () => {
    expect(rests('dc20')).toEqual([['short', []], ['long', ['health', 'temp', 'conditions']]]);
  });
  it("[GEN-42] Genesys: strain is caught back as the encounter ends; between fights one night's rest (GM's call)", () => {
    expect(rests('genesys')).toEqual([['long', ['strain', 'conditions']]]);
  });
  it("[LFG-35] Low Fantasy Gaming: short and long rests, the GM's call", () => {
    expect(rests('lfg')).toEqual([['short', []], ['long', ['health', 'conditions']]]);
  });
  it("[UES-36] UESRPG: short and long rests, the GM's call", () => {
    expect(rests('uesrpg')).toEqual([['short', []], ['long', ['health', 'conditions']]]);
  });
});
