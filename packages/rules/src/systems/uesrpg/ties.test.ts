import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/dice/rng.js';
import {
  compareInitiative,
  decidingStep,
  finalTies,
  pendingTies,
  rankLuckContest,
  resolutionsFor,
  rollLuckContest,
  settleLuckContest,
  MAX_ROLL_OFFS,
  type D100,
} from './ties.js';
import { combatant, encounter, group, rolled, unit } from './test-fixtures.js';

const SEED = '00112233445566778899aabbccddeeff';
// Rating 9 (4 + 3 + 2) and 6 (2 + 2 + 2); Luck bonus 5 and 3.
const SHARP = { agility: 42, intelligence: 35, perception: 29 };
const DULL = { agility: 20, intelligence: 20, perception: 20 };

describe('uesrpg tie-break chain', () => {
  it('[UES-8] the higher total acts first', () => {
    const a = rolled('pc', SHARP, 5);
    const b = rolled('pc', SHARP, 2);
    expect(compareInitiative(a, b)).toBeLessThan(0);
    expect(decidingStep(a, b)).toBe('total');
  });

  it('[UES-9] equal totals: the higher Initiative Rating acts first', () => {
    const sharp = rolled('enemy', SHARP, 1); // 1 + 9
    const dull = rolled('enemy', DULL, 4); // 4 + 6
    expect(sharp.total).toBe(dull.total);
    expect(compareInitiative(dull, sharp)).toBeGreaterThan(0);
    expect(decidingStep(sharp, dull)).toBe('rating');
  });

  it('[UES-10] equal total and rating: the higher Luck bonus acts first', () => {
    const lucky = rolled('pc', { ...SHARP, luck: 55 }, 3);
    const plain = rolled('pc', { ...SHARP, luck: 38 }, 3);
    expect(compareInitiative(lucky, plain)).toBeLessThan(0);
    expect(decidingStep(plain, lucky)).toBe('luck');
  });

  it('[UES-10] a PC beats an NPC at the Luck step, even with a Luck bonus of 0', () => {
    const pc = rolled('pc', { ...SHARP, luck: 5 }, 3);
    const npc = rolled('enemy', { ...SHARP, luck: 90 }, 3);
    expect(compareInitiative(pc, npc)).toBeLessThan(0);
    expect(compareInitiative(npc, pc)).toBeGreaterThan(0);
    expect(decidingStep(npc, pc)).toBe('luck');
  });

  it('[UES-11] two NPCs, or two PCs with the same Luck bonus, stay tied for people to decide', () => {
    expect(decidingStep(rolled('enemy', SHARP, 3), rolled('npc', SHARP, 3))).toBeNull();
    expect(compareInitiative(rolled('pc', { ...SHARP, luck: 41 }, 3), rolled('pc', { ...SHARP, luck: 49 }, 3))).toBe(0);
  });

  it('[UES-2] [UES-9] a surprised character\'s rating-only total ties on the same chain', () => {
    const surprised = rolled('pc', SHARP, null); // 9
    const dull = rolled('pc', DULL, 3); // 3 + 6
    expect(decidingStep(surprised, dull)).toBe('rating');
    expect(compareInitiative(surprised, dull)).toBeLessThan(0);
  });
});

describe('uesrpg pending ties', () => {
  const state = encounter(
    [
      combatant('c1', 'pc', { ...SHARP, luck: 41 }, { initiative: rolled('pc', { ...SHARP, luck: 41 }, 3) }),
      combatant('c2', 'pc', { ...SHARP, luck: 47 }, { initiative: rolled('pc', { ...SHARP, luck: 47 }, 3) }),
      combatant('c3', 'enemy', SHARP, { initiative: rolled('enemy', SHARP, 3) }),
      combatant('c4', 'enemy', SHARP, { groupId: 'g9' }),
      combatant('c5', 'enemy', SHARP, { initiative: rolled('enemy', SHARP, 1) }),
      combatant('c6', 'enemy', DULL, { initiative: rolled('enemy', DULL, 4) }),
    ],
    [group('g9', 'enemy', { initiative: rolled('enemy', SHARP, 3) })],
  );

  it('[UES-11] what the chain cannot break is pending; PC ties may roll off, NPC ties only the GM orders', () => {
    expect(finalTies(state)).toEqual([
      { units: [unit('c1'), unit('c2')], resolutions: ['gm-order', 'luck-roll-off'] },
      { units: [unit('c3'), unit('g9')], resolutions: ['gm-order'] },
    ]);
    expect(pendingTies(state)).toEqual([
      [unit('c1'), unit('c2')],
      [unit('c3'), unit('g9')],
    ]);
  });

  it('[UES-11] an ordered tie is no longer pending; a defeated unit does not tie', () => {
    const ordered = encounter(
      state.combatants.map((c) => (c.id === 'c1' ? { ...c, tieBreak: 1 } : c.id === 'c2' ? { ...c, tieBreak: 0 } : c)),
      state.groups,
    );
    expect(pendingTies(ordered)).toEqual([[unit('c3'), unit('g9')]]);
    const fallen = encounter(
      ordered.combatants.map((c) => (c.id === 'c4' ? { ...c, defeated: true } : c)),
      ordered.groups,
    );
    expect(pendingTies(fallen)).toEqual([]);
  });

  it('[UES-11] contested Luck rolls are offered only when every tied unit has Luck', () => {
    expect(resolutionsFor([rolled('pc', SHARP, 2), rolled('pc', SHARP, 2)])).toEqual(['gm-order', 'luck-roll-off']);
    expect(resolutionsFor([rolled('enemy', SHARP, 2), rolled('npc', SHARP, 2)])).toEqual(['gm-order']);
  });
});

describe('uesrpg contested Luck roll-off', () => {
  it('[UES-11] roll-under: a pass beats a failure, a wider pass a narrower one, equal margins stay tied', () => {
    const ranked = rankLuckContest([
      { unit: unit('c1'), luck: 40, face: 55 }, // fails by 15
      { unit: unit('c2'), luck: 40, face: 12 }, // passes by 28
      { unit: unit('c3'), luck: 50, face: 22 }, // passes by 28
      { unit: unit('c4'), luck: 50, face: 47 }, // passes by 3
    ]);
    expect(ranked).toEqual([[unit('c2'), unit('c3')], [unit('c4')], [unit('c1')]]);
  });

  it('[UES-11] each contestant rolls a d100 from the encounter generator, in order', () => {
    const { rolls } = rollLuckContest(
      [
        { unit: unit('c1'), luck: 41 },
        { unit: unit('c2'), luck: 47 },
      ],
      rngFromSeed(SEED),
    );
    expect(rolls.map((r) => r.unit)).toEqual([unit('c1'), unit('c2')]);
    for (const r of rolls) expect(r.face).toBeGreaterThanOrEqual(1);
    for (const r of rolls) expect(r.face).toBeLessThanOrEqual(100);
  });

  it('[UES-11] a settled roll-off gives the order that resolve-tie records, and is replayable', () => {
    const contestants = [
      { unit: unit('c1'), luck: 41 },
      { unit: unit('c2'), luck: 47 },
      { unit: unit('c7'), luck: 47 },
    ];
    const first = settleLuckContest(contestants, rngFromSeed(SEED));
    const again = settleLuckContest(contestants, rngFromSeed(SEED));
    expect(again).toEqual(first);
    expect(first.order).not.toBeNull();
    expect([...(first.order ?? [])].sort((a, b) => a.id.localeCompare(b.id))).toEqual(contestants.map((c) => c.unit));
    const byUnit = new Map(first.rolls.slice(0, 3).map((r) => [r.unit.id, r.luck - r.face]));
    const margins = (first.order ?? []).map((u) => byUnit.get(u.id) ?? 0);
    expect([...margins].sort((a, b) => b - a)).toEqual(margins);
  });

  it('[UES-11] contestants still tied roll again among themselves; endless ties fall back to the GM', () => {
    const scripted = (faces: readonly number[]): D100 => {
      let i = 0;
      return (rng) => ({ face: faces[i++ % faces.length] ?? 1, rng });
    };
    const three = [
      { unit: unit('c1'), luck: 50 },
      { unit: unit('c2'), luck: 50 },
      { unit: unit('c3'), luck: 50 },
    ];
    // Round 1: c1 and c2 pass by 20, c3 fails; round 2 between c1 and c2: c2 passes wider.
    const settled = settleLuckContest(three, rngFromSeed(SEED), scripted([30, 30, 70, 45, 10]));
    expect(settled.order).toEqual([unit('c2'), unit('c1'), unit('c3')]);
    expect(settled.rolls.map((r) => r.face)).toEqual([30, 30, 70, 45, 10]);
    const endless = settleLuckContest(three.slice(0, 2), rngFromSeed(SEED), scripted([30]));
    expect(endless.order).toBeNull();
    expect(endless.rolls).toHaveLength(2 * MAX_ROLL_OFFS);
    expect(settleLuckContest([{ unit: unit('c1'), luck: 50 }], rngFromSeed(SEED))).toMatchObject({ order: [unit('c1')], rolls: [] });
  });
});
