// genesys as the engine runs it: commands, roles, pending decisions, flags, newcomers, defeat,
// conditions, undo, the end and what each audience sees. Faces are entered as physical dice (face
// indexes per die, README order) wherever a test needs exact results. Rule ids: spec/genesys.md.
import { describe, expect, it } from 'vitest';
import { decide, getSystem, IMPLEMENTED_SYSTEMS, project, type EncounterState } from '../src/index.js';
import { act, add, GM, player, refusal, run, unit } from './harness.js';
import { claim, crew, genesysEncounter, genesysView } from './genesys-harness.js';

// Face indexes (README order). Ability d8: 1 –, 2 s, 4 ss, 5 a, 7 sa, 8 aa. Proficiency d12: 1 –, 2 s,
// 4 ss, 6 a, 12 T. Boost d6: 1 –, 3 s, 6 a. Setback d6: 1 –, 3 f, 5 h.
const enter = (s: EncounterState, id: string, faces: number[], mode?: 'advantage' | 'disadvantage') =>
  run(s, { type: 'enter-initiative', unit: unit(id), faces, ...(mode ? { mode } : {}) });

/**
 * crew() rolled with physical dice (all Vigilance): Kira 1P+1A, Tam 2P+1A, troopers 1P+1A, Vex 1P+2A.
 * Kira 2s, Tam 1s 1a, troopers blank, Vex 1s 2a → slots pc, npc, pc, npc (Vex's 2a beat Tam's 1a).
 */
function rolled(options: Readonly<Record<string, unknown>> = {}): EncounterState {
  let s = crew(undefined, options);
  s = enter(s, 'c1', [2, 2]);
  s = enter(s, 'c2', [6, 2, 1]);
  s = enter(s, 'g3', [1, 1]);
  return enter(s, 'c7', [2, 5, 5]);
}

const fighting = (options: Readonly<Record<string, unknown>> = {}) => run(rolled(options), { type: 'start-combat' });

describe('genesys in the engine', () => {
  it('[ENG-12] genesys is registered with its flags and stats', () => {
    expect(IMPLEMENTED_SYSTEMS).toContain('genesys');
    const system = getSystem('genesys');
    expect(system?.defaultOptions).toEqual({ signedNetRanking: false, autoFillSingle: true, confirmNextRound: false });
    expect(genesysEncounter().options).toMatchObject({ signedNetRanking: false, physicalDice: 'everyone' });
    expect(refusal(genesysEncounter(), { type: 'set-options', options: { surpriseMode: 'srd51' } }).code).toBe('invalid-options');
  });

  it('[GEN-30] [GEN-40] stats are Presence and Willpower 1–6, Cool, Vigilance and Discipline ranks 0–5', () => {
    const s = genesysEncounter();
    expect(refusal(s, add('Kira', 'pc', { stats: { presence: 7 } })).code).toBe('invalid-stats');
    expect(refusal(s, add('Kira', 'pc', { stats: { cool: 6 } })).code).toBe('invalid-stats');
    expect(run(s, add('Kira', 'pc')).combatants[0]?.stats).toEqual({ presence: 2, willpower: 2, cool: 0, vigilance: 0, discipline: 0 });
  });

  it('[GEN-13] a check is declared per unit before it rolls, by its player or the GM; undeclared units are listed', () => {
    let s = crew();
    expect(refusal(s, { type: 'genesys-declare-check', unit: unit('c2'), skill: 'cool', boost: 0, setback: 0 }, player('c1')).code).toBe(
      'not-your-combatant',
    );
    expect(refusal(s, { type: 'genesys-declare-check', unit: unit('g3'), skill: 'cool', boost: 0, setback: 0 }, player('c4')).code).toBe(
      'not-your-combatant',
    );
    expect(refusal(s, { type: 'genesys-declare-check', unit: unit('c4'), skill: 'cool', boost: 0, setback: 0 }).code).toBe('invalid-command');
    expect(refusal(s, { type: 'genesys-declare-check', unit: unit('c1'), skill: 'cool', boost: 11, setback: 0 }).code).toBe('invalid-command');
    s = run(s, { type: 'genesys-declare-check', unit: unit('c1'), skill: 'cool', boost: 0, setback: 1 }, player('c1'));
    s = run(s, { type: 'genesys-declare-check', unit: unit('g3'), skill: 'vigilance', boost: 1, setback: 0 });
    expect(genesysView(s, player('c1')).awaitingCheck).toEqual([unit('c2'), unit('c7')]);
    // Cool is a Presence skill: Presence 3, Cool 2 → 2 Proficiency + 1 Ability, plus the Setback die.
    expect(genesysView(s, player('c1')).checks[0]).toEqual({
      unit: unit('c1'),
      skill: 'cool',
      boost: 0,
      setback: 1,
      declared: true,
      rolled: false,
      dice: [
        { kind: 'proficiency', sides: 12, count: 2 },
        { kind: 'ability', sides: 8, count: 1 },
        { kind: 'setback', sides: 6, count: 1 },
      ],
    });
    s = run(s, { type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    expect(s.combatants[0]?.initiative?.dice.map((d) => d.kind)).toEqual(['proficiency', 'proficiency', 'ability', 'setback']);
    expect(refusal(s, { type: 'genesys-declare-check', unit: unit('c1'), skill: 'vigilance', boost: 0, setback: 0 }).code).toBe(
      'already-rolled',
    );
  });

  it('[GEN-29] [GEN-35] [ENG-21] physical narrative dice: one face index per die in spec order, checked per kind', () => {
    const s = crew();
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c1'), faces: [2] }).code).toBe('invalid-dice');
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c1'), faces: [2, 9] }).code).toBe('invalid-dice'); // an ability die has 8 faces
    const after = act(s, { type: 'enter-initiative', unit: unit('c1'), faces: [12, 1] }, player('c1'));
    const roll = after.state.combatants[0]?.initiative;
    expect(roll).toMatchObject({ source: 'physical', total: 1, kept: 0, modifier: 0, mode: 'normal' });
    expect(roll?.dice).toEqual([
      { sides: 12, face: 12, kind: 'proficiency' },
      { sides: 8, face: 1, kind: 'ability' },
    ]);
    expect(roll?.detail).toEqual({ successes: 1, advantages: 0, failures: 0, threats: 0, triumphs: 1, despairs: 0 });
    expect(after.state.dice.rng).toEqual(s.dice.rng);
    const off = run(s, { type: 'set-options', options: { physicalDice: 'gm' } });
    expect(refusal(off, { type: 'enter-initiative', unit: unit('c1'), faces: [12, 1] }, player('c1')).code).toBe('gm-only');
  });

  it('[GEN-34] advantage adds a Boost die and disadvantage a Setback die to the declared check', () => {
    let s = crew();
    s = run(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'advantage' }, player('c1'));
    expect(s.combatants[0]?.initiative?.dice.map((d) => d.kind)).toEqual(['proficiency', 'ability', 'boost']);
    expect(s.combatants[0]?.initiative?.mode).toBe('advantage');
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c2'), faces: [1, 1, 1], mode: 'disadvantage' }).code).toBe('invalid-dice');
    s = enter(s, 'c2', [2, 2, 1, 3], 'disadvantage'); // s, s, blank, f → 1 success
    expect(s.combatants[1]?.initiative?.dice.at(-1)).toEqual({ sides: 6, face: 3, kind: 'setback' });
    expect(s.combatants[1]?.initiative?.total).toBe(1);
  });

  it('[GEN-15] [GEN-16] [GEN-17] [GEN-18] ranks by successes, then advantages, then a PC above an NPC; no tie is ever asked', () => {
    let s = crew();
    s = enter(s, 'c1', [2, 1]); // 1s
    s = enter(s, 'c2', [2, 1, 1]); // 1s, ties Kira exactly: two interchangeable PC slots
    s = enter(s, 'g3', [2, 5]); // 1s 1a
    s = enter(s, 'c7', [2, 1, 1]); // 1s: ties Kira and Tam, the PCs rank higher
    expect(getSystem('genesys')?.pendingTies(s)).toEqual([]);
    s = run(s, { type: 'start-combat' });
    expect(s.slots.map((x) => x.side)).toEqual(['npc', 'pc', 'pc', 'npc']);
    expect(genesysView(s).ranking.map((r) => `${r.successes}${r.advantages}:${r.origin?.id}`)).toEqual(['11:g3', '10:c1', '10:c2', '10:c7']);
  });

  it('[GEN-14] net failures rank as 0 successes, or below zero with signedNetRanking', () => {
    const play = (signed: boolean) => {
      let s = crew(undefined, { signedNetRanking: signed });
      s = run(s, { type: 'genesys-declare-check', unit: unit('c1'), skill: 'vigilance', boost: 0, setback: 2 });
      s = enter(s, 'c1', [1, 1, 3, 3]); // two failures
      s = enter(s, 'c2', [1, 1, 1]);
      s = enter(s, 'g3', [1, 1]);
      s = enter(s, 'c7', [1, 1, 1]);
      return run(s, { type: 'start-combat' });
    };
    expect(genesysView(play(false)).ranking.map((r) => `${r.successes}:${r.origin?.id}`)).toEqual(['0:c1', '0:c2', '0:g3', '0:c7']);
    expect(genesysView(play(true)).ranking.map((r) => `${r.successes}:${r.origin?.id}`)).toEqual(['0:c2', '0:g3', '0:c7', '-2:c1']);
  });

  it('[GEN-19] [GEN-20] players fill PC slots with their own PCs; only the GM fills NPC slots; a pending slot holds the turn', () => {
    let s = fighting();
    expect(s.pending).toEqual([{ id: 'fill-s8', kind: 'fill-slot', blocking: true, slotId: 's8', side: 'pc' }]);
    expect(refusal(s, { type: 'end-turn' }).code).toBe('decision-pending');
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c2'] }, player('c1')).code).toBe('not-your-combatant');
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c7'] }).code).toBe('not-eligible');
    s = run(s, { type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    s = run(s, { type: 'end-turn' }, player('c1'));
    expect(genesysView(s).fill).toEqual({ slotId: 's9', decidedBy: 'gm', candidates: [unit('g3'), unit('c7')] });
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c7'] }, player('c7')).code).toBe('gm-only');
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c4', 'c5'] }).code).toBe('not-eligible'); // a group acts whole
    s = run(s, claim(s, unit('c7')));
    expect(s.turn).toEqual({ slotId: 's9', actorIds: ['c7'] });
  });

  it('[GEN-21] a slot with one eligible unit is filled at once, unless autoFillSingle is off', () => {
    let s = run(fighting(), { type: 'claim-turn', combatantIds: ['c1'] });
    s = run(run(s, { type: 'end-turn' }), claim(s, unit('g3')));
    const next = act(s, { type: 'end-turn' });
    expect(next.events.map((e) => e.type)).toEqual(['turn-ended', 'turn-started', 'decision-opened', 'decision-closed', 'turn-claimed']);
    expect(next.state.turn).toEqual({ slotId: 's10', actorIds: ['c2'] });
    let manual = run(fighting({ autoFillSingle: false }), { type: 'claim-turn', combatantIds: ['c1'] });
    manual = run(run(manual, { type: 'end-turn' }), claim(manual, unit('g3')));
    manual = run(manual, { type: 'end-turn' });
    expect(manual.turn).toEqual({ slotId: 's10', actorIds: [] });
    expect(genesysView(manual, player('c2')).fill?.candidates).toEqual([unit('c2')]);
  });

  /** Plays round 1 of fighting() to its end: Kira, troopers, Tam (alone), Vex (alone). */
  const throughRound1 = (s: EncounterState): EncounterState => {
    let t = run(s, { type: 'claim-turn', combatantIds: ['c1'] });
    t = run(t, { type: 'end-turn' });
    t = run(t, claim(t, unit('g3')));
    t = run(t, { type: 'end-turn' });
    t = run(t, { type: 'end-turn' });
    return run(t, { type: 'end-turn' });
  };

  it('[GEN-23] [GEN-24] [GEN-25] at the round end the GM is asked whether the action goes on; the same slots come back', () => {
    const s = throughRound1(fighting());
    expect(s.round).toBe(2);
    expect(s.slots.map((x) => x.id)).toEqual(['s8', 's9', 's10', 's11']);
    expect(s.acted).toEqual([]);
    expect(genesysView(s, { role: 'spectator' })).toMatchObject({ continueAsked: 1, continueBlocks: false });
    // Not blocking by default: play goes on; the GM answers when ready.
    const played = run(s, { type: 'claim-turn', combatantIds: ['c2'] }, player('c2'));
    expect(refusal(played, { type: 'genesys-continue-combat' }, player('c2')).code).toBe('gm-only');
    const answered = run(played, { type: 'genesys-continue-combat' });
    expect(genesysView(answered).continueAsked).toBeNull();
    expect(refusal(answered, { type: 'genesys-continue-combat' }).code).toBe('invalid-command');
  });

  it('[GEN-25] with confirmNextRound, turns wait for the GM to say the action goes on', () => {
    const s = throughRound1(fighting({ confirmNextRound: true }));
    expect(genesysView(s).continueBlocks).toBe(true);
    expect(refusal(s, { type: 'claim-turn', combatantIds: ['c2'] }, player('c2')).code).toBe('decision-pending');
    expect(refusal(s, { type: 'end-turn' }).code).toBe('decision-pending');
    const on = run(s, { type: 'genesys-continue-combat' });
    expect(on.turn).toEqual({ slotId: 's8', actorIds: [] });
    expect(run(on, { type: 'claim-turn', combatantIds: ['c2'] }, player('c2')).turn?.actorIds).toEqual(['c2']);
  });

  it('[GEN-27] [GEN-32] a newcomer rolls during combat and adds a slot of its side where its result ranks', () => {
    let s = run(fighting(), add('Droid', 'npc', { stats: { willpower: 1, vigilance: 1 } })); // c12: 1 Proficiency
    expect(genesysView(s).awaitingCheck).toEqual([unit('c12')]);
    const placed = act(s, { type: 'enter-initiative', unit: unit('c12'), faces: [6] }); // 0s 1a: below Tam (1s 1a), above the troopers
    expect(placed.events.map((e) => e.type)).toEqual(['initiative-rolled', 'slot-inserted', 'genesys-slots-ranked']);
    s = placed.state;
    expect(s.slots.map((x) => `${x.id}:${x.side}`)).toEqual(['s8:pc', 's9:npc', 's10:pc', 's13:npc', 's11:npc']);
    expect(genesysView(s).ranking.find((r) => r.slotId === 's13')).toEqual({
      slotId: 's13',
      side: 'npc',
      successes: 0,
      advantages: 1,
      origin: unit('c12'),
    });
  });

  it('[GEN-22] [GEN-28] a removed or defeated character leaves its slot, skipped while nobody can take it; revived, they act again', () => {
    let s = run(fighting(), { type: 'remove-combatant', combatantId: 'c7' });
    s = run(s, { type: 'claim-turn', combatantIds: ['c1'] });
    s = run(s, { type: 'end-turn' });
    expect(s.turn).toEqual({ slotId: 's9', actorIds: ['c4', 'c5', 'c6'] }); // the only NPCs left
    s = run(s, { type: 'set-defeated', combatantId: 'c2', defeated: true });
    s = run(s, { type: 'end-turn' }); // Tam down, Vex gone: s10 and s11 are skipped, round 2 begins
    expect(s.round).toBe(2);
    expect(s.slots).toHaveLength(4);
    expect(s.turn).toEqual({ slotId: 's8', actorIds: ['c1'] }); // the only PC standing
    s = run(s, { type: 'set-defeated', combatantId: 'c2', defeated: false });
    s = run(run(s, { type: 'end-turn' }), { type: 'end-turn' });
    expect(s.turn).toEqual({ slotId: 's10', actorIds: ['c2'] });
  });

  it('[GEN-26] a minion group makes one check and fills one NPC slot as a whole', () => {
    const s = fighting();
    expect(s.groups[0]?.initiative?.dice).toHaveLength(2);
    expect(s.slots.filter((x) => x.side === 'npc')).toHaveLength(2);
    let t = run(run(s, { type: 'claim-turn', combatantIds: ['c1'] }), { type: 'end-turn' });
    t = run(t, { type: 'set-defeated', combatantId: 'c5', defeated: true });
    t = run(t, { type: 'claim-turn', combatantIds: ['c4', 'c6'] });
    expect(t.turn?.actorIds).toEqual(['c4', 'c6']);
  });

  it('[GEN-23] [ENG-16] [ENG-18] a condition "until the end of the round" ends at the round end and comes back on undo', () => {
    let s = fighting();
    s = run(s, { type: 'claim-turn', combatantIds: ['c1'] });
    s = run(s, { type: 'add-condition', combatantId: 'c7', name: 'Disoriented', rounds: 1 });
    expect(s.combatants.find((c) => c.id === 'c7')?.conditions[0]?.expiry).toEqual({ at: 'round-end', round: 1, anchor: [] });
    s = run(run(s, { type: 'end-turn' }), claim(s, unit('g3')));
    s = run(run(s, { type: 'end-turn' }), { type: 'end-turn' });
    const ended = act(s, { type: 'end-turn' });
    expect(ended.events.map((e) => e.type).slice(0, 4)).toEqual(['turn-ended', 'round-ended', 'condition-expired', 'genesys-continue-asked']);
    const undone = run(ended.state, { type: 'undo' });
    expect(undone.combatants.find((c) => c.id === 'c7')?.conditions.map((k) => k.name)).toEqual(['Disoriented']);
    expect(run(undone, { type: 'redo' })).toEqual(ended.state);
  });

  it('[ENG-18] undo and redo of genesys commands: a declared check, an auto-filled turn', () => {
    const s = crew();
    const declared = run(s, { type: 'genesys-declare-check', unit: unit('c1'), skill: 'cool', boost: 0, setback: 0 });
    const undone = run(declared, { type: 'undo' });
    expect(undone.ext).toEqual(s.ext);
    expect(run(undone, { type: 'redo' }).ext).toEqual(declared.ext);
    const before = run(run(fighting(), { type: 'claim-turn', combatantIds: ['c1'] }), { type: 'end-turn' });
    const auto = run(run(before, claim(before, unit('g3'))), { type: 'end-turn' });
    const back = run(auto, { type: 'undo' });
    expect(back.turn).toEqual({ slotId: 's9', actorIds: ['c4', 'c5', 'c6'] });
    expect(run(back, { type: 'redo' }).turn).toEqual(auto.turn);
  });

  it('[GEN-31] the GM ends the encounter; whatever lasts until the end of the encounter ends with it', () => {
    let s = run(fighting(), { type: 'add-condition', combatantId: 'c1', name: 'Inspired' });
    expect(refusal(s, { type: 'end-encounter' }, player('c1')).code).toBe('gm-only');
    const ended = act(s, { type: 'end-encounter' });
    expect(ended.events.map((e) => e.type)).toEqual(['condition-expired', 'encounter-ended']);
    s = ended.state;
    expect(s.phase).toBe('ended');
    expect(s.combatants[0]?.conditions).toEqual([]);
    expect(genesysView(s)).toMatchObject({ fill: null, continueAsked: null, awaitingCheck: [] });
    expect(refusal(s, { type: 'genesys-continue-combat' }).code).toBe('wrong-phase');
  });

  it('[GEN-33] [ENG-6] players and spectators see nothing of hidden units: no check, no rank, no candidacy, no pool of others', () => {
    let s = run(crew(), add('Sniper', 'enemy', { hidden: true, stats: { willpower: 3 } })); // c8
    s = run(s, { type: 'genesys-declare-check', unit: unit('c8'), skill: 'cool', boost: 2, setback: 0 });
    s = enter(enter(enter(enter(s, 'c1', [2, 2]), 'c2', [6, 2, 1]), 'g3', [1, 1]), 'c7', [2, 5, 5]);
    s = run(enter(s, 'c8', [4, 4, 1, 1]), { type: 'start-combat' }); // the sniper (Cool: 2 Ability, 2 Boost): 4 successes
    s = run(run(s, { type: 'claim-turn', combatantIds: ['c8'] }), { type: 'end-turn' });
    s = run(run(s, { type: 'claim-turn', combatantIds: ['c1'] }), { type: 'end-turn' });
    for (const audience of [player('c1'), { role: 'spectator' } as const]) {
      const json = JSON.stringify(project(s, audience));
      expect(json).not.toContain('"c8"');
      expect(json).not.toContain('Sniper');
      const view = genesysView(s, audience);
      expect(view.checks.map((c) => c.unit.id)).toEqual(['c1', 'c2', 'g3', 'c7']);
      expect(view.ranking.map((r) => r.slotId)).toEqual(['s10', 's11', 's12', 's13']);
      expect(view.ranking.every((r) => r.origin === undefined)).toBe(true);
      expect(view.fill?.candidates).toEqual([unit('g3'), unit('c7')]);
      expect(view.checks.filter((c) => c.dice !== null).map((c) => c.unit.id)).toEqual(audience.role === 'player' ? ['c1'] : []);
    }
    expect(genesysView(s).ranking[0]).toMatchObject({ slotId: 's9', origin: unit('c8') });
  });

  it('[GEN-2] [GEN-3] nothing is timed and a turn holds no tracked actions: it lasts until it is ended', () => {
    const s = run(fighting(), { type: 'claim-turn', combatantIds: ['c1'] });
    expect(decide(s, { type: 'spend-resource', combatantId: 'c1', resource: 'AP', amount: 1 }, GM).ok).toBe(false);
    expect(s.turn).toEqual({ slotId: 's8', actorIds: ['c1'] });
    expect(run(s, { type: 'end-turn' }, player('c1')).turn?.slotId).toBe('s9');
  });
});
