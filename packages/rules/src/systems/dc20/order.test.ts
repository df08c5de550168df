import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/dice/rng.js';
import { buildOrder, fateCheck, orderTeamsByFate, pcTurnCount, teamRotation, type OrderInput } from './order.js';

const SEED = '00112233445566778899aabbccddeeff';
const ids = () => {
  let n = 0;
  return () => `s${++n}`;
};
const teams = (input: OrderInput) => buildOrder(input, ids()).map((s) => s.team);
const P = 'pc', E = 'enemy-1', E2 = 'enemy-2', N = 'npc';

describe('dc20 Initiative Order', () => {
  it('[DC20-13] 3 PCs make 3 PC turns and 3 enemy turns, 6 in all', () => {
    const order = teams({ winner: 'pc', pcTurns: 3, enemyTeams: 1, hasNpcTeam: false });
    expect(order).toHaveLength(6);
    expect(order.filter((t) => t === P)).toHaveLength(3);
    expect(order.filter((t) => t === E)).toHaveLength(3);
  });

  it('[DC20-14] the teams alternate, the PC team first when it wins (left of the illustration)', () => {
    expect(teams({ winner: 'pc', pcTurns: 3, enemyTeams: 1, hasNpcTeam: false })).toEqual([P, E, P, E, P, E]);
  });

  it('[DC20-14] the Enemy team first when the PCs fail (right of the illustration)', () => {
    expect(teams({ winner: 'enemy', pcTurns: 3, enemyTeams: 1, hasNpcTeam: false })).toEqual([E, P, E, P, E, P]);
  });

  it('[DC20-13] [DC20-29] Important NPCs on the PC team count toward the number of turns', () => {
    expect(pcTurnCount([{ team: 'pc' }, { team: 'pc' }, { team: 'pc' }, { team: 'enemy-1' }, { team: 'npc' }])).toBe(3);
  });

  it('[DC20-1] [DC20-13] [DC20-17] PC turns are open to the PC team, others are filled by the GM', () => {
    const [pcSlot, enemySlot] = buildOrder({ winner: 'pc', pcTurns: 1, enemyTeams: 1, hasNpcTeam: false }, ids());
    expect(pcSlot).toEqual({ id: 's1', side: 'pc', team: 'pc', filler: { kind: 'open', side: 'pc' } });
    expect(enemySlot).toEqual({ id: 's2', side: 'enemy', team: 'enemy-1', filler: { kind: 'assigned', side: 'enemy' } });
  });

  it('[DC20-27] two Enemy teams: PC, Enemy 1 and Enemy 2 alternate, each with as many turns as the PCs', () => {
    expect(teams({ winner: 'pc', pcTurns: 2, enemyTeams: 2, hasNpcTeam: false })).toEqual([P, E, E2, P, E, E2]);
    expect(teams({ winner: 'enemy', pcTurns: 2, enemyTeams: 2, hasNpcTeam: false })).toEqual([E, E2, P, E, E2, P]);
  });

  it('[DC20-28] an NPC team takes its own turns: PC, Enemy and NPC alternate', () => {
    expect(teams({ winner: 'pc', pcTurns: 2, enemyTeams: 1, hasNpcTeam: true })).toEqual([P, E, N, P, E, N]);
    expect(teams({ winner: 'enemy', pcTurns: 2, enemyTeams: 1, hasNpcTeam: true })).toEqual([E, N, P, E, N, P]);
    const npc = buildOrder({ winner: 'pc', pcTurns: 1, enemyTeams: 1, hasNpcTeam: true }, ids())[2];
    expect(npc).toMatchObject({ side: 'npc', filler: { kind: 'assigned', side: 'npc' } });
  });

  it('[DC20-27] [DC20-28] the rotation is PC, Enemy 1..k, NPC, starting with the winner', () => {
    expect(teamRotation('enemy', 3, true)).toEqual([E, E2, 'enemy-3', N, P]);
    expect(teamRotation('pc', 3, true)).toEqual([P, E, E2, 'enemy-3', N]);
  });

  it('[DC20-39] a Fate Check is one bare d20 from the generator', () => {
    const first = fateCheck(rngFromSeed(SEED));
    expect(first.face).toBeGreaterThanOrEqual(1);
    expect(first.face).toBeLessThanOrEqual(20);
    expect(fateCheck(rngFromSeed(SEED))).toEqual(first);
  });

  it('[DC20-27] Fate Checks order the enemy teams highest first; equal faces go back to the GM', () => {
    expect(orderTeamsByFate([{ label: 'Wolves', face: 7 }, { label: 'Bandits', face: 15 }])).toEqual({ kind: 'ordered', order: ['Bandits', 'Wolves'] });
    expect(orderTeamsByFate([{ label: 'Wolves', face: 9 }, { label: 'Bandits', face: 9 }, { label: 'Cult', face: 3 }])).toEqual({
      kind: 'tied',
      tied: [['Wolves', 'Bandits']],
    });
  });
});
