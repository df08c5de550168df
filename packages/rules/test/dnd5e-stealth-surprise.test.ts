// [DND-24] Surprise worked out from Stealth checks against passive Perception.
import { describe, expect, it } from 'vitest';
import { replay, verifyDice, type Command, type EncounterEvent, type EncounterState } from '../src/index.js';
import { rollDie } from '../src/core/dice/rng.js';
import { surprisedBy } from '../src/systems/dnd5e/stealth.js';
import { act, add, created, GM, party, player, refusal, run, scripted } from './harness.js';

/** party() with its log kept. */
function logged() {
  const log: EncounterEvent[] = [created()];
  let state = replay(log);
  const step = (command: Command) => {
    const r = act(state, command);
    log.push(...r.all);
    state = r.state;
    return r;
  };
  step(add('Borin', 'pc', { stats: { dex: 14 } }));
  step(add('Mira', 'pc', { stats: { dex: 16, initBonus: 2 } }));
  step(add('Goblin', 'enemy', { stats: { dex: 14 }, count: 3 }));
  step({ type: 'begin-initiative' });
  return { log, step, state: () => state };
}

const marks = (s: EncounterState): readonly string[] => (s.ext?.system === 'dnd5e' ? [...s.ext.surprised].sort() : []);

describe('surprise from Stealth and passive Perception', () => {
  it('[DND-24] an observer is surprised only when every hider\'s Stealth meets its passive Perception', () => {
    expect(surprisedBy(12, [12, 15])).toBe(true);
    expect(surprisedBy(13, [12, 15])).toBe(false);
    expect(surprisedBy(10, [])).toBe(false);
  });

  it('[DND-24] PCs sneak on the goblins: entered totals, passive Perception per goblin (default 10); marks follow', () => {
    // party(): c1 Borin, c2 Mira (PCs); goblins c4, c5, c6 (group g3)
    const r = act(party(), {
      type: 'dnd5e-resolve-surprise',
      stealth: [{ combatantId: 'c1', total: 14 }, { combatantId: 'c2', total: 11 }],
      perception: [{ combatantId: 'c4', passive: 12 }, { combatantId: 'c5', passive: 11 }],
    });
    const resolved = r.events[0];
    expect(resolved?.type).toBe('dnd5e-surprise-resolved');
    if (resolved?.type !== 'dnd5e-surprise-resolved') return;
    expect(resolved.perception).toEqual([
      { combatantId: 'c4', passive: 12, surprised: false },
      { combatantId: 'c5', passive: 11, surprised: true },
      { combatantId: 'c6', passive: 10, surprised: true },
    ]);
    expect(resolved.stealth.every((s) => s.source === 'entered' && s.dice.length === 0)).toBe(true);
    expect(r.events.slice(1)).toEqual([
      { type: 'dnd5e-surprise-set', combatantId: 'c5', surprised: true },
      { type: 'dnd5e-surprise-set', combatantId: 'c6', surprised: true },
    ]);
    expect(marks(r.state)).toEqual(['c5', 'c6']);
    // The GM's manual mark stays an override.
    const s = run(r.state, { type: 'dnd5e-set-surprised', combatantId: 'c5', surprised: false });
    expect(marks(s)).toEqual(['c6']);
  });

  it('[DND-24] [DND-13] the marks it sets give srd51\'s Surprised condition when round 1 starts', () => {
    let s = run(party(), { type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c4', total: 20 }, { combatantId: 'c5', total: 20 }, { combatantId: 'c6', total: 20 }] });
    expect(marks(s)).toEqual(['c1', 'c2']);
    s = run(scripted(scripted(scripted(s, 'c2', 18), 'g3', 15), 'c1', 12), { type: 'start-combat' });
    expect(s.combatants.filter((c) => c.conditions.some((k) => k.name === 'Surprised')).map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('[DND-24] nobody sneaking clears the marks; hiders are never surprised', () => {
    let s = run(party(), { type: 'dnd5e-set-surprised', combatantId: 'c4', surprised: true });
    s = run(s, { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true });
    const cleared = run(s, { type: 'dnd5e-resolve-surprise', stealth: [] });
    expect(marks(cleared)).toEqual([]);
    const hid = run(s, { type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c1', total: 1 }] });
    expect(marks(hid)).toEqual([]);
  });

  it('[DND-24] [ENG-22] server Stealth: d20 + Dex modifier from the generator, recorded and checked by verifyDice', () => {
    const { log, step, state } = logged();
    const s0 = state();
    const r = step({ type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c2' }, { combatantId: 'c1', modifier: 5 }] });
    const first = rollDie(s0.dice.rng, 20);
    const second = rollDie(first.rng, 20);
    const e = r.events[0];
    if (e?.type !== 'dnd5e-surprise-resolved') throw new Error('no resolution');
    expect(e.stealth).toEqual([
      { combatantId: 'c2', dice: [{ sides: 20, face: first.face }], modifier: 3, total: first.face + 3, source: 'server' },
      { combatantId: 'c1', dice: [{ sides: 20, face: second.face }], modifier: 5, total: second.face + 5, source: 'server' },
    ]);
    expect(e.rng).toEqual(second.rng);
    expect(r.state.dice.rng).toEqual(second.rng);
    expect(replay(log)).toEqual(r.state);
    expect(verifyDice(log)).toMatchObject({ ok: true, checked: 2 });
    const forged = log.map((x) =>
      x.type === 'dnd5e-surprise-resolved'
        ? { ...x, stealth: x.stealth.map((c) => ({ ...c, dice: c.dice.map((d) => ({ ...d, face: 21 - d.face })) })) }
        : x,
    );
    expect(verifyDice(forged).ok).toBe(false);
  });

  it('[DND-24] refusals: players, after combat starts, unknown or repeated combatants, bad numbers, srd52 after a roll', () => {
    const s = party();
    const cmd = { type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c1', total: 15 }] } as const;
    expect(refusal(s, cmd, player('c1')).code).toBe('gm-only');
    const fight = run(scripted(scripted(scripted(s, 'c2', 18), 'g3', 15), 'c1', 12), { type: 'start-combat' });
    expect(refusal(fight, cmd).code).toBe('wrong-phase');
    expect(refusal(s, { type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c99' }] }).code).toBe('unknown-combatant');
    expect(refusal(s, { type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c1' }], perception: [{ combatantId: 'c1', passive: 10 }] }).code).toBe('invalid-command');
    expect(refusal(s, { type: 'dnd5e-resolve-surprise', stealth: [], perception: [{ combatantId: 'c4', passive: 0 }] }).code).toBe('invalid-command');
    const srd52 = scripted(run(s, { type: 'set-options', options: { surpriseMode: 'srd52' } }), 'g3', 15);
    expect(refusal(srd52, { type: 'dnd5e-resolve-surprise', stealth: [{ combatantId: 'c1', total: 30 }] }, GM).code).toBe('already-rolled');
  });
});
