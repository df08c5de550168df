import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../model.js';
import { act, add, GM, party, player, refusal, run, scripted, unit } from '../../../test/harness.js';

/** Mira 18, Goblins 15, Borin 12: ready to start. */
const ready = (): EncounterState => scripted(scripted(scripted(party(), 'c2', 18), 'g3', 15), 'c1', 12);
const started = (): EncounterState => run(ready(), { type: 'start-combat' });
const slotOf = (s: EncounterState, id: string) =>
  s.slots.find((x) => x.filler.kind === 'unit' && x.filler.unit.id === id)?.id;

describe('start-combat', () => {
  it('[DND-5] [DND-4] builds one slot per unit, highest first, and starts round 1 with the first', () => {
    const { state, events } = act(ready(), { type: 'start-combat' });
    expect(events.map((e) => e.type)).toEqual(['combat-started', 'round-started', 'turn-started']);
    expect(state.slots).toEqual([
      { id: 's7', side: 'pc', filler: { kind: 'unit', unit: unit('c2') } },
      { id: 's8', side: 'enemy', filler: { kind: 'unit', unit: unit('g3') } },
      { id: 's9', side: 'pc', filler: { kind: 'unit', unit: unit('c1') } },
    ]);
    expect(state.phase).toBe('active');
    expect(state.round).toBe(1);
    expect(state.turn).toEqual({ slotId: 's7', actorIds: ['c2'] });
    expect(state.nextId).toBe(10);
  });

  it('[DND-3] refuses while someone has not rolled, naming them', () => {
    const s = scripted(party(), 'c2', 18);
    expect(refusal(s, { type: 'start-combat' })).toEqual({
      code: 'initiative-missing',
      message: 'Still waiting for initiative from Borin and Goblin.',
    });
  });

  it('[DND-3] a defeated unit need not roll', () => {
    let s = scripted(scripted(party(), 'c2', 18), 'g3', 15);
    s = run(s, { type: 'set-defeated', combatantId: 'c1', defeated: true });
    expect(run(s, { type: 'start-combat' }).slots).toHaveLength(2);
  });

  it('[DND-8] refuses while a tie is pending, then starts in the decided order', () => {
    let s = scripted(scripted(scripted(party(), 'c2', 15), 'g3', 15), 'c1', 12);
    expect(refusal(s, { type: 'start-combat' })).toEqual({
      code: 'tie-unresolved',
      message: 'Mira and Goblin are tied: decide who goes first before starting combat.',
    });
    s = run(s, { type: 'resolve-tie', order: [unit('g3'), unit('c2')] });
    s = run(s, { type: 'start-combat' });
    expect(s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''))).toEqual(['g3', 'c2', 'c1']);
  });

  it('[ENG-8] refuses outside initiative, and when nobody is left', () => {
    expect(refusal(started(), { type: 'start-combat' }).code).toBe('wrong-phase');
    let s = party();
    for (const id of ['c1', 'c2', 'c4', 'c5', 'c6']) s = run(s, { type: 'remove-combatant', combatantId: id });
    expect(refusal(s, { type: 'start-combat' }).code).toBe('no-combatants');
  });
});

describe('end-turn', () => {
  it('[DND-6] [ENG-9] walks the order, then starts the next round with the same order', () => {
    let s = started();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(`${s.round}:${s.turn?.actorIds.join('+')}`);
      s = run(s, { type: 'end-turn' });
    }
    expect(seen).toEqual(['1:c2', '1:c4+c5+c6', '1:c1', '2:c2', '2:c4+c5+c6', '2:c1']);
    expect(s.round).toBe(3);
  });

  it('[ENG-9] records who acted this round and clears it at the round start', () => {
    let s = run(started(), { type: 'end-turn' });
    expect(s.acted).toEqual(['c2']);
    s = run(run(s, { type: 'end-turn' }), { type: 'end-turn' });
    expect(s.acted).toEqual([]);
    expect(s.round).toBe(2);
  });

  it('[DND-7] skips defeated and removed combatants; a group acts with members still standing', () => {
    let s = started();
    s = run(s, { type: 'set-defeated', combatantId: 'c4', defeated: true });
    s = run(s, { type: 'remove-combatant', combatantId: 'c1' });
    s = run(s, { type: 'end-turn' });
    expect(s.turn).toEqual({ slotId: slotOf(s, 'g3'), actorIds: ['c5', 'c6'] });
    s = run(s, { type: 'end-turn' });
    expect(s.round).toBe(2);
    expect(s.turn?.actorIds).toEqual(['c2']);
  });

  it('[ENG-9] when nobody can act the turn ends without looping, and a further end-turn is refused', () => {
    let s = started();
    for (const id of ['c1', 'c2', 'c4', 'c5', 'c6']) s = run(s, { type: 'set-defeated', combatantId: id, defeated: true });
    const { state, events } = act(s, { type: 'end-turn' });
    expect(events.map((e) => e.type)).toEqual(['turn-ended']);
    expect(state.turn).toBeNull();
    expect(refusal(state, { type: 'end-turn' }).code).toBe('invalid-command');
    const back = run(run(state, { type: 'set-defeated', combatantId: 'c1', defeated: false }), { type: 'end-turn' });
    expect(back.turn?.actorIds).toEqual(['c1']);
    expect(back.round).toBe(1);
  });

  it('[ENG-5] a player ends only a turn that is theirs', () => {
    const s = started();
    expect(refusal(s, { type: 'end-turn' }, player('c1'))).toEqual({
      code: 'not-your-turn',
      message: "It is Mira's turn, not yours.",
    });
    const next = run(s, { type: 'end-turn' }, player('c2'));
    expect(refusal(next, { type: 'end-turn' }, player('c1')).message).toBe("It is Goblin's turn, not yours.");
    expect(run(next, { type: 'end-turn' }, GM).turn?.actorIds).toEqual(['c1']);
  });

  it('[ENG-6] a refusal never names a hidden combatant whose turn it is', () => {
    let s = run(ready(), { type: 'set-hidden', combatantId: 'c2', hidden: true });
    s = run(s, { type: 'start-combat' });
    expect(refusal(s, { type: 'end-turn' }, player('c1')).message).toBe('It is not your turn.');
  });

  it('[ENG-8] refused outside combat', () => {
    expect(refusal(ready(), { type: 'end-turn' }).code).toBe('wrong-phase');
  });
});

describe('newcomers', () => {
  it('[DND-11] a newcomer rolls during combat and takes its place in the order', () => {
    const s = run(started(), add('Owlbear', 'enemy')); // c10, Mira's turn
    expect(s.slots).toHaveLength(3); // no slot before it rolls
    const { state, events } = act(s, { type: 'roll-initiative', unit: unit('c10') });
    expect(events.map((e) => e.type)).toEqual(['initiative-rolled', 'slot-inserted']);
    const total = state.combatants.find((c) => c.id === 'c10')?.initiative?.total ?? 0;
    const expected = ['c2', 'g3', 'c1'];
    const at = [18, 15, 12].findIndex((v) => v < total);
    expected.splice(at === -1 ? expected.length : at, 0, 'c10');
    expect(state.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''))).toEqual(expected);
    expect(state.slots.find((x) => x.filler.kind === 'unit' && x.filler.unit.id === 'c10')?.id).toBe('s11');
    expect(state.turn?.actorIds).toEqual(['c2']);
  });

  it('[DND-11] a newcomer whose place has passed acts first in the next round', () => {
    let s = run(started(), { type: 'end-turn' }); // Goblins' turn
    s = run(s, { type: 'end-turn' }); // Borin's turn (12)
    s = run(s, add('Owlbear', 'enemy', { stats: { dex: 30, initBonus: 20 } })); // c10: total >= 31
    s = run(s, { type: 'roll-npc-initiative' });
    expect(s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''))).toEqual(['c10', 'c2', 'g3', 'c1']);
    s = run(s, { type: 'end-turn' });
    expect(s.round).toBe(2);
    expect(s.turn?.actorIds).toEqual(['c10']);
  });

  it('[DND-11] a newcomer who lands after the current slot acts this round', () => {
    let s = started(); // Mira's turn
    s = run(s, add('Slug', 'enemy', { stats: { dex: 1, initBonus: -20 } })); // total <= 20 - 25 < 12
    s = run(s, { type: 'roll-npc-initiative' });
    s = run(run(run(s, { type: 'end-turn' }), { type: 'end-turn' }), { type: 'end-turn' });
    expect(s.round).toBe(1);
    expect(s.turn?.actorIds).toEqual(['c10']);
  });

  it('[DND-11] [ENG-5] a player may roll for their own newcomer during combat', () => {
    const s = run(started(), add('Ayla', 'pc'));
    expect(act(s, { type: 'roll-initiative', unit: unit('c10') }, player('c10')).events).toHaveLength(2);
  });
});

describe('end-encounter', () => {
  it('[ENG-8] ends the encounter from any phase once', () => {
    const s = run(started(), { type: 'end-encounter' });
    expect(s.phase).toBe('ended');
    expect(s.turn).toBeNull();
    expect(refusal(s, { type: 'end-encounter' }).code).toBe('wrong-phase');
    expect(refusal(party(), { type: 'end-encounter' }, player('c1')).code).toBe('gm-only');
  });
});
