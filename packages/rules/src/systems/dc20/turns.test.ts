import { describe, expect, it } from 'vitest';
import { buildOrder } from './order.js';
import {
  assignToTurn, mergeNextTurns, pcTurnCandidates, resolveClaims, resolveTie, seatPcTurn, turnActors, unassigned,
} from './turns.js';
import type { Dc20Member, Dc20Slot, Result, TurnHolders } from './types.js';

const pc = (id: string, initiative: number | null = 10): Dc20Member => ({ id, team: 'pc', role: 'pc', defeated: false, initiative });
const foe = (id: string, team: Dc20Member['team'] = 'enemy-1'): Dc20Member => ({ id, team, role: 'enemy', defeated: false, initiative: null });
const order = (pcTurns: number, winner: 'pc' | 'enemy' = 'pc'): readonly Dc20Slot[] => {
  let n = 0;
  return buildOrder({ winner, pcTurns, enemyTeams: 1, hasNpcTeam: false }, () => `s${++n}`);
};
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
};
const code = <T>(r: Result<T>) => (r.ok ? 'ok' : r.refusal.code);
// A 4-PC order: s1 P, s2 E, s3 P, s4 E, s5 P, s6 E, s7 P, s8 E.

describe('dc20 PC turns', () => {
  it('[DC20-15] in round 1 every PC-team member without a turn may claim the PC turn that comes up', () => {
    const members = [pc('rogue'), pc('cleric'), { ...pc('guide', null), role: 'important-npc' as const }, foe('gob')];
    expect(pcTurnCandidates(members, {})).toEqual(['rogue', 'cleric', 'guide']);
    expect(pcTurnCandidates(members, { s1: ['rogue'] })).toEqual(['cleric', 'guide']);
    expect(pcTurnCandidates([{ ...pc('x'), defeated: true }], {})).toEqual([]);
  });

  it('[DC20-15] several PCs want the same turn: the highest Initiative Check result takes it', () => {
    expect(resolveClaims([{ combatantId: 'a', result: 14 }, { combatantId: 'b', result: 19 }, { combatantId: 'c', result: 7 }])).toEqual({ kind: 'seated', ids: ['b'] });
    expect(resolveClaims([{ combatantId: 'a', result: 3 }])).toEqual({ kind: 'seated', ids: ['a'] });
    expect(resolveClaims([])).toEqual({ kind: 'none' });
  });

  it('[DC20-16] equal results are a pending choice: share the turn, or one of them takes it', () => {
    const tied = [{ combatantId: 'barbarian', result: 16 }, { combatantId: 'champion', result: 16 }];
    expect(resolveClaims([...tied, { combatantId: 'wizard', result: 9 }])).toEqual({ kind: 'tied', tied });
    // The Barbarian and the Champion go at the same time (the text's example)...
    expect(value(resolveTie(tied, ['barbarian', 'champion']))).toEqual(['barbarian', 'champion']);
    // ...or one yields.
    expect(value(resolveTie(tied, ['champion']))).toEqual(['champion']);
    expect(code(resolveTie(tied, ['wizard']))).toBe('not-eligible');
    expect(code(resolveTie(tied, []))).toBe('not-eligible');
  });

  it('[DC20-16] [DC20-29] Important NPCs do not roll: several claiming alone is the PC team\'s choice, and they cannot share', () => {
    const npcs = [{ combatantId: 'guide', result: null }, { combatantId: 'squire', result: null }];
    expect(resolveClaims(npcs)).toEqual({ kind: 'tied', tied: npcs });
    expect(value(resolveTie(npcs, ['squire']))).toEqual(['squire']);
    expect(code(resolveTie(npcs, ['guide', 'squire']))).toBe('not-tied');
    expect(resolveClaims([{ combatantId: 'guide', result: null }, { combatantId: 'rogue', result: 2 }])).toEqual({ kind: 'seated', ids: ['rogue'] });
  });

  it('[DC20-30] later rounds keep the round-1 order: a PC turn is taken by whoever took it in round 1', () => {
    const slots = order(3);
    const members = [pc('rogue'), pc('cleric'), pc('fighter')];
    let holders: TurnHolders = {};
    for (const [slotId, id] of [['s1', 'cleric'], ['s3', 'fighter'], ['s5', 'rogue']] as const) holders = value(seatPcTurn(slots, holders, slotId, [id]));
    // Round 2: nobody is left to claim, each PC turn goes to its round-1 holder.
    expect(pcTurnCandidates(members, holders)).toEqual([]);
    expect(['s1', 's3', 's5'].map((s) => turnActors(s, holders, members, []))).toEqual([['cleric'], ['fighter'], ['rogue']]);
    expect(code(seatPcTurn(slots, holders, 's2', ['rogue']))).toBe('not-a-pc-turn');
  });

  it('[DC20-32] each creature acts once a round: a holder who already acted this round is not an actor again', () => {
    const members = [pc('a'), foe('gob')];
    expect(turnActors('s1', { s1: ['a'] }, members, ['a'])).toEqual([]);
  });
});

describe('dc20 enemy turns', () => {
  const goblins = ['gob1', 'gob2', 'gob3', 'gob4'].map((id) => foe(id));
  const hobgoblins = ['hob1', 'hob2'].map((id) => foe(id));
  const members = [pc('a'), pc('b'), pc('c'), pc('d'), ...goblins, ...hobgoblins];

  it('[DC20-17] the GM may give 4 enemies 4 turns, 2 turns of 2, or 3 in one turn and 1 alone', () => {
    const slots = order(4);
    const enemyTurns = slots.filter((s) => s.team !== 'pc').map((s) => s.id);
    const fourAlone = goblins.reduce<TurnHolders>((h, g, i) => value(assignToTurn(slots, h, members, enemyTurns[i] ?? '', [g.id])), {});
    expect(enemyTurns.map((s) => fourAlone[s])).toEqual([['gob1'], ['gob2'], ['gob3'], ['gob4']]);
    const twoByTwo = value(assignToTurn(slots, value(assignToTurn(slots, {}, members, 's2', ['gob1', 'gob2'])), members, 's4', ['gob3', 'gob4']));
    expect([twoByTwo['s2'], twoByTwo['s4']]).toEqual([['gob1', 'gob2'], ['gob3', 'gob4']]);
    const threeAndOne = value(assignToTurn(slots, value(assignToTurn(slots, {}, members, 's2', ['gob1', 'gob2', 'gob3'])), members, 's6', ['gob4']));
    expect([threeAndOne['s2'], threeAndOne['s6']]).toEqual([['gob1', 'gob2', 'gob3'], ['gob4']]);
  });

  it('[DC20-23] 4 Goblins and 2 Hobgoblins against 4 PCs: 2 Goblins, 2 Hobgoblins, 2 Goblins, one turn empty and skipped', () => {
    const slots = order(4);
    let h: TurnHolders = {};
    h = value(assignToTurn(slots, h, members, 's2', ['gob1', 'gob2']));
    h = value(assignToTurn(slots, h, members, 's4', ['hob1', 'hob2']));
    h = value(assignToTurn(slots, h, members, 's6', ['gob3', 'gob4']));
    expect(['s2', 's4', 's6', 's8'].map((s) => turnActors(s, h, members, []))).toEqual([['gob1', 'gob2'], ['hob1', 'hob2'], ['gob3', 'gob4'], []]);
    expect(unassigned(members, h)).toEqual([]);
  });

  it('[DC20-18] enemies may be assigned one at a time as the round unfolds, and moved mid-round', () => {
    const slots = order(4);
    let h = value(assignToTurn(slots, {}, members, 's2', ['gob1']));
    expect(unassigned(members, h)).toEqual(['gob2', 'gob3', 'gob4', 'hob1', 'hob2']);
    // After PC turn s3 targets gob1, the GM moves it to answer right after (s4).
    h = value(assignToTurn(slots, h, members, 's4', ['gob1']));
    expect([h['s2'], h['s4']]).toEqual([[], ['gob1']]);
    // A creature that already acted this round does not act again this round.
    expect(turnActors('s4', h, members, ['gob1'])).toEqual([]);
  });

  it('[DC20-17] only the turn\'s own team may be put on a non-PC turn, and never on a PC turn', () => {
    const slots = order(2);
    expect(code(assignToTurn(slots, {}, members, 's1', ['gob1']))).toBe('not-an-enemy-turn');
    expect(code(assignToTurn(slots, {}, members, 's2', ['a']))).toBe('not-an-enemy-turn');
    expect(code(assignToTurn(slots, {}, [...members, foe('wolf', 'enemy-2')], 's2', ['wolf']))).toBe('not-an-enemy-turn');
  });

  it('[DC20-24] with fewer enemies than enemy turns the GM chooses which turns they occupy', () => {
    const slots = order(3);
    const few = [pc('a'), pc('b'), pc('c'), foe('ogre')];
    const h = value(assignToTurn(slots, {}, few, 's6', ['ogre']));
    expect(['s2', 's4', 's6'].map((s) => turnActors(s, h, few, []))).toEqual([[], [], ['ogre']]);
  });

  it('[DC20-26] a turn whose enemies are all defeated stays in the order, skipped; newcomers may fill it', () => {
    const slots = order(2);
    const h = value(assignToTurn(slots, {}, members, 's2', ['gob1']));
    const afterKill = members.map((m) => (m.id === 'gob1' ? { ...m, defeated: true } : m));
    expect(turnActors('s2', h, afterKill, [])).toEqual([]);
    expect(slots.map((s) => s.id)).toContain('s2');
    const withNewcomer = [...afterKill, foe('troll')];
    const h2 = value(assignToTurn(slots, h, withNewcomer, 's2', ['troll']));
    expect(turnActors('s2', h2, withNewcomer, [])).toEqual(['troll']);
    // ...or join an occupied turn.
    expect(value(assignToTurn(slots, value(assignToTurn(slots, {}, withNewcomer, 's4', ['gob2'])), withNewcomer, 's4', ['troll']))['s4']).toEqual(['gob2', 'troll']);
  });

  it('[DC20-25] after a shared PC turn the GM may combine the next 2 enemy turns into 1', () => {
    const slots = order(4);
    let h: TurnHolders = { s1: ['barbarian', 'champion'], s3: ['wizard'] };
    h = value(assignToTurn(slots, h, members, 's2', ['gob1', 'gob2']));
    h = value(assignToTurn(slots, h, members, 's4', ['hob1', 'hob2']));
    h = value(assignToTurn(slots, h, members, 's6', ['gob3', 'gob4']));
    const merged = value(mergeNextTurns(slots, h, 's1', 'enemy-1'));
    expect([merged['s2'], merged['s4'], merged['s6']]).toEqual([['gob1', 'gob2', 'hob1', 'hob2'], [], ['gob3', 'gob4']]);
    expect(code(mergeNextTurns(slots, h, 's3', 'enemy-1'))).toBe('not-shared');
    expect(code(mergeNextTurns(slots, h, 's2', 'enemy-1'))).toBe('not-a-pc-turn');
    expect(code(mergeNextTurns(slots, { ...h, s7: ['x', 'y'] }, 's7', 'enemy-1'))).toBe('no-enemy-turns');
  });
});
