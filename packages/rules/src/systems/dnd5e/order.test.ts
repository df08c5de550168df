import { describe, expect, it } from 'vitest';
import { add, party, run, scripted, unit } from '../../../test/harness.js';
import { dnd5e } from './system.js';
import { getSystem, IMPLEMENTED_SYSTEMS } from '../../index.js';

const ids = (slots: readonly { filler: { kind: string; unit?: { id: string } } }[]) =>
  slots.map((s) => s.filler.unit?.id ?? s.filler.kind);

describe('dnd5e order', () => {
  it('[ENG-12] the registry serves dnd5e', () => {
    expect(IMPLEMENTED_SYSTEMS).toContain('dnd5e');
    expect(getSystem('dnd5e')).toBe(dnd5e);
  });

  it('[DND-5] slots go highest total first, resolved ties by tieBreak, unrolled units get none', () => {
    let s = scripted(scripted(party(), 'c1', 9), 'g3', 17);
    let n = 0;
    expect(ids(dnd5e.buildSlots(s, () => `x${n++}`))).toEqual(['g3', 'c1']);
    s = scripted(s, 'c2', 9);
    s = run(s, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] });
    expect(ids(dnd5e.buildSlots(s, () => `x${n++}`))).toEqual(['g3', 'c2', 'c1']);
  });

  it('[DND-4] a group slot is filled by its members still standing', () => {
    let s = scripted(scripted(scripted(party(), 'c1', 9), 'g3', 17), 'c2', 3);
    s = run(s, { type: 'start-combat' });
    s = run(s, { type: 'set-defeated', combatantId: 'c5', defeated: true });
    const slot = s.slots[0];
    expect(slot && dnd5e.eligibleActors(s, slot)).toEqual(['c4', 'c6']);
  });

  it('[DND-11] a newcomer is placed after the units it ties with, before the first lower total', () => {
    let s = scripted(scripted(scripted(party(), 'c1', 9), 'g3', 17), 'c2', 3);
    s = run(s, { type: 'start-combat' });
    s = scripted(run(s, add('Owlbear', 'enemy')), 'c10', 9);
    expect(dnd5e.placeNewcomer?.(s, unit('c10'), 's99')).toEqual({
      slot: { id: 's99', side: 'enemy', filler: { kind: 'unit', unit: unit('c10') } },
      index: 2,
      tiedWith: [unit('c1')], // provisional: people order the tie (ENG-23)
    });
    s = scripted(run(s, add('Rat', 'enemy')), 'c11', 1);
    expect(dnd5e.placeNewcomer?.(s, unit('c11'), 's98')?.index).toBe(3);
    expect(dnd5e.placeNewcomer?.(s, unit('c99'), 's97')).toBeUndefined();
  });
});

describe('dnd5e ties', () => {
  it('[DND-8] equal totals among live rolled units are pending until ordered', () => {
    let s = scripted(scripted(scripted(party(), 'c1', 12), 'c2', 12), 'g3', 12);
    expect(dnd5e.pendingTies(s)).toEqual([[unit('c1'), unit('c2'), unit('g3')]]);
    s = run(s, { type: 'resolve-tie', order: [unit('g3'), unit('c1'), unit('c2')] });
    expect(dnd5e.pendingTies(s)).toEqual([]);
  });

  it('[DND-8] separate ties are listed highest first; defeated units do not tie', () => {
    let s = run(party(), add('Wolf', 'npc'));
    s = scripted(scripted(scripted(scripted(s, 'c1', 5), 'c2', 5), 'g3', 14), 'c7', 14);
    expect(dnd5e.pendingTies(s)).toEqual([
      [unit('g3'), unit('c7')],
      [unit('c1'), unit('c2')],
    ]);
    s = run(s, { type: 'set-defeated', combatantId: 'c1', defeated: true });
    expect(dnd5e.pendingTies(s)).toEqual([[unit('g3'), unit('c7')]]);
  });

  it('[DND-8] a unit rolling into an ordered tie reopens the whole tie', () => {
    let s = scripted(scripted(party(), 'c1', 12), 'c2', 12);
    s = run(s, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] });
    s = scripted(s, 'g3', 12);
    expect(dnd5e.pendingTies(s)).toEqual([[unit('c1'), unit('c2'), unit('g3')]]);
  });
});
