// A whole UESRPG encounter from creation to the end with the real generator and a pinned seed:
// surprise, the tie-break chain down to a contested Luck roll-off, AP refills, reactions, an
// extended action across rounds, a newcomer, a condition "until the end of the round".
import { describe, expect, it } from 'vitest';
import { project, replay, rollDice, rngFromSeed, verifyDice, type EncounterState } from '../src/index.js';
import { add, GM, player, unit } from './harness.js';
import { AELA, ap, declare, extOf, logged, viewExt, whoseTurn } from './uesrpg-harness.js';

const SEED = '00000000000000000000000000000004';
const CATO = { agility: 44, intelligence: 38, perception: 21, luck: 47 }; // rating 9, Luck bonus 4, like Aela

const slotUnits = (s: EncounterState) => s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : 'open'));

describe('reference encounter (uesrpg)', () => {
  it('[UES-1] [UES-2] [UES-3] [UES-5] [UES-8] [UES-9] [UES-10] [UES-11] [UES-13] [UES-14] [UES-16] [UES-20] [UES-24] [UES-26] [UES-29] [UES-35] [ENG-2] [ENG-22] create → surprise → roll → roll-off → two rounds → end', () => {
    const t = logged(SEED);
    t.step(add('Aela', 'pc', { stats: AELA })); // c1
    t.step(add('Brand', 'pc', { stats: { agility: 31, intelligence: 25, perception: 33, luck: 55 } })); // c2, rating 8
    t.step(add('Cato', 'pc', { stats: CATO })); // c3
    t.step(add('Bandit', 'enemy', { stats: { initiativeRating: 9 }, count: 2 })); // g4: c5, c6
    t.step(add('Wolf', 'enemy', { stats: { initiativeRating: 11 } })); // c7
    t.step({ type: 'begin-initiative' });

    // Step 1 comes first: nobody rolls before the GM has said who is surprised.
    expect(viewExt(project(t.state, { role: 'spectator' })).surprise).toBe('undecided');
    t.step({ type: 'uesrpg-set-surprise', surprised: ['c7'] });

    // Step 3: 1d6 + rating. The Wolf is surprised: no die, its rating is its entry.
    t.step({ type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    t.step({ type: 'roll-initiative', unit: unit('c2') }, player('c2'));
    t.step({ type: 'roll-initiative', unit: unit('c3') }, player('c3'));
    t.step({ type: 'roll-npc-initiative' });
    const d6 = rollDice(rngFromSeed(SEED), 6, 4).faces;
    const rolled = t.log.flatMap((e) => (e.type === 'initiative-rolled' ? [[e.unit.id, e.roll.dice.map((d) => d.face), e.roll.total]] : []));
    expect(rolled).toEqual([
      ['c1', [d6[0]], 12],
      ['c2', [d6[1]], 10],
      ['c3', [d6[2]], 12],
      ['g4', [d6[3]], 12],
      ['c7', [], 11],
    ]);

    // Aela, Cato and the Bandits all have 12 and rating 9; Luck bonus puts the PCs first, and Aela
    // and Cato (both Luck bonus 4) are a tie only contested Luck or the GM can break.
    const ties = viewExt(project(t.state, GM)).ties;
    expect(ties).toEqual([{ units: [unit('c1'), unit('c3')], resolutions: ['gm-order', 'luck-roll-off'] }]);
    t.step({ type: 'uesrpg-roll-off-luck', units: [unit('c1'), unit('c3')] });
    const rollOff = extOf(t.state).lastRollOff;
    expect(rollOff?.rolls.map((r) => [r.unit.id, r.luck, r.face])).toEqual(ROLL_OFF);
    t.step({ type: 'start-combat' });
    expect(slotUnits(t.state)).toEqual(['c3', 'c1', 'g4', 'c7', 'c2']);

    // Round 1: everyone starts with full AP.
    expect(t.state.combatants.map((c) => c.resources['AP']?.current)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(whoseTurn(t.state)).toBe('c3');
    // Cato attacks (1 AP): the attack is open to reactions; Bandit 1 parries once, not twice.
    t.step(declare('c3', 'primary', 1, { label: 'Sword strike' }), player('c3'));
    const strike = extOf(t.state).openAction?.id ?? '';
    expect(strike).not.toBe('');
    t.step(declare('c5', 'reaction', 1, { label: 'Parry', threatId: strike }));
    expect(() => t.step(declare('c5', 'reaction', 1, { label: 'Parry', threatId: strike }))).toThrow(/already-reacted/);
    expect(() => t.step({ type: 'end-turn' }, player('c3'))).toThrow(/action-unresolved/);
    t.step({ type: 'uesrpg-resolve-action', actionId: strike }, player('c3'));
    t.step({ type: 'end-turn' }, player('c3'));

    // Aela starts a 4 AP ritual with 3 AP: an extended action, paid 3 now.
    expect(whoseTurn(t.state)).toBe('c1');
    t.step(declare('c1', 'primary', 4, { label: 'Ritual' }), player('c1'));
    expect(extOf(t.state).combatants['c1']?.extended).toMatchObject({ label: 'Ritual', cost: 4, paid: 3 });
    expect(ap(t.state, 'c1')?.current).toBe(0);
    t.step({ type: 'end-turn' }, player('c1'));

    // [UES-35] The Bandits rolled once, but each takes its own turn in their place.
    expect(whoseTurn(t.state)).toBe('c5');
    t.step({ type: 'end-turn' });
    expect(whoseTurn(t.state)).toBe('c6');
    t.step({ type: 'end-turn' });
    // The Wolf's first turn: surprised, it may only react.
    expect(whoseTurn(t.state)).toBe('c7');
    expect(() => t.step(declare('c7', 'primary', 1))).toThrow(/surprised/);
    const endWolf = t.step({ type: 'end-turn' });
    expect(endWolf.map((e) => e.type)).toContain('uesrpg-surprise-ended');
    t.step({ type: 'end-turn' }, player('c2'));

    // Round 2: AP refilled at the round's start, the reaction log emptied.
    expect(t.state.round).toBe(2);
    expect(ap(t.state, 'c1')?.current).toBe(3);
    expect(ap(t.state, 'c5')?.current).toBe(3);
    expect(extOf(t.state).combatants['c5']?.reactedTo).toEqual([]);
    t.step({ type: 'add-condition', combatantId: 'c2', name: 'Staggered', rounds: 1 }); // uesrpg's durations run to a round's end
    t.step({ type: 'end-turn' }, player('c3'));
    // Aela finishes the ritual with 1 AP: it takes effect and opens to reactions.
    t.step({ type: 'uesrpg-continue-extended', combatantId: 'c1' }, player('c1'));
    expect(ap(t.state, 'c1')?.current).toBe(2);
    expect(extOf(t.state).openAction?.label).toBe('Ritual');
    t.step({ type: 'uesrpg-resolve-action', actionId: extOf(t.state).openAction?.id ?? '' });
    t.step({ type: 'end-turn' }, player('c1'));

    // A troll arrives (hidden from the players until it shows itself) and takes its place.
    t.step(add('Troll', 'enemy', { stats: { initiativeRating: 10 }, hidden: true }));
    const trollId = t.state.combatants.at(-1)?.id ?? '';
    expect(trollId).toBe(TROLL_ID);
    t.step({ type: 'roll-npc-initiative' });
    const troll = t.log.at(-1);
    expect(troll?.type).toBe('slot-inserted');
    const trollRoll = t.state.combatants.find((c) => c.id === trollId)?.initiative;
    expect(trollRoll?.total).toBe(10 + (trollRoll?.dice[0]?.face ?? 0));
    expect(trollRoll?.total).toBe(TROLL_TOTAL);
    expect(slotUnits(t.state)).toEqual(TROLL_ORDER);
    const spectator = JSON.stringify(project(t.state, { role: 'spectator' }));
    expect(spectator).not.toContain('Troll');
    expect(spectator).not.toContain(`"${trollId}"`);

    const turns: string[] = [];
    while (t.state.round < 3) {
      turns.push(whoseTurn(t.state));
      const owner = t.state.turn?.actorIds[0] ?? '';
      t.step({ type: 'end-turn' }, ['c1', 'c2', 'c3'].includes(owner) ? player(owner) : GM);
    }
    expect(turns).toEqual(ROUND_2_REST);
    // "Until the end of the round" ended with round 2.
    expect(t.state.combatants.find((c) => c.id === 'c2')?.conditions).toEqual([]);
    // The troll first acts in round 3, at its place.
    expect(whoseTurn(t.state)).toBe('c17');

    t.step({ type: 'end-encounter' });
    expect(t.state.phase).toBe('ended');
    expect(replay(t.log)).toEqual(t.state);
    const verified = verifyDice(t.log);
    expect(verified).toMatchObject({ ok: true, mismatches: [] });
    expect(verified.checked).toBe(5 + ROLL_OFF.length);
  });
});

// Cato passes (38 under 47), Aela fails (68 over 40): Cato first.
const ROLL_OFF: readonly (readonly [string, number, number])[] = [
  ['c1', 40, 68],
  ['c3', 47, 38],
];
const ROUND_2_REST: readonly string[] = ['c5', 'c6', 'c7', 'c2'];
// 2 + 10: rating 10 beats the 12s with rating 9, so it goes first, a place already passed this round.
const TROLL_TOTAL = 12;
// c1–c7, slots s8–s12, the actions a13–a15 and the condition k16 came first.
const TROLL_ID = 'c17';
const TROLL_ORDER: readonly string[] = ['c17', 'c3', 'c1', 'g4', 'c7', 'c2'];
