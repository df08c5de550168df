import { describe, expect, it } from 'vitest';
import type { InitiativeRoll } from '../../core/model.js';
import { scoreInitiative } from './initiative.js';
import { countsAsSuccess, individualOutcome, partyOutcome, successesNeeded, type PartyMember } from './outcomes.js';
import { DC20_DEFAULT_FLAGS } from './types.js';

const DC = 14;
const roll = (face: number, modifier = 3): InitiativeRoll => {
  const r = scoreInitiative({ faces: [face], adv: 0, disadv: 0, modifier, dc: DC, source: 'physical' });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.value;
};
const pc = (face: number): PartyMember => ({ role: 'pc', roll: roll(face) });
const strict = { critCountsAsSuccess: false };

describe('dc20 individual outcomes', () => {
  it('[DC20-9] a success gains a d6 Inspiration Die that expires when the Combat ends', () => {
    expect(individualOutcome(roll(12), DC, DC20_DEFAULT_FLAGS)).toEqual([{ kind: 'inspiration-die', sides: 6, expires: 'combat-end' }]);
    expect(individualOutcome(roll(10), DC, DC20_DEFAULT_FLAGS)).toEqual([]);
  });

  it('[DC20-10] a Critical Success also gains ADV on 1 Check or Save during the first Round', () => {
    expect(individualOutcome(roll(20), DC, DC20_DEFAULT_FLAGS).map((b) => b.kind)).toEqual(['inspiration-die', 'first-round-adv']);
  });

  it('[DC20-11] a Critical Failure gives the first Attack against you in the first Round ADV', () => {
    expect(individualOutcome(roll(1, 20), DC, DC20_DEFAULT_FLAGS)).toEqual([{ kind: 'first-attack-against-has-adv', expires: 'round-1-end' }]);
  });

  it('[DC20-12] critCountsAsSuccess: a natural 20 below the DC counts only when the flag is on', () => {
    const low20 = roll(20, -10);
    expect(countsAsSuccess(low20, DC, DC20_DEFAULT_FLAGS)).toBe(true);
    expect(countsAsSuccess(low20, DC, strict)).toBe(false);
    expect(individualOutcome(low20, DC, strict).map((b) => b.kind)).toEqual(['first-round-adv']);
    expect(countsAsSuccess(roll(20), DC, strict)).toBe(true);
  });
});

describe('dc20 party outcome', () => {
  it('[DC20-12] the PC team needs successes of at least half its PCs, rounded up', () => {
    expect([1, 2, 3, 4, 5, 6].map(successesNeeded)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('[DC20-12] at least half beat the DC: the PC team wins the first turn; fewer: the Enemy team', () => {
    expect(partyOutcome([pc(12), pc(2), pc(5), pc(11)], DC, DC20_DEFAULT_FLAGS)).toEqual({ ok: true, value: { winner: 'pc', successes: 2, needed: 2 } });
    expect(partyOutcome([pc(12), pc(2), pc(5)], DC, DC20_DEFAULT_FLAGS)).toEqual({ ok: true, value: { winner: 'enemy', successes: 1, needed: 2 } });
  });

  it('[DC20-12] a low natural 20 tips the party outcome only with critCountsAsSuccess', () => {
    const party = [{ role: 'pc', roll: roll(20, -10) }, pc(2)] as const;
    expect(partyOutcome(party, DC, DC20_DEFAULT_FLAGS).ok && partyOutcome(party, DC, DC20_DEFAULT_FLAGS)).toMatchObject({ value: { winner: 'pc' } });
    expect(partyOutcome(party, DC, strict)).toMatchObject({ value: { winner: 'enemy', successes: 0 } });
  });

  it('[DC20-5] [DC20-29] Important NPCs and enemies do not roll and do not count toward half', () => {
    const members: PartyMember[] = [pc(12), pc(2), { role: 'important-npc', roll: null }, { role: 'enemy', roll: null }];
    expect(partyOutcome(members, DC, DC20_DEFAULT_FLAGS)).toEqual({ ok: true, value: { winner: 'pc', successes: 1, needed: 1 } });
  });

  it('[DC20-5] every PC must have rolled, and there must be a PC', () => {
    expect(partyOutcome([pc(12), { role: 'pc', roll: null }], DC, DC20_DEFAULT_FLAGS)).toMatchObject({ ok: false, refusal: { code: 'initiative-missing' } });
    expect(partyOutcome([{ role: 'important-npc', roll: null }], DC, DC20_DEFAULT_FLAGS)).toMatchObject({ ok: false, refusal: { code: 'no-pcs' } });
  });
});
