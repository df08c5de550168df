import { describe, expect, it } from 'vitest';
import { rngFromSeed, rollDice } from '../../core/dice/rng.js';
import { partyInBattle, resolveRetreat, retreatRollers, retreatWindowOpen, rollRetreat, type RetreatMember } from './retreat.js';

const SEED = '00112233445566778899aabbccddeeff';
const PARTY: readonly RetreatMember[] = [
  { id: 'ana', luck: 12, defeated: false },
  { id: 'bo', luck: 9, defeated: false },
  { id: 'cy', luck: 14, defeated: true },
  { id: 'di', luck: 10, defeated: false },
];

describe('lfg party retreat', () => {
  it('[LFG-26] only at the start of a round, before anyone has acted', () => {
    expect(retreatWindowOpen(3, [])).toBe(true);
    expect(retreatWindowOpen(3, ['ana'])).toBe(false);
    expect(retreatWindowOpen(0, [])).toBe(false);
  });

  it('[LFG-24] [LFG-26] the party is the PCs still in the battle, standing or not: not the NPCs, not who has fled', () => {
    const fighters = [
      { id: 'ana', side: 'pc' },
      { id: 'ogre', side: 'enemy' },
      { id: 'bo', side: 'pc' },
      { id: 'mule', side: 'npc' },
      { id: 'cy', side: 'pc' },
    ] as const;
    expect(partyInBattle(fighters, []).map((c) => c.id)).toEqual(['ana', 'bo', 'cy']);
    expect(partyInBattle(fighters, ['bo', 'mule']).map((c) => c.id)).toEqual(['ana', 'cy']);
  });

  it('[LFG-26] the standing PCs roll; the incapacitated are carried', () => {
    expect(retreatRollers(PARTY).map((m) => m.id)).toEqual(['ana', 'bo', 'di']);
  });

  it('[LFG-27] success: the whole party flees, the incapacitated included', () => {
    const r = resolveRetreat(PARTY, [
      { id: 'ana', outcome: 'success' },
      { id: 'bo', outcome: 'failure' },
      { id: 'di', outcome: 'critical-success' },
    ], false);
    expect(r).toEqual({ groupOutcome: 'success', mayFlee: ['ana', 'bo', 'cy', 'di'], remaining: [] });
  });

  it('[LFG-27] failure: the GM may let the individually successful PCs flee; the rest may try next round', () => {
    const rolls = [
      { id: 'ana', outcome: 'success' as const },
      { id: 'bo', outcome: 'failure' as const },
      { id: 'di', outcome: 'failure' as const },
    ];
    expect(resolveRetreat(PARTY, rolls, true)).toEqual({ groupOutcome: 'failure', mayFlee: ['ana'], remaining: ['bo', 'cy', 'di'] });
    expect(resolveRetreat(PARTY, rolls, false)).toEqual({ groupOutcome: 'failure', mayFlee: [], remaining: ['ana', 'bo', 'cy', 'di'] });
  });

  it('[LFG-26] each standing PC rolls d20 under Luck plus the GM modifier, from the seeded generator', () => {
    const rng = rngFromSeed(SEED);
    const expected = rollDice(rng, 20, 3);
    const rolled = rollRetreat(rng, PARTY, -2, 'halfScore');
    expect(rolled.rolls.map((r) => r.id)).toEqual(['ana', 'bo', 'di']);
    expect(rolled.rolls.map((r) => r.result.faces[0])).toEqual(expected.faces);
    expect(rolled.rolls.map((r) => r.result.target)).toEqual([10, 7, 8]);
    expect(rolled.rng).toEqual(expected.rng);
  });
});
