import { describe, expect, it } from 'vitest';
import { allUnits } from '../../core/units.js';
import { compareKeys, genesysSide, pendingTies, rankKey, rankResults } from './ranking.js';
import { combatant, encounter, rolled, showing } from './test-fixtures.js';

const s = showing('ability', 's');
const ss = showing('ability', 'ss');
const a = showing('ability', 'a');
const f = showing('setback', 'f');
const h = showing('setback', 'h');
const order = (state: ReturnType<typeof encounter>, options = { signedNetRanking: false }) =>
  rankResults(allUnits(state), options).map((r) => r.unit.id);

describe('genesys ranking', () => {
  it('[GEN-18] enemies and NPC allies are all NPCs', () => {
    expect([genesysSide('pc'), genesysSide('enemy'), genesysSide('npc')]).toEqual(['pc', 'npc', 'npc']);
  });

  it('[GEN-14] most successes first', () => {
    const state = encounter([
      combatant('c1', 'pc', rolled(s)),
      combatant('c2', 'enemy', rolled(ss, s)),
      combatant('c3', 'pc', rolled(a, a)),
    ]);
    expect(order(state)).toEqual(['c2', 'c1', 'c3']);
  });

  it('[GEN-15] equal successes: more advantages ranks higher', () => {
    const state = encounter([combatant('c1', 'pc', rolled(s)), combatant('c2', 'enemy', rolled(s, a))]);
    expect(order(state)).toEqual(['c2', 'c1']);
  });

  it('[GEN-16] still tied: the Player Character ranks above the NPC', () => {
    const state = encounter([combatant('c1', 'enemy', rolled(s, a)), combatant('c2', 'pc', rolled(s, a)), combatant('c3', 'npc', rolled(s, a))]);
    expect(order(state)).toEqual(['c2', 'c1', 'c3']);
  });

  it('[GEN-8] [GEN-15] a Triumph ranks only as the success it counts as', () => {
    const state = encounter([combatant('c1', 'enemy', rolled(showing('proficiency', 'T'))), combatant('c2', 'pc', rolled(s))]);
    expect(order(state)).toEqual(['c2', 'c1']);
  });

  it('[GEN-14] default: net failures and net threats rank as 0, tied with a blank result', () => {
    const state = encounter([combatant('c1', 'enemy', rolled(f, f, h)), combatant('c2', 'enemy', rolled(showing('ability', '')))]);
    expect(order(state)).toEqual(['c1', 'c2']);
    expect(compareKeys(rankKey(rolled(f, f, h), 'enemy'), rankKey(rolled(), 'npc'))).toBe(0);
  });

  it('[GEN-14] signedNetRanking: net failures rank below a blank result', () => {
    const state = encounter([combatant('c1', 'pc', rolled(f, f)), combatant('c2', 'enemy', rolled(h)), combatant('c3', 'enemy', rolled())]);
    expect(order(state, { signedNetRanking: true })).toEqual(['c3', 'c2', 'c1']);
  });

  it('[GEN-17] exact ties are same-side results: kept in display order, never a pending tie', () => {
    const state = encounter([
      combatant('c1', 'enemy', rolled(s)),
      combatant('c2', 'pc', rolled(s)),
      combatant('c3', 'pc', rolled(s)),
      combatant('c4', 'enemy', rolled(s)),
    ]);
    expect(order(state)).toEqual(['c2', 'c3', 'c1', 'c4']);
    expect(pendingTies()).toEqual([]);
  });

  it('[GEN-12] [GEN-28] units that have not rolled or are defeated give no result', () => {
    const state = encounter([
      combatant('c1', 'pc', null),
      combatant('c2', 'enemy', rolled(s), { defeated: true }),
      combatant('c3', 'enemy', rolled()),
    ]);
    expect(order(state)).toEqual(['c3']);
  });
});
