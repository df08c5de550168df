// [DND-9] [DND-13] [DND-14] [DND-2] Surprise in both modes, and how its disadvantage meets a roll's own mode.
import { describe, expect, it } from 'vitest';
import { project, type EncounterState } from '../src/index.js';
import { combineModes } from '../src/systems/dnd5e/surprise.js';
import { act, add, conditionsOf, GM, newEncounter, party, player, refusal, run, scripted, unit } from './harness.js';

const surprise = (s: EncounterState, combatantId: string, surprised = true): EncounterState =>
  run(s, { type: 'dnd5e-set-surprised', combatantId, surprised });
const srd52 = (s: EncounterState): EncounterState => run(s, { type: 'set-options', options: { surpriseMode: 'srd52' } });
const extOf = (s: EncounterState, audience: Parameters<typeof project>[1] = GM) => {
  const ext = project(s, audience).ext;
  if (ext?.system !== 'dnd5e') throw new Error('no dnd5e view');
  return ext;
};
/** Mira 18, Goblins 15, Borin 12 (scripted), then combat starts: Mira's turn. */
const start = (s: EncounterState): EncounterState =>
  run(scripted(scripted(scripted(s, 'c2', 18), 'g3', 15), 'c1', 12), { type: 'start-combat' });

describe('marking surprise', () => {
  it('[DND-9] the GM marks and unmarks combatants one by one, before combat; the mark is public in the view', () => {
    let s = surprise(party(), 'c1');
    expect(extOf(s, { role: 'spectator' }).surprised).toEqual(['c1']);
    s = surprise(s, 'c5');
    expect(extOf(s).surprised).toEqual(['c1', 'c5']);
    s = surprise(s, 'c1', false);
    expect(extOf(s).surprised).toEqual(['c5']);
    const setup = run(run(newEncounter(), add('Borin', 'pc')), { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true });
    expect(extOf(setup).surprised).toEqual(['c1']);
  });

  it('[DND-9] nobody is surprised unless the GM says so ("If neither side tries to be stealthy, they notice each other")', () => {
    expect(extOf(party()).surprised).toEqual([]);
    expect(start(party()).combatants.flatMap((c) => c.conditions)).toEqual([]);
  });

  it('[DND-9] [DND-15] players never mark surprise; not after combat started; unknown and repeated marks are refused', () => {
    const s = party();
    expect(refusal(s, { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true }, player('c1')).code).toBe('gm-only');
    expect(refusal(start(s), { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true }).code).toBe('wrong-phase');
    expect(refusal(s, { type: 'dnd5e-set-surprised', combatantId: 'c99', surprised: true }).code).toBe('unknown-combatant');
    expect(refusal(s, { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: false }).message).toBe('Borin is already not surprised.');
    expect(refusal(surprise(s, 'c1'), { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true }).code).toBe('invalid-command');
  });

  it('[DND-9] [ENG-6] a hidden surprised combatant appears in no one\'s view but the GM\'s', () => {
    let s = run(party(), add('Assassin', 'enemy', { hidden: true })); // c7
    s = surprise(surprise(s, 'c7'), 'c2');
    expect(extOf(s).surprised).toEqual(['c7', 'c2']);
    expect(extOf(s, { role: 'spectator' }).surprised).toEqual(['c2']);
    expect(extOf(s, player('c1')).surprised).toEqual(['c2']);
  });

  it('[DND-9] [ENG-18] marking is undone like any command', () => {
    const s = surprise(party(), 'c1');
    expect(extOf(run(s, { type: 'undo' })).surprised).toEqual([]);
  });
});

describe('surpriseMode srd51 (default): no move, action or reaction until the end of the first turn', () => {
  it('[DND-13] the roll is not affected', () => {
    const { events } = act(surprise(party(), 'c1'), { type: 'roll-initiative', unit: unit('c1') });
    expect(events[0]?.type === 'initiative-rolled' && events[0].roll.mode).toBe('normal');
  });

  it('[DND-13] combat start gives each surprised combatant "Surprised" until the end of its own first turn', () => {
    const s0 = surprise(surprise(party(), 'c1'), 'c5');
    const { state, events } = act(scripted(scripted(scripted(s0, 'c2', 18), 'g3', 15), 'c1', 12), { type: 'start-combat' });
    expect(events.map((e) => e.type)).toEqual(['combat-started', 'round-started', 'condition-added', 'condition-added', 'turn-started']);
    expect(conditionsOf(state, 'c1')).toEqual(['Surprised']);
    expect(conditionsOf(state, 'c5')).toEqual(['Surprised']);
    expect(conditionsOf(state, 'c4')).toEqual([]); // a member of a group can be surprised alone
    expect(project(state, { role: 'spectator' }).combatants.find((c) => c.id === 'c1')?.conditions).toEqual([
      { id: 'k10', name: 'Surprised', endsAt: 'turn-end', round: 1 },
    ]);
  });

  it('[DND-13] [ENG-16] it ends as that turn ends, not before, and comes back on undo', () => {
    let s = start(surprise(surprise(party(), 'c1'), 'c5')); // Mira's turn
    s = run(s, { type: 'end-turn' }, player('c2')); // Goblins' turn starts: c5 still surprised
    expect(conditionsOf(s, 'c5')).toEqual(['Surprised']);
    const { state, events } = act(s, { type: 'end-turn' }); // Goblins' turn ends
    expect(events.slice(0, 2)).toEqual([
      { type: 'turn-ended', slotId: s.turn?.slotId },
      { type: 'condition-expired', combatantId: 'c5', conditionId: 'k11' },
    ]);
    expect(conditionsOf(state, 'c1')).toEqual(['Surprised']); // Borin's turn has only started
    const after = run(state, { type: 'end-turn' }, player('c1'));
    expect(conditionsOf(after, 'c1')).toEqual([]);
    expect(conditionsOf(run(after, { type: 'undo' }), 'c1')).toEqual(['Surprised']);
  });

  it('[DND-13] the surprised creature still has its turn (it just cannot act): nothing is skipped', () => {
    const s = start(surprise(party(), 'c2')); // Mira first, surprised
    expect(s.turn?.actorIds).toEqual(['c2']);
  });

  it('[DND-13] [ENG-5] a player cannot remove their own surprise; the GM can', () => {
    const s = start(surprise(party(), 'c1'));
    const cmd = { type: 'remove-condition', combatantId: 'c1', conditionId: 'k10' } as const;
    expect(refusal(s, cmd, player('c1')).code).toBe('gm-only');
    expect(conditionsOf(run(s, cmd), 'c1')).toEqual([]);
    const prone = run(s, { type: 'add-condition', combatantId: 'c1', name: 'Prone' }, player('c1'));
    expect(conditionsOf(run(prone, { type: 'remove-condition', combatantId: 'c1', conditionId: 'k11' }, player('c1')), 'c1')).toEqual(['Surprised']);
  });
});

describe('surpriseMode srd52: disadvantage on the initiative roll, no lost turn', () => {
  const rollOf = (s: EncounterState, command: Parameters<typeof act>[1], actor = GM) => {
    const e = act(s, command, actor).events[0];
    if (e?.type !== 'initiative-rolled') throw new Error('no roll');
    return e.roll;
  };

  it('[DND-14] a surprised combatant rolls with disadvantage: two d20s, the lower kept', () => {
    const roll = rollOf(surprise(srd52(party()), 'c1'), { type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    expect(roll.mode).toBe('disadvantage');
    expect(roll.dice).toHaveLength(2);
    expect(roll.kept).toBe(Math.min(...roll.dice.map((d) => d.face)));
  });

  it('[DND-14] [DND-2] surprise plus advantage is a straight roll; plus disadvantage is still one disadvantage', () => {
    const s = surprise(srd52(party()), 'c1');
    const adv = rollOf(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'advantage' });
    expect([adv.mode, adv.dice.length]).toEqual(['normal', 1]);
    const dis = rollOf(s, { type: 'roll-initiative', unit: unit('c1'), mode: 'disadvantage' });
    expect([dis.mode, dis.dice.length]).toEqual(['disadvantage', 2]);
  });

  it('[DND-14] [ENG-21] physical dice follow the combined mode', () => {
    const s = surprise(srd52(party()), 'c1');
    expect(refusal(s, { type: 'enter-initiative', unit: unit('c1'), faces: [15] }).code).toBe('invalid-dice');
    expect(rollOf(s, { type: 'enter-initiative', unit: unit('c1'), faces: [15, 4] })).toMatchObject({ kept: 4, total: 6, mode: 'disadvantage' });
    expect(rollOf(s, { type: 'enter-initiative', unit: unit('c1'), faces: [15], mode: 'advantage' })).toMatchObject({ kept: 15, mode: 'normal' });
  });

  it('[DND-14] no lost turn: combat starts without a Surprised condition', () => {
    const s = start(surprise(srd52(party()), 'c1'));
    expect(s.combatants.flatMap((c) => c.conditions)).toEqual([]);
  });

  it('[DND-14] [DND-4] a group rolls with disadvantage when all its members are surprised', () => {
    const s = surprise(surprise(surprise(srd52(party()), 'c4'), 'c5'), 'c6');
    expect(rollOf(s, { type: 'roll-npc-initiative' }).mode).toBe('disadvantage');
  });

  it('[DND-14] [DND-9] a partly surprised group is not rolled until the GM marks all or none', () => {
    const s = surprise(srd52(party()), 'c5');
    const v = refusal(s, { type: 'roll-initiative', unit: unit('g3') });
    expect(v).toEqual({
      code: 'group-partly-surprised',
      message: 'Goblin: some members are surprised and some are not, but the group makes one roll. Mark all of them surprised or none.',
    });
    expect(refusal(s, { type: 'roll-npc-initiative' }).code).toBe('group-partly-surprised');
    expect(refusal(s, { type: 'enter-initiative', unit: unit('g3'), faces: [3, 4] }).code).toBe('group-partly-surprised');
    // A defeated member does not count: the members still in the fight are all surprised.
    const rest = run(run(s, { type: 'set-defeated', combatantId: 'c4', defeated: true }), { type: 'set-defeated', combatantId: 'c6', defeated: true });
    expect(rollOf(rest, { type: 'roll-initiative', unit: unit('g3') }).mode).toBe('disadvantage');
  });

  it('[DND-14] marks and the mode cannot change under a roll already made', () => {
    let s = srd52(party());
    s = run(s, { type: 'roll-initiative', unit: unit('c1') });
    expect(refusal(s, { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true }).code).toBe('already-rolled');
    s = surprise(srd52(party()), 'c2');
    s = run(s, { type: 'roll-initiative', unit: unit('c2') });
    expect(refusal(s, { type: 'set-options', options: { surpriseMode: 'srd51' } }).code).toBe('invalid-options');
    // srd51 marks do not change rolls, so a mark after the roll is fine there.
    expect(extOf(surprise(run(party(), { type: 'roll-initiative', unit: unit('c1') }), 'c1')).surprised).toEqual(['c1']);
  });
});

describe('advantage and disadvantage meet', () => {
  it('[DND-2] they never stack, and any of both gives a straight roll', () => {
    const modes = ['normal', 'advantage', 'disadvantage'] as const;
    const table = modes.map((a) => modes.map((b) => combineModes(a, b)));
    expect(table).toEqual([
      ['normal', 'advantage', 'disadvantage'],
      ['advantage', 'advantage', 'normal'],
      ['disadvantage', 'normal', 'disadvantage'],
    ]);
  });
});
