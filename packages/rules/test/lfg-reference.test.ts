// A whole lfg encounter from creation to the end with the real generator and a pinned seed: the
// party's check each round by a rotating roller, the bands it gives, a delay, a leader's death, a
// morale check at the end of the round, physical dice, and a retreat.
import { describe, expect, it } from 'vitest';
import { project, replay, rollDice, rngFromSeed, verifyDice } from '../src/index.js';
import { GM, ogreDen, player } from './lfg-harness.js';

const c = (id: string) => ({ kind: 'combatant', id }) as const;
const g = (id: string) => ({ kind: 'group', id }) as const;

describe('reference encounter (lfg)', () => {
  it('[LFG-6] [LFG-7] [LFG-8] [LFG-11] [LFG-12] [LFG-13] [LFG-15] [LFG-20] [LFG-22] [LFG-23] [LFG-26] [LFG-27] [LFG-28] [ENG-2] [ENG-22] create → roll → three rounds → retreat', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    // The GM orders the monsters: Sorcerer, Goblins, Ogre; the Torchbearer is the party's only ally.
    t.do({ type: 'lfg-order-monsters', order: [c('c8'), g('g4'), c('c7'), c('c9')] });
    // Nobody is named yet: Ana's player volunteers by rolling (d20 under Initiative 12).
    expect(t.ext.roller).toBeNull();
    t.do({ type: 'roll-initiative', unit: c('c1') }, player('c1'));
    expect(t.ext.check?.roll).toMatchObject({ kept: 2, outcome: 'critical-success', detail: { target: 12 }, source: 'server' });

    // Great Success: the party (Ana first, then clockwise, then the ally) before every enemy.
    t.do({ type: 'start-combat' });
    expect(t.order).toEqual(['c1', 'c2', 'c3', 'c9', 'c8', 'g4', 'c7']);
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ bands: ['party', 'all-enemies'], outcome: 'critical-success' });
    const turns: string[] = [];
    const end = () => {
      turns.push(`${t.state.round}:${t.actors}`);
      t.endTurn();
    };
    end(); // Ana
    // Bo delays until after everyone else; Cy goes on.
    turns.push(`1:${t.actors}(delays)`);
    t.do({ type: 'delay-turn' }, player('c2'));
    end(); // Cy
    // The Torchbearer's arrow fells the Sorcerer, a leader: the engine suggests a morale check, the GM calls it for the round's end.
    t.do({ type: 'set-defeated', combatantId: 'c8', defeated: true });
    const [suggestion] = t.ext.suggestions;
    expect(suggestion).toMatchObject({ triggers: ['leader-down', 'half-down'], members: ['c5', 'c6', 'c7'] });
    t.do({
      type: 'lfg-call-morale',
      combatantIds: suggestion?.members ?? [],
      suggestionId: suggestion?.id ?? '',
      trigger: 'leader-down',
    });
    end(); // the Torchbearer; the Sorcerer's slot is skipped
    end(); // the Goblins
    end(); // the Ogre: the last slot, so the delayed Bo acts now
    expect(t.actors).toBe('c2');
    end(); // Bo; the round ends and the morale check is rolled
    expect(turns).toEqual(['1:c1', '1:c2(delays)', '1:c3', '1:c9', '1:c5+c6', '1:c7', '1:c2']);
    expect(t.ext.lastMorale.map((v) => [v.rolls.map((r) => r.result.kept), v.broken])).toEqual(REFERENCE_MORALE);

    // Round 2: the roller moves clockwise to Bo, who rolls a real die: a natural 20 fails.
    expect(t.state.round).toBe(2);
    expect(t.ext).toMatchObject({ roller: 'c2', awaitingCheck: true });
    expect(t.refused({ type: 'end-turn' }).code).toBe('decision-pending');
    expect(t.refused({ type: 'roll-initiative', unit: c('c3') }, player('c3')).code).toBe('lfg-not-the-roller');
    t.do({ type: 'enter-initiative', unit: c('c2'), faces: [20] }, player('c2'));
    expect(t.ext.check?.roll).toMatchObject({ kept: 20, outcome: 'failure', source: 'physical' });
    // Failure: every enemy still in the fight first (broken ones have fled), then Bo, clockwise, the ally.
    expect(t.order).toEqual(REFERENCE_ROUND_2);
    while (t.state.round === 2) {
      turns.push(`2:${t.actors}`);
      t.endTurn();
    }

    // Round 3: Cy's turn to roll. Before anyone acts, the party asks to retreat; the GM agrees at +2.
    expect(t.ext).toMatchObject({ roller: 'c3', awaitingCheck: true });
    t.do({ type: 'lfg-propose-retreat' }, player('c3'));
    expect(t.refused({ type: 'roll-initiative', unit: c('c3') }, player('c1')).code).toBe('not-your-combatant');
    t.do({ type: 'lfg-answer-retreat', allow: true, modifier: 2 });
    // Luck 11, 9, 12 (+2): only Ana succeeds, so the party stays; the GM lets Ana flee alone.
    expect(t.ext.retreat).toMatchObject(REFERENCE_RETREAT);
    expect(t.refused({ type: 'end-turn' }).code).toBe('decision-pending');
    t.do({ type: 'lfg-permit-flight', allow: true });
    expect(t.ext.fled).toEqual(['c1']);
    // Cy still rolls this round's check; the order has no place for Ana any more.
    t.do({ type: 'roll-initiative', unit: c('c3'), mode: 'advantage' }, player('c3'));
    expect(t.ext.check?.roll).toMatchObject({ mode: 'advantage', outcome: 'critical-success' });
    expect(t.order).toEqual(REFERENCE_ROUND_3);
    expect(t.actors).toBe('c3');
    expect(t.state.slots.every((s) => s.filler.kind !== 'unit' || s.filler.unit.id !== 'c1')).toBe(true);
    t.do({ type: 'end-encounter' }, GM);

    expect(turns.slice(7)).toEqual(REFERENCE_TURNS_2);
    expect(replay(t.log)).toEqual(t.state);
    const dice = verifyDice(t.log);
    expect(dice).toMatchObject({ ok: true });
    // Every server die comes from the seed, in event order.
    const server = t.log.flatMap((e) =>
      e.type === 'lfg-party-rolled' ? (e.roll.source === 'server' ? e.roll.dice : []) : 'source' in e && e.source === 'server' ? e.dice : [],
    );
    expect(server.map((d) => d.face)).toEqual(rollDice(rngFromSeed('00112233445566778899aabbccddeeff'), 20, server.length).faces);
    expect(dice.checked).toBe(server.length);
  });
});

const REFERENCE_MORALE: unknown[] = [
  [[2], []],
  [[19], ['c7']],
];
const REFERENCE_ROUND_2 = ['c8', 'g4', 'c2', 'c3', 'c1', 'c9'];
const REFERENCE_ROUND_3 = ['c3', 'c2', 'c9', 'c8', 'g4'];
const REFERENCE_TURNS_2 = ['2:c5+c6', '2:c2', '2:c3', '2:c1', '2:c9'];
const REFERENCE_RETREAT = {
  status: 'failed',
  rolls: [
    { id: 'c1', result: { kept: 10, target: 13, outcome: 'success' } },
    { id: 'c2', result: { kept: 19, target: 11, outcome: 'failure' } },
    { id: 'c3', result: { kept: 20, target: 14, outcome: 'failure' } },
  ],
  successes: ['c1'],
  permitPending: true,
};
