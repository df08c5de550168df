import { describe, expect, it } from 'vitest';
import type { TurnSlot } from '../../core/model.js';
import { buildSlots, eligibleActors, placeNewcomer } from './order.js';
import { combatant, encounter, group, rolled, unit } from './test-fixtures.js';

const SHARP = { agility: 42, intelligence: 35, perception: 29, luck: 40 }; // rating 9, Luck bonus 4
const DULL = { agility: 20, intelligence: 20, perception: 20, luck: 40 }; // rating 6

const ids = (slots: readonly TurnSlot[]) => slots.map((s) => (s.filler.kind === 'unit' ? s.filler.unit.id : s.filler.kind));

function party() {
  return encounter(
    [
      combatant('c1', 'pc', SHARP, { initiative: rolled('pc', SHARP, 2) }), // 11
      combatant('c2', 'pc', DULL, { initiative: rolled('pc', DULL, 5) }), // 11, lower rating
      combatant('c3', 'enemy', SHARP, { initiative: rolled('enemy', SHARP, 2) }), // 11, no Luck
      combatant('c4', 'enemy', SHARP, { groupId: 'g6' }),
      combatant('c5', 'enemy', SHARP, { groupId: 'g6' }),
      combatant('c7', 'npc', DULL), // not rolled yet
    ],
    [group('g6', 'enemy', { initiative: rolled('enemy', SHARP, 6) })], // 15
  );
}

describe('uesrpg order', () => {
  it('[UES-8] [UES-9] [UES-10] slots go by total, then rating, then Luck (PC before NPC); unrolled units get none', () => {
    let n = 0;
    expect(ids(buildSlots(party(), () => `s${n++}`))).toEqual(['g6', 'c1', 'c3', 'c2']);
  });

  it('[UES-11] units the chain cannot separate follow the decided order', () => {
    const base = party();
    const tied = encounter(
      [
        ...base.combatants,
        combatant('c8', 'enemy', SHARP, { initiative: rolled('enemy', SHARP, 2), tieBreak: 0 }),
      ].map((c) => (c.id === 'c3' ? { ...c, tieBreak: 1 } : c)),
      base.groups,
    );
    let n = 0;
    expect(ids(buildSlots(tied, () => `s${n++}`))).toEqual(['g6', 'c1', 'c8', 'c3', 'c2']);
  });

  it('[UES-13] [UES-15] a group is one slot, acted by its members still standing', () => {
    const s = party();
    let n = 0;
    const slots = buildSlots(s, () => `s${n++}`);
    const fallen = encounter(
      s.combatants.map((c) => (c.id === 'c4' ? { ...c, defeated: true } : c)),
      s.groups,
      slots,
    );
    const first = slots[0];
    expect(first && eligibleActors(fallen, first)).toEqual(['c5']);
    // uesrpg builds no open slots; should one appear, its candidates are the usual ones.
    expect(eligibleActors(fallen, { id: 'sx', side: 'pc', filler: { kind: 'open', side: 'pc' } })).toEqual(['c1', 'c2']);
  });

  it('[UES-14] a newcomer takes its place by the same chain, after anyone it stays tied with', () => {
    const s = party();
    let n = 0;
    const slots = buildSlots(s, () => `s${n++}`);
    const withNewcomer = (stats: Record<string, number>, side: 'pc' | 'enemy', face: number) =>
      encounter([...s.combatants, combatant('c9', side, stats, { initiative: rolled(side, stats, face) })], s.groups, slots);
    // 11 with rating 9 and Luck bonus 4: ties c1 completely, beats c3 (NPC) and c2 (rating 6).
    expect(placeNewcomer(withNewcomer(SHARP, 'pc', 2), unit('c9'), 's99')).toEqual({
      slot: { id: 's99', side: 'pc', filler: { kind: 'unit', unit: unit('c9') } },
      index: 2,
      tiedWith: [unit('c1')], // provisional: people order the full tie (ENG-23)
    });
    // An NPC with the same numbers goes after c3 (tied), before c2 (lower rating).
    expect(placeNewcomer(withNewcomer(SHARP, 'enemy', 2), unit('c9'), 's99')?.index).toBe(3);
    expect(placeNewcomer(withNewcomer(DULL, 'enemy', 1), unit('c9'), 's99')?.index).toBe(4);
    expect(placeNewcomer(withNewcomer(SHARP, 'enemy', 6), unit('c9'), 's99')?.index).toBe(1);
    expect(placeNewcomer(s, unit('c7'), 's99')).toBeUndefined();
  });
});
