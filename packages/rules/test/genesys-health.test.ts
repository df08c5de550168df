// Genesys health through the whole engine: wounds and strain, incapacitated characters, minion pools.
import { describe, expect, it } from 'vitest';
import { project, type Command, type EncounterState } from '../src/index.js';
import { act, add, GM, player, refusal, run, unit } from './harness.js';
import { crew } from './genesys-harness.js';

const enter = (s: EncounterState, id: string, faces: number[]) => run(s, { type: 'enter-initiative', unit: unit(id), faces });
const damage = (combatantId: string, amount: number, track?: 'wounds' | 'strain'): Command => ({
  type: 'apply-damage',
  targets: [{ combatantId, amount }],
  ...(track ? { track } : {}),
});
const heal = (combatantId: string, amount: number, track?: 'wounds' | 'strain'): Command => ({
  type: 'apply-healing',
  targets: [{ combatantId, amount }],
  ...(track ? { track } : {}),
});
const setMax = (combatantId: string, max: number, track?: 'wounds' | 'strain'): Command => ({
  type: 'set-max-health',
  combatantIds: [combatantId],
  max,
  ...(track ? { track } : {}),
});
const c = (s: EncounterState, id: string) => s.combatants.find((x) => x.id === id);

/**
 * crew() in combat (slots pc, npc, pc, npc; Kira and Tam to claim the first): Kira WT 14 / ST 12,
 * Vex WT 12 / ST 10, the three Stormtroopers a pool of 5 each.
 */
function fighting(): EncounterState {
  let s = crew();
  s = run(s, setMax('c1', 14));
  s = run(s, setMax('c1', 12, 'strain'));
  s = run(s, setMax('c7', 12));
  s = run(s, setMax('c7', 10, 'strain'));
  s = run(s, setMax('c5', 5));
  s = enter(enter(enter(enter(s, 'c1', [2, 2]), 'c2', [6, 2, 1]), 'g3', [1, 1]), 'c7', [2, 5, 5]);
  return run(s, { type: 'start-combat' });
}

describe('Genesys health', () => {
  it('[GEN-37] wounds past the threshold incapacitate: defeated, and back once healed to it', () => {
    let s = fighting();
    s = run(s, damage('c7', 12));
    expect(c(s, 'c7')?.health).toEqual({ kind: 'wounds', wounds: 12, threshold: 12, strain: 0, strainThreshold: 10 });
    expect(c(s, 'c7')?.defeated).toBe(false);
    const out = act(s, damage('c7', 1));
    expect(out.events.map((e) => e.type)).toEqual(['damage-applied', 'defeated-set']);
    expect(project(out.state, GM).combatants.find((x) => x.id === 'c7')?.health?.state).toBe('incapacitated');
    expect(c(run(out.state, heal('c7', 1)), 'c7')?.defeated).toBe(false);
    expect(refusal(s, { type: 'set-temp-health', targets: [{ combatantId: 'c7', amount: 3 }] }).code).toBe('not-supported');
  });

  it('[GEN-37] strain past its threshold incapacitates a PC too, whose slot is then filled by the others', () => {
    let s = fighting();
    s = run(s, damage('c1', 13, 'strain'), player('c1'));
    expect(c(s, 'c1')).toMatchObject({ defeated: true, health: { strain: 13, wounds: 0 } });
    // The first PC slot waits for a claim: Kira can no longer take it, Tam can.
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c1'] }).code).toBe('not-eligible');
    const healed = run(s, heal('c1', 1, 'strain'), player('c1'));
    expect(c(healed, 'c1')?.defeated).toBe(false);
    s = run(s, { type: 'claim-turn', combatantIds: ['c2'] }, player('c2'));
    expect(s.turn?.actorIds).toEqual(['c2']);
  });

  it('[GEN-37] [ENG-26] without a strain threshold, strain is taken as wounds', () => {
    let s = fighting();
    s = run(s, setMax('c2', 10));
    s = run(s, damage('c2', 4, 'strain'));
    expect(c(s, 'c2')?.health).toEqual({ kind: 'wounds', wounds: 4, threshold: 10, strain: 0, strainThreshold: null });
  });

  it('[GEN-38] [ENG-31] a minion group shares one pool: members drop one by one as wounds exceed each threshold, the one hit first', () => {
    let s = fighting();
    expect(s.groups[0]?.health).toEqual({ kind: 'wounds', wounds: 0, threshold: 5, strain: 0, strainThreshold: null });
    expect(s.combatants.filter((x) => x.groupId === 'g3').map((x) => x.health)).toEqual([null, null, null]);
    // Exactly one minion's threshold worth puts nobody down: a minion falls once the wounds exceed it.
    const five = act(s, damage('c5', 5));
    expect(five.events.map((e) => e.type)).toEqual(['damage-applied']);
    const first = act(s, damage('c5', 6));
    expect(first.events).toEqual([
      {
        type: 'damage-applied',
        track: 'wounds',
        targets: [
          {
            target: { kind: 'group', id: 'g3' },
            combatantId: 'c5',
            amount: 6,
            before: { kind: 'wounds', wounds: 0, threshold: 5, strain: 0, strainThreshold: null },
            after: { kind: 'wounds', wounds: 6, threshold: 5, strain: 0, strainThreshold: null },
          },
        ],
      },
      { type: 'defeated-set', combatantId: 'c5', defeated: true },
    ]);
    s = run(first.state, damage('c4', 4));
    expect(s.combatants.filter((x) => x.defeated).map((x) => x.id)).toEqual(['c5']);
    // 11 wounds: a second minion drops, the one named first.
    s = run(s, damage('c4', 1));
    expect(s.combatants.filter((x) => x.defeated).map((x) => x.id)).toEqual(['c4', 'c5']);
    expect(project(s, GM).groups[0]?.health).toMatchObject({ shown: 'numbers', state: 'hurt' });
    expect(project(s, player('c1')).groups[0]?.health).toEqual({ shown: 'states', state: 'hurt' });
    s = run(s, damage('c6', 40));
    // The pool holds every minion's worth and the one wound past it that puts the last one down.
    expect(s.groups[0]?.health).toMatchObject({ wounds: 16 });
    expect(project(s, player('c1')).groups[0]?.health).toEqual({ shown: 'states', state: 'incapacitated' });
    // Healing the pool brings minions back in display order.
    s = run(s, heal('c4', 6));
    expect(s.combatants.filter((x) => x.groupId === 'g3' && !x.defeated).map((x) => x.id)).toEqual(['c4', 'c5']);
    expect(refusal(s, setMax('c4', 4, 'strain'))).toEqual({
      code: 'invalid-command',
      message: 'A group sharing one pool has no strain threshold: strain it suffers is taken as wounds.',
    });
  });

  it('[GEN-38] [GEN-22] [GEN-28] once every minion is down the group fills no slot: its NPC slot is skipped', () => {
    let s = fighting();
    s = run(s, { type: 'claim-turn', combatantIds: ['c1'] });
    s = run(s, damage('c4', 16));
    expect(s.combatants.filter((x) => x.groupId === 'g3').every((x) => x.defeated)).toBe(true);
    s = run(s, { type: 'end-turn' });
    // The NPC slot goes to Vex alone (filled without asking): the troopers have nobody left to send.
    expect(s.turn?.actorIds).toEqual(['c7']);
    s = run(s, damage('c7', 13));
    s = run(s, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c2']);
    s = run(s, { type: 'end-turn' });
    // The second NPC slot has nobody: skipped, round 2.
    expect(s.round).toBe(2);
    expect(s.slots).toHaveLength(4);
  });

  it('[GEN-26] [GEN-38] minions healed back after their group has acted do not give it a second turn that round', () => {
    let s = fighting();
    s = run(s, { type: 'claim-turn', combatantIds: ['c1'] });
    s = run(s, { type: 'end-turn' });
    // One trooper falls before the troopers take the first NPC slot; then all fall, and healing brings
    // back the one that fell first (in display order), who has not acted.
    s = run(s, damage('c4', 6));
    s = run(s, { type: 'claim-turn', combatantIds: ['c5', 'c6'] });
    s = run(s, { type: 'end-turn' });
    s = run(s, damage('c5', 10));
    expect(s.combatants.filter((x) => x.groupId === 'g3').every((x) => x.defeated)).toBe(true);
    s = run(s, heal('c4', 5));
    expect(s.combatants.filter((x) => x.groupId === 'g3' && !x.defeated).map((x) => x.id)).toEqual(['c4']);
    // Tam's PC slot, then the second NPC slot goes to Vex alone: the troopers have acted this round.
    if (s.turn?.actorIds.length === 0) s = run(s, { type: 'claim-turn', combatantIds: ['c2'] });
    expect(s.turn?.actorIds).toEqual(['c2']);
    s = run(s, { type: 'end-turn' });
    expect(s.turn?.actorIds).toEqual(['c7']);
    s = run(s, { type: 'end-turn' });
    expect(s.round).toBe(2);
  });

  it('[GEN-38] add-combatant with health gives a minion group its pool', () => {
    const s = run(crew(), add('Trooper', 'enemy', { count: 4, health: { max: 4 } }));
    const group = s.groups.find((g) => g.name === 'Trooper');
    expect(group?.health).toEqual({ kind: 'wounds', wounds: 0, threshold: 4, strain: 0, strainThreshold: null });
    expect(refusal(crew(), add('Vex', 'enemy', { health: { max: 12, strain: 0 } })).code).toBe('invalid-health');
    expect(run(crew(), add('Vex', 'enemy', { health: { max: 12, strain: 10 } })).combatants.at(-1)?.health).toMatchObject({ strainThreshold: 10 });
  });
});

describe('Genesys: catching one\'s breath when the encounter ends', () => {
  const recover = (combatantId: string, skill: 'cool' | 'discipline', faces?: number[]): Command => ({
    type: 'genesys-recover-strain',
    combatantId,
    skill,
    ...(faces ? { faces } : {}),
  });
  const ended = (): EncounterState => run(run(fighting(), damage('c1', 5, 'strain')), { type: 'end-encounter' });
  const view = (s: EncounterState, audience: Parameters<typeof project>[1] = GM) => {
    const ext = project(s, audience).ext;
    if (ext?.system !== 'genesys') throw new Error('no genesys view');
    return ext;
  };

  it('[GEN-40] [GEN-31] after the end a PC with strain makes a Simple Cool or Discipline check: each net success recovers one strain, real dice allowed', () => {
    expect(refusal(run(fighting(), damage('c1', 5, 'strain')), recover('c1', 'cool')).code).toBe('wrong-phase');
    let s = ended();
    expect(view(s, player('c1')).mayRecoverStrain).toEqual(['c1']);
    // Kira: Presence 3, Cool 2 → 2 Proficiency + 1 Ability; faces ss, s, blank: 3 successes.
    const { state, events } = act(s, recover('c1', 'cool', [5, 2, 1]), player('c1'));
    expect(events[0]).toMatchObject({ type: 'genesys-strain-recovered', combatantId: 'c1', skill: 'cool', source: 'physical', successes: 3, recovered: 3 });
    expect(events[1]).toMatchObject({ type: 'healing-applied', track: 'strain', targets: [{ amount: 3 }] });
    s = state;
    expect(c(s, 'c1')?.health).toMatchObject({ strain: 2 });
    expect(view(s).mayRecoverStrain).toEqual([]);
    expect(refusal(s, recover('c1', 'cool')).code).toBe('not-eligible');
  });

  it('[GEN-40] the wrong number of real dice, someone else\'s PC, a PC without strain are refused; server dice are recorded for verification', () => {
    const s = ended();
    expect(refusal(s, recover('c1', 'cool', [5, 2])).code).toBe('invalid-dice');
    expect(refusal(s, recover('c1', 'cool'), player('c2')).code).toBe('not-your-combatant');
    expect(refusal(s, recover('c2', 'discipline')).code).toBe('not-eligible');
    const { state, events } = act(s, recover('c1', 'discipline'));
    const rolled = events[0];
    if (rolled?.type !== 'genesys-strain-recovered') throw new Error('no roll');
    expect(rolled.dice).toHaveLength(2); // Willpower 2, Discipline 0: 2 Ability dice
    expect(rolled.source).toBe('server');
    expect(c(state, 'c1')?.health).toMatchObject({ strain: 5 - rolled.recovered });
  });

  it('[GEN-31] [ENG-8] after the end, healing helps the incapacitated: wounds come off and they are no longer out; damage and healing strain are refused', () => {
    let s = run(fighting(), damage('c7', 13));
    expect(c(s, 'c7')?.defeated).toBe(true);
    s = run(s, damage('c1', 3));
    s = run(s, damage('c1', 4, 'strain'));
    s = run(s, { type: 'end-encounter' });
    const back = act(s, heal('c7', 5));
    expect(back.events.map((e) => e.type)).toEqual(['healing-applied', 'defeated-set']);
    expect(c(back.state, 'c7')).toMatchObject({ defeated: false, health: { wounds: 8 } });
    // A player heals their own character's wounds as during the fight (ENG-28).
    expect(c(run(s, heal('c1', 2), player('c1')), 'c1')?.health).toMatchObject({ wounds: 1 });
    expect(refusal(s, heal('c1', 2), player('c2')).code).toBe('not-your-combatant');
    // Strain comes back by catching one's breath (GEN-40), not by healing; nothing new is suffered.
    expect(refusal(s, heal('c1', 2, 'strain'))).toMatchObject({ code: 'wrong-phase' });
    expect(refusal(s, damage('c1', 1)).code).toBe('wrong-phase');
    expect(refusal(s, setMax('c1', 20)).code).toBe('wrong-phase');
  });
});
