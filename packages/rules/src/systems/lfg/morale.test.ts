import { describe, expect, it } from 'vitest';
import { rngFromSeed, rollDice } from '../../core/dice/rng.js';
import type { Side } from '../../core/model.js';
import {
  canBeRallied,
  dueMorale,
  finishThem,
  moraleKind,
  planMoraleChecks,
  rallyResult,
  resolveMoralePlan,
  rollMoralePlan,
  subjectToMorale,
  suggestMoraleTriggers,
} from './morale.js';
import type { MoraleCandidate, PendingMorale } from './types.js';

const SEED = '00112233445566778899aabbccddeeff';

const npc = (id: string, kind: string, will: number, side: Side = 'enemy', more: Partial<MoraleCandidate> = {}): MoraleCandidate => ({
  id,
  side,
  kind,
  will,
  defeated: false,
  broken: false,
  ...more,
});

const FIGHT: readonly MoraleCandidate[] = [
  npc('gob1', 'goblin', 7),
  npc('gob2', 'goblin', 7),
  npc('gob3', 'goblin', 7, 'enemy', { defeated: true }),
  npc('ogre', 'ogre', 9),
  npc('ana', 'pc', 12, 'pc'),
];

describe('lfg morale scope', () => {
  it('[LFG-18] by default one check covers all monsters of the same kind', () => {
    expect(planMoraleChecks(FIGHT, 'kind')).toEqual([
      { mode: 'single', members: ['gob1', 'gob2'], rollers: [{ id: 'gob1', will: 7 }] },
      { mode: 'single', members: ['ogre'], rollers: [{ id: 'ogre', will: 9 }] },
    ]);
  });

  it('[LFG-18] the GM may rule a group check: everyone rolls, one verdict', () => {
    expect(planMoraleChecks(FIGHT, 'group')).toEqual([
      {
        mode: 'group',
        members: ['gob1', 'gob2', 'ogre'],
        rollers: [
          { id: 'gob1', will: 7 },
          { id: 'gob2', will: 7 },
          { id: 'ogre', will: 9 },
        ],
      },
    ]);
  });

  it('[LFG-18] or individual checks: one per combatant', () => {
    expect(planMoraleChecks(FIGHT, 'individual').map((p) => p.members)).toEqual([['gob1'], ['gob2'], ['ogre']]);
  });

  it('[LFG-18] same kind: a group\'s name, or the name without its number', () => {
    expect(moraleKind('Goblin 3')).toBe('goblin');
    expect(moraleKind('Goblin 3', 'Goblin Archers')).toBe('goblin archers');
    expect(moraleKind('Ogre')).toBe('ogre');
  });

  it('[LFG-19] hirelings and pets check morale, PCs never; the broken and the down are not checked', () => {
    expect(subjectToMorale('pc')).toBe(false);
    expect(subjectToMorale('npc')).toBe(true);
    expect(subjectToMorale('enemy')).toBe(true);
    const allies = [npc('ana', 'pc', 12, 'pc'), npc('hound', 'hound', 8, 'npc'), npc('link', 'linkboy', 6, 'npc', { broken: true })];
    expect(planMoraleChecks(allies, 'individual').map((p) => p.members)).toEqual([['hound']]);
    expect(planMoraleChecks([npc('ana', 'pc', 12, 'pc')], 'group')).toEqual([]);
  });
});

describe('lfg morale checks', () => {
  it('[LFG-17] [LFG-23] a kind check is one Will roll: success holds, failure breaks (and routs) them all', () => {
    const [goblins] = planMoraleChecks(FIGHT, 'kind');
    expect(goblins && resolveMoralePlan(goblins, ['success'])).toEqual({ held: ['gob1', 'gob2'], broken: [] });
    expect(goblins && resolveMoralePlan(goblins, ['failure'])).toEqual({ held: [], broken: ['gob1', 'gob2'] });
  });

  it('[LFG-17] [LFG-4] a group check holds when at least half succeed', () => {
    const [all] = planMoraleChecks(FIGHT, 'group');
    expect(all && resolveMoralePlan(all, ['success', 'failure', 'failure']).broken).toEqual(['gob1', 'gob2', 'ogre']);
    expect(all && resolveMoralePlan(all, ['success', 'critical-success', 'failure']).held).toEqual(['gob1', 'gob2', 'ogre']);
  });

  it('[LFG-17] [LFG-21] rolls are d20 under Will plus the GM modifier, from the seeded generator', () => {
    const [all] = planMoraleChecks(FIGHT, 'group');
    if (!all) throw new Error('no plan');
    const rng = rngFromSeed(SEED);
    const faces = rollDice(rng, 20, 3);
    const rolled = rollMoralePlan(rng, all, 2, 'halfScore');
    expect(rolled.results.map((r) => r.faces[0])).toEqual(faces.faces);
    expect(rolled.results.map((r) => r.target)).toEqual([9, 9, 11]);
    expect(rolled.rng).toEqual(faces.rng);
    expect(rolled.resolution).toEqual(resolveMoralePlan(all, rolled.results.map((r) => r.outcome)));
  });

  it('[LFG-20] a leader going down, or half the group, suggests a check once', () => {
    const group = [
      { id: 'chief', defeated: true, leader: true },
      { id: 'gob1', defeated: false, leader: false },
      { id: 'gob2', defeated: false, leader: false },
      { id: 'gob3', defeated: false, leader: false },
    ];
    expect(suggestMoraleTriggers(group, ['chief'])).toEqual(['leader-down']);
    const half = group.map((m) => (m.id === 'gob1' ? { ...m, defeated: true } : m));
    expect(suggestMoraleTriggers(half, ['gob1'])).toEqual(['half-down']);
    expect(suggestMoraleTriggers(half, ['chief', 'gob1'])).toEqual(['leader-down', 'half-down']);
    const more = half.map((m) => (m.id === 'gob2' ? { ...m, defeated: true } : m));
    expect(suggestMoraleTriggers(more, ['gob2'])).toEqual([]);
  });

  it('[LFG-22] checks are rolled at the end of the round unless the GM said immediately', () => {
    const call = (timing: PendingMorale['timing']): PendingMorale => ({ members: ['gob1'], scope: 'kind', trigger: 'gm', timing, modifier: 0 });
    const pending = [call('end-of-round'), call('immediate')];
    expect(dueMorale(pending, 'now')).toEqual({ due: [pending[1]], waiting: [pending[0]] });
    expect(dueMorale(pending, 'end-of-round')).toEqual({ due: pending, waiting: [] });
  });
});

describe('lfg rally and finish them', () => {
  it('[LFG-25] a PC\'s Cha (Leadership): Great Success rallies, success earns another check, failure nothing', () => {
    expect(rallyResult('critical-success')).toBe('rallied');
    expect(rallyResult('success')).toBe('recheck');
    expect(rallyResult('failure')).toBe('not-rallied');
  });

  it('[LFG-25] only broken allies still standing can be rallied', () => {
    expect(canBeRallied({ side: 'npc', broken: true, defeated: false })).toBe(true);
    expect(canBeRallied({ side: 'enemy', broken: true, defeated: false })).toBe(false);
    expect(canBeRallied({ side: 'npc', broken: false, defeated: false })).toBe(false);
    expect(canBeRallied({ side: 'npc', broken: true, defeated: true })).toBe(false);
  });

  it('[LFG-24] Finish Them! is a group Luck check', () => {
    expect(finishThem(['success', 'failure'])).toBe(true);
    expect(finishThem(['failure', 'failure', 'success'])).toBe(false);
  });
});
