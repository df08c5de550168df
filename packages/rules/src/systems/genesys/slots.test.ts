import { describe, expect, it } from 'vitest';
import type { EncounterState, UnitRef } from '../../core/model.js';
import { allUnits, unitInfo } from '../../core/units.js';
import { rankResults } from './ranking.js';
import { buildSlots, canFill, eligibleActors, eligibleUnits, placeNewcomer, roundOver, slotFill, slotKeysOf } from './slots.js';
import { combatant, encounter, rolled, showing } from './test-fixtures.js';
import type { GenesysState } from './types.js';

const s = showing('ability', 's');
const ss = showing('ability', 'ss');
const a = showing('ability', 'a');
const ref = (id: string): UnitRef => (id.startsWith('g') ? { kind: 'group', id } : { kind: 'combatant', id });

/** Kira (c1) and Tam (c2) are PCs; a Stormtrooper (c3) and a droid ally (c4, side npc) are NPCs. */
function started(more: Partial<EncounterState> = {}): { state: EncounterState; genesys: GenesysState } {
  const base = encounter(
    [
      combatant('c1', 'pc', rolled(s, a)),
      combatant('c2', 'pc', rolled(s)),
      combatant('c3', 'enemy', rolled(ss)),
      combatant('c4', 'npc', rolled()),
    ],
    more,
  );
  let n = 0;
  const ranked = rankResults(allUnits(base));
  const slots = buildSlots(ranked, () => `s${++n}`);
  return { state: { ...base, slots }, genesys: { checks: {}, slotKeys: slotKeysOf(slots, ranked) } };
}

/** Plays one round the way ENG-9 walks slots; `pick` chooses when people would. Returns who took each slot. */
function playRound(state: EncounterState, pick: (candidates: readonly UnitRef[]) => UnitRef = (c) => c[0] as UnitRef) {
  let current: EncounterState = { ...state, acted: [] };
  const taken: string[] = [];
  for (const slot of current.slots) {
    const fill = slotFill(current, slot);
    if (fill.kind === 'skip') {
      taken.push(`${slot.id}:skip`);
      continue;
    }
    const unit = fill.kind === 'auto' ? fill.unit : pick(fill.candidates);
    const members = unitInfo(current, unit)?.members.filter((m) => !m.defeated).map((m) => m.id) ?? [];
    current = { ...current, acted: [...current.acted, ...members] };
    taken.push(`${slot.id}:${unit.id}`);
  }
  return { taken, state: current };
}

describe('genesys slots', () => {
  it('[GEN-18] results become PC and NPC slots in rank order, each open to its side', () => {
    const { state, genesys } = started();
    expect(state.slots).toEqual([
      { id: 's1', side: 'npc', filler: { kind: 'open', side: 'npc' } },
      { id: 's2', side: 'pc', filler: { kind: 'open', side: 'pc' } },
      { id: 's3', side: 'pc', filler: { kind: 'open', side: 'pc' } },
      { id: 's4', side: 'npc', filler: { kind: 'open', side: 'npc' } },
    ]);
    expect(genesys.slotKeys['s2']).toEqual({ successes: 1, advantages: 1, side: 'pc' });
  });

  it('[GEN-19] [GEN-21] a PC slot is the players\' choice among PCs who have not acted; one left fills it at once', () => {
    const { state } = started();
    const pcSlot = state.slots[1];
    if (!pcSlot) throw new Error('no slot');
    expect(slotFill(state, pcSlot)).toEqual({ kind: 'choose', decidedBy: 'players', candidates: [ref('c1'), ref('c2')] });
    expect(slotFill({ ...state, acted: ['c2'] }, pcSlot)).toEqual({ kind: 'auto', unit: ref('c1') });
  });

  it('[GEN-20] [GEN-18] an NPC slot is the GM\'s choice among enemies and NPC allies who have not acted', () => {
    const { state } = started();
    const npcSlot = state.slots[0];
    if (!npcSlot) throw new Error('no slot');
    expect(slotFill(state, npcSlot)).toEqual({ kind: 'choose', decidedBy: 'gm', candidates: [ref('c3'), ref('c4')] });
    expect(eligibleActors(state, npcSlot)).toEqual(['c3', 'c4']);
  });

  it('[GEN-19] [GEN-20] a claim must name one eligible character of the slot\'s side', () => {
    const { state } = started({ acted: ['c2'] });
    const [npcSlot, pcSlot] = state.slots;
    if (!npcSlot || !pcSlot) throw new Error('no slot');
    expect(canFill(state, pcSlot, ['c1'])).toBeUndefined();
    expect(canFill(state, npcSlot, ['c4'])).toBeUndefined();
    expect(canFill(state, pcSlot, ['c2'])?.code).toBe('not-eligible');
    expect(canFill(state, pcSlot, ['c3'])?.message).toMatch(/Player Character/);
    expect(canFill(state, npcSlot, ['c1'])?.message).toMatch(/an NPC/);
    expect(canFill(state, npcSlot, ['c3', 'c4'])?.code).toBe('not-eligible');
    expect(canFill(state, pcSlot, ['c1', 'c1'])?.code).toBe('not-eligible');
    expect(canFill(state, pcSlot, [])?.code).toBe('not-eligible');
  });

  it('[GEN-23] [GEN-24] every slot is filled once a round and the same slots come back next round', () => {
    const { state } = started();
    const first = playRound(state);
    expect(first.taken).toEqual(['s1:c3', 's2:c1', 's3:c2', 's4:c4']);
    expect(first.state.slots).toBe(state.slots);
    const second = playRound(first.state, (c) => c[c.length - 1] as UnitRef);
    expect(second.taken).toEqual(['s1:c4', 's2:c2', 's3:c1', 's4:c3']);
  });

  it('[GEN-22] [GEN-28] a defeated NPC leaves an orphaned slot: skipped every round, never removed', () => {
    const { state } = started();
    const defeated = { ...state, combatants: state.combatants.map((c) => (c.id === 'c3' ? { ...c, defeated: true } : c)) };
    const round1 = playRound(defeated);
    expect(round1.taken).toEqual(['s1:c4', 's2:c1', 's3:c2', 's4:skip']);
    expect(round1.state.slots).toHaveLength(4);
    expect(playRound(round1.state).taken).toEqual(round1.taken);
  });

  it('[GEN-22] [GEN-28] a removed PC leaves the last PC slot empty', () => {
    const { state } = started();
    const removed = { ...state, combatants: state.combatants.filter((c) => c.id !== 'c1') };
    expect(playRound(removed).taken).toEqual(['s1:c3', 's2:c2', 's3:skip', 's4:c4']);
  });

  it('[GEN-23] the round is over when no later slot has anyone eligible', () => {
    const { state } = started();
    expect(roundOver({ ...state, acted: ['c3', 'c1'] }, 1)).toBe(false);
    expect(roundOver({ ...state, acted: ['c3', 'c1', 'c2', 'c4'] }, 2)).toBe(true);
    expect(roundOver({ ...state, acted: ['c3', 'c1', 'c2'] }, 2)).toBe(false);
    expect(roundOver(state, 3)).toBe(true);
  });

  it('[GEN-12] [GEN-27] a combatant who has not rolled fills no slot', () => {
    const { state } = started();
    const late = { ...state, combatants: [...state.combatants, combatant('c5', 'enemy', null)] };
    const npcSlot = late.slots[0];
    if (!npcSlot) throw new Error('no slot');
    expect(eligibleUnits(late, npcSlot)).toEqual([ref('c3'), ref('c4')]);
  });

  it('[GEN-26] a minion group rolls once, fills one NPC slot and acts with every member standing', () => {
    const base = encounter(
      [
        combatant('c1', 'pc', rolled(s)),
        combatant('c2', 'enemy', null, { groupId: 'g1' }),
        combatant('c3', 'enemy', null, { groupId: 'g1', defeated: true }),
        combatant('c4', 'enemy', null, { groupId: 'g1' }),
      ],
      { groups: [{ id: 'g1', name: 'Stormtroopers', side: 'enemy', initiative: rolled(ss), tieBreak: null, health: null }] },
    );
    let n = 0;
    const slots = buildSlots(rankResults(allUnits(base)), () => `s${++n}`);
    const state = { ...base, slots };
    expect(slots.map((x) => x.side)).toEqual(['npc', 'pc']);
    const npcSlot = slots[0];
    if (!npcSlot) throw new Error('no slot');
    expect(slotFill(state, npcSlot)).toEqual({ kind: 'auto', unit: ref('g1') });
    expect(eligibleActors(state, npcSlot)).toEqual(['c2', 'c4']);
    expect(playRound(state).taken).toEqual(['s1:g1', 's2:c1']);
    expect(canFill(state, npcSlot, ['c4', 'c2'])).toBeUndefined();
    expect(canFill(state, npcSlot, ['c2'])?.code).toBe('not-eligible');
  });

  it('[GEN-27] a newcomer adds a slot of its side after the results it ties with', () => {
    const { state, genesys } = started();
    const withNew = (id: string, side: 'pc' | 'enemy', ...dice: ReturnType<typeof showing>[]) => ({
      ...state,
      combatants: [...state.combatants, combatant(id, side, rolled(...dice))],
    });
    // s1 npc 2s, s2 pc 1s1a, s3 pc 1s, s4 npc blank
    expect(placeNewcomer(withNew('c5', 'enemy', s), genesys.slotKeys, ref('c5'), 's9')).toEqual({
      slot: { id: 's9', side: 'npc', filler: { kind: 'open', side: 'npc' } },
      index: 3,
      key: { successes: 1, advantages: 0, side: 'npc' },
    });
    expect(placeNewcomer(withNew('c5', 'pc', s), genesys.slotKeys, ref('c5'), 's9')?.index).toBe(3);
    expect(placeNewcomer(withNew('c5', 'enemy', s, a), genesys.slotKeys, ref('c5'), 's9')?.index).toBe(2);
    expect(placeNewcomer(withNew('c5', 'pc', ss, ss), genesys.slotKeys, ref('c5'), 's9')?.index).toBe(0);
    expect(placeNewcomer(withNew('c5', 'enemy'), genesys.slotKeys, ref('c5'), 's9')?.index).toBe(4);
    expect(placeNewcomer(state, genesys.slotKeys, ref('c9'), 's9')).toBeUndefined();
  });

  it('[GEN-27] a slot without a stored key is passed over when placing a newcomer', () => {
    const { state, genesys } = started();
    const withNew = { ...state, combatants: [...state.combatants, combatant('c5', 'enemy', rolled(s))] };
    const { s4: _dropped, ...keys } = genesys.slotKeys;
    expect(placeNewcomer(withNew, keys, ref('c5'), 's9')?.index).toBe(4);
  });
});
