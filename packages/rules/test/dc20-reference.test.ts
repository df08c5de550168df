// A whole dc20 encounter from creation to the end with the real generator and a pinned seed: the
// party loses the first turn, turns alternate Enemy/PC, PCs claim their turns in round 1 (a tie
// shares one, and the GM merges the next two enemy turns), an Important NPC delays, empty enemy
// turns are skipped, LAP left over is spent at the round's end, and round 2 keeps the order.
import { describe, expect, it } from 'vitest';
import { project, replay, verifyDice, type EncounterEvent } from '../src/index.js';
import { GM, player, Table } from './dc20-harness.js';

const SEED = '0000000000000000000000000000dc20';

describe('reference encounter (dc20)', () => {
  it('[DC20-5] [DC20-7] [DC20-12] [DC20-13] [DC20-14] [DC20-15] [DC20-16] [DC20-17] [DC20-25] [DC20-26] [DC20-29] [DC20-30] [DC20-31] [DC20-35] [DC20-37] [DC20-38] [ENG-2] [ENG-22] creation → checks → two rounds → end', () => {
    const t = new Table(SEED);
    const ayla = t.add('Ayla', 'pc', { level: 3, agility: 3 }); // c1
    const bram = t.add('Bram', 'pc', { level: 3, agility: 1 }); // c2
    const cyra = t.add('Cyra', 'pc', { level: 3, agility: 2 }); // c3
    const dorn = t.add('Dorn', 'pc', { level: 1 }); // c4
    const eld = t.add('Eld', 'npc'); // c5, an allied NPC
    t.add('Goblin', 'enemy', {}, { count: 3 }); // g6: c7, c8, c9
    const ogre = t.add('Ogre', 'enemy'); // c10
    const [g1, g2, g3] = ['c7', 'c8', 'c9'];
    t.run({ type: 'dc20-set-team', combatantId: eld, team: 'pc' });
    t.run({ type: 'dc20-set-lap', combatantId: ogre, max: 2, perTurn: 1 });
    t.run({ type: 'dc20-set-surprised', combatantIds: [ogre], surprised: true });
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'table', level: 3, difficulty: 'normal' } });
    t.run({ type: 'begin-initiative' });

    // Only PCs roll; Ayla has ADV 2 (three d20s, the highest kept), Cyra DisADV, Dorn rolls a real die.
    t.run({ type: 'dc20-roll-initiative', combatantId: ayla, adv: 2 }, player(ayla));
    t.run({ type: 'dc20-roll-initiative', combatantId: bram }, player(bram));
    t.run({ type: 'roll-initiative', unit: { kind: 'combatant', id: cyra }, mode: 'disadvantage' }, player(cyra));
    t.check(dorn, 9);
    expect(t.refused({ type: 'roll-initiative', unit: { kind: 'group', id: 'g6' } }).code).toBe('dc20-not-a-pc');
    expect(t.refused({ type: 'dc20-roll-initiative', combatantId: eld }).code).toBe('dc20-not-a-pc');
    const checks = t.state.combatants
      .filter((c) => c.initiative)
      .map((c) => `${c.name} ${c.initiative?.dice.map((d) => d.face).join('/')} → ${c.initiative?.total} ${c.initiative?.outcome}`);
    expect(checks).toEqual([
      'Ayla 13/12/15 → 20 success',
      'Bram 7 → 10 failure',
      'Cyra 2/13 → 6 failure',
      'Dorn 9 → 10 failure',
    ]);

    // 1 success of 4 PCs (2 needed): the Enemy team takes the first turn. 5 PC-team members (Eld
    // counts, DC20-29): 5 PC turns and 5 Enemy turns, alternating.
    t.run({ type: 'start-combat' });
    expect(t.ext.party).toEqual({ winner: 'enemy', successes: 1, needed: 2 });
    expect(t.ext.benefits).toEqual({ [ayla]: ['inspiration-die'] });
    expect(t.teams).toEqual(['enemy-1', 'pc', 'enemy-1', 'pc', 'enemy-1', 'pc', 'enemy-1', 'pc', 'enemy-1', 'pc']);
    const [e1, p1, e2, p2, e3, , e4, p4, , p5] = t.slotIds;
    // Everyone has AP; the Surprised Ogre 2 of 2.
    expect([ayla, ogre].map((id) => t.combatant(id).resources['AP'])).toEqual([
      { current: 4, max: 4 },
      { current: 2, max: 2 },
    ]);

    const turns: string[] = [];
    const note = () => turns.push(`${t.state.round}:${t.state.slots.findIndex((s) => s.id === t.state.turn?.slotId)}:${t.turn.join('+')}`);

    // E1 waits for the GM, who sends two Goblins; the third goes to E4 for later, the Ogre to E2.
    expect(t.state.turn?.slotId).toBe(e1);
    expect(project(t.state, GM).ext).toMatchObject({ pending: [{ kind: 'assign-turn', slotId: e1, unassigned: [g1, g2, g3, ogre] }] });
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ pending: [{ kind: 'assign-turn', slotId: e1, unassigned: [] }] });
    t.run({ type: 'claim-turn', combatantIds: [g1, g2] });
    t.run({ type: 'dc20-assign', slotId: e4 ?? '', combatantIds: [g3] });
    t.run({ type: 'dc20-assign', slotId: e2 ?? '', combatantIds: [ogre] });
    note();
    t.run({ type: 'end-turn' });

    // P1: Ayla claims; nobody silent could beat 20, so she takes it at once.
    expect(project(t.state, player(bram)).ext).toMatchObject({ pending: [{ kind: 'choose-pc-turn', slotId: p1 }] });
    t.run({ type: 'claim-turn', combatantIds: [ayla] }, player(ayla));
    note();
    t.run({ type: 'spend-resource', combatantId: ayla, resource: 'AP', amount: 3 }, player(ayla));
    t.run({ type: 'add-condition', combatantId: bram, name: 'Blessed', rounds: 1 });
    t.run({ type: 'end-turn' }, player(ayla));
    expect(t.ap(ayla)).toBe(4);

    // E2: the Ogre (Surprised) acts; between PC turns it spends 1 LAP (1 at a time).
    note();
    t.run({ type: 'dc20-spend-lap', combatantId: ogre, amount: 1 });
    expect(t.refused({ type: 'dc20-spend-lap', combatantId: ogre, amount: 1 }).code).toBe('dc20-not-enough-lap');
    t.run({ type: 'end-turn' });
    expect(t.combatant(ogre).conditions).toEqual([]);
    expect(t.combatant(ogre).resources['AP']).toEqual({ current: 4, max: 4 });

    // P2: Bram and Dorn both claim with 10; Cyra (6) and Eld (no result) cannot match: a tie they share.
    t.run({ type: 'claim-turn', combatantIds: [bram] }, player(bram));
    t.run({ type: 'claim-turn', combatantIds: [dorn] }, player(dorn));
    expect(t.ext.claims?.tied).toEqual([bram, dorn]);
    t.run({ type: 'dc20-resolve-claim', combatantIds: [bram, dorn] }, player(dorn));
    note();
    // A shared PC turn: the GM may merge the next two enemy turns (E3 empty, E4 the third Goblin).
    expect(t.ext.mergeOffer).toEqual({ pcSlotId: p2, teams: ['enemy-1'] });
    expect(t.refused({ type: 'end-turn' }, player(bram)).code).toBe('decision-pending');
    t.run({ type: 'dc20-merge-enemy-turns', team: 'enemy-1' });
    expect(t.ext.holders[e3 ?? '']).toEqual([g3]);
    t.run({ type: 'end-turn' }, player(bram));
    expect(t.turn).toEqual([bram, dorn]);
    t.run({ type: 'end-turn' }, player(dorn));

    // E3: the merged Goblin. P3: Cyra passes, Eld claims, then delays to the last PC turn.
    note();
    t.run({ type: 'end-turn' });
    t.run({ type: 'dc20-pass-turn', combatantIds: [cyra] }, player(cyra));
    t.run({ type: 'claim-turn', combatantIds: [eld] });
    note();
    t.run({ type: 'spend-resource', combatantId: eld, resource: 'AP', amount: 1 });
    t.run({ type: 'delay-turn', targetSlotId: p5 });
    // E4 is now empty and skipped; P4 has one PC left and no holder: Cyra takes it.
    expect(t.state.turn?.slotId).toBe(p4);
    note();
    expect(t.ext.deferred).toEqual([eld]);
    t.run({ type: 'end-turn' }, player(cyra));
    // E5 skipped; P5 is Eld's, who regains AP only now, at the end of the new turn.
    note();
    expect(t.ap(eld)).toBe(3);
    // The round would end: the Ogre's leftover LAP may be spent first (Beta Note), then all come back.
    const closing = t.run({ type: 'end-turn' });
    expect(closing.map((e) => e.type)).toEqual(['dc20-leftover-lap-opened']);
    expect(t.ap(eld)).toBe(3);
    t.run({ type: 'dc20-spend-lap', combatantId: ogre, amount: 1 });
    expect(t.state.round).toBe(2);
    expect(t.ap(eld)).toBe(4);
    expect(t.combatant(ogre).resources['LAP']).toEqual({ current: 2, max: 2 });

    // Round 2 keeps the order: nobody is asked again; Bless ends as Ayla's turn starts.
    for (let i = 0; i < 6; i++) {
      note();
      if (t.turn.includes(ayla)) expect(t.combatant(bram).conditions).toEqual([]);
      const actor = t.turn.some((id) => [g1, g2, g3, ogre].includes(id)) ? GM : player(...t.turn);
      t.run({ type: 'end-turn' }, actor);
    }
    t.run({ type: 'end-encounter' });
    expect(t.ext.benefits).toEqual({});
    expect(turns).toEqual(REFERENCE_TURNS);
    expect(project(t.state, { role: 'spectator' }).seed).toBe(SEED);
    expect(replay(t.log)).toEqual(t.state);
    const verified = verifyDice(t.log as EncounterEvent[]);
    expect(verified).toEqual({ ok: true, checked: 6, mismatches: [] });
  });
});

/** round:slot index:actors. Round 1: E1 g1+g2, P1 Ayla, E2 Ogre, P2 Bram+Dorn, E3 g3, P3 Eld (delays), P4 Cyra, P5 Eld. */
const REFERENCE_TURNS = [
  '1:0:c7+c8',
  '1:1:c1',
  '1:2:c10',
  '1:3:c2+c4',
  '1:4:c9',
  '1:5:c5',
  '1:7:c3',
  '1:9:c5',
  '2:0:c7+c8',
  '2:1:c1',
  '2:2:c10',
  '2:3:c2+c4',
  '2:4:c9',
  '2:7:c3',
];
