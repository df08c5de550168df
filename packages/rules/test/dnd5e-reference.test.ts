// Whole dnd5e encounters from creation to the end, with the real generator and pinned seeds: surprise
// in both modes, ties ordered by a player and by a roll-off, a newcomer, a condition that expires and
// comes back on undo. Any change to dice, ids, ordering or turn flow shows up here.
import { describe, expect, it } from 'vitest';
import { project, replay, verifyDice, type Actor, type EncounterEvent, type EncounterState } from '../src/index.js';
import { act, add, conditionsOf, created, GM, player, unit } from './harness.js';

function table(seed: string) {
  const log: EncounterEvent[] = [created(seed)];
  let s: EncounterState = replay(log);
  const step = (...args: Parameters<typeof act> extends [unknown, ...infer R] ? R : never) => {
    const r = act(s, ...args);
    log.push(...r.all);
    s = r.state;
    return r.events;
  };
  return { log, step, state: () => s };
}

const order = (s: EncounterState) => s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''));
const PCS = ['c1', 'c2', 'c3'];
/** The current turn's owner: a PC's player, or the GM. */
const owner = (s: EncounterState): Actor => {
  const id = s.turn?.actorIds[0] ?? '';
  return PCS.includes(id) ? player(id) : GM;
};

describe('reference encounter: dnd5e, surpriseMode srd51', () => {
  it('[DND-1] [DND-2] [DND-4] [DND-5] [DND-6] [DND-8] [DND-9] [DND-10] [DND-11] [DND-13] [DND-15] [ENG-16] [ENG-18] [ENG-22] surprise, ties, roll-off, newcomer, undo', () => {
    const seed = '00000000000000000000000000000013';
    const { log, step, state } = table(seed);
    step(add('Borin', 'pc', { stats: { dex: 14 } })); // c1, +2
    step(add('Mira', 'pc', { stats: { dex: 16, initBonus: 2 } })); // c2, +5
    step(add('Ayla', 'pc', { stats: { dex: 12 } })); // c3, +1
    step(add('Goblin', 'enemy', { stats: { dex: 14 }, count: 2 })); // g4: c5, c6, +2
    step(add('Ogre', 'enemy', { stats: { dex: 8 } })); // c7, −1

    // Step 1, determine surprise: one goblin dozed off; its fellow did not.
    step({ type: 'dnd5e-set-surprised', combatantId: 'c6', surprised: true });
    step({ type: 'begin-initiative' });
    // Borin and Mira roll real dice and tie at 16; Ayla rolls in the app with advantage.
    step({ type: 'enter-initiative', unit: unit('c1'), faces: [14] }, player('c1'));
    step({ type: 'enter-initiative', unit: unit('c2'), faces: [11] }, player('c2'));
    const [ayla] = step({ type: 'roll-initiative', unit: unit('c3'), mode: 'advantage' }, player('c3'));
    expect(ayla?.type === 'initiative-rolled' && [ayla.roll.dice.map((d) => d.face), ayla.roll.total]).toEqual(AYLA_ROLL);
    // The GM rolls the Goblins and the Ogre on the table: a monster tie at 12.
    step({ type: 'enter-initiative', unit: unit('g4'), faces: [10] });
    step({ type: 'enter-initiative', unit: unit('c7'), faces: [13] });
    const view = project(state(), player('c1')).ext;
    expect(view?.system === 'dnd5e' && view.ties).toEqual([
      { units: [unit('c1'), unit('c2')], decidedBy: 'players' },
      { units: [unit('g4'), unit('c7')], decidedBy: 'gm' },
    ]);

    // The players agree Mira goes first; the GM rolls off the monsters' tie.
    step({ type: 'resolve-tie', order: [unit('c2'), unit('c1')] }, player('c2'));
    const [rolledOff, resolved] = step({ type: 'dnd5e-roll-off', units: [unit('g4'), unit('c7')] });
    expect(rolledOff?.type === 'dnd5e-rolled-off' && rolledOff.throws.map((t) => t.map((x) => `${x.unit.id}:${x.die.face}`))).toEqual(ROLL_OFF);
    expect(resolved).toEqual({ type: 'tie-resolved', order: ROLL_OFF_ORDER.map(unit) });

    step({ type: 'start-combat' });
    expect(order(state())).toEqual(REFERENCE_ORDER);
    expect(conditionsOf(state(), 'c6')).toEqual(['Surprised']);
    expect(conditionsOf(state(), 'c5')).toEqual([]);

    const turns: string[] = [];
    const endTurn = () => {
      turns.push(`${state().round}:${state().turn?.actorIds.join('+')}`);
      return step({ type: 'end-turn' }, owner(state()));
    };
    while (state().turn?.actorIds[0] !== 'c5') endTurn();
    // The Goblins' turn: the surprised one cannot act; its surprise ends as the turn ends.
    expect(endTurn()).toContainEqual({ type: 'condition-expired', combatantId: 'c6', conditionId: 'k13' });
    expect(conditionsOf(state(), 'c6')).toEqual([]);
    // Undo brings the turn and the condition back; redo ends them again.
    step({ type: 'undo' });
    expect(conditionsOf(state(), 'c6')).toEqual(['Surprised']);
    expect(state().turn?.actorIds).toEqual(['c5', 'c6']);
    step({ type: 'redo' });
    expect(conditionsOf(state(), 'c6')).toEqual([]);

    // Round 2 has begun with Ayla. A wolf joins: its place (top of the order) has passed this round,
    // so it first acts next round.
    expect(state().round).toBe(2);
    const [wolf] = step(add('Wolf', 'enemy', { stats: { dex: 15 } })); // +2
    expect(wolf?.type === 'combatant-added' && wolf.combatant.id).toBe(WOLF);
    step({ type: 'enter-initiative', unit: unit(WOLF), faces: [18] }); // 20
    expect(order(state())[0]).toBe(WOLF);
    while (state().round === 2) endTurn();
    endTurn();
    expect(turns).toEqual(REFERENCE_TURNS);

    step({ type: 'end-encounter' });
    expect(project(state(), { role: 'spectator' }).seed).toBe(seed);
    expect(replay(log)).toEqual(state());
    expect(verifyDice(log)).toEqual({ ok: true, checked: 2 + ROLL_OFF.flat().length, mismatches: [] });
  });
});

describe('reference encounter: dnd5e, surpriseMode srd52', () => {
  it('[DND-2] [DND-9] [DND-14] [ENG-22] surprised creatures roll with disadvantage, advantage cancels it, nobody loses a turn', () => {
    const seed = '00000000000000000000000000000007';
    const { log, step, state } = table(seed);
    step({ type: 'set-options', options: { surpriseMode: 'srd52' } });
    step(add('Borin', 'pc', { stats: { dex: 14 } })); // c1
    step(add('Mira', 'pc', { stats: { dex: 16, initBonus: 2 } })); // c2
    step(add('Goblin', 'enemy', { stats: { dex: 14 }, count: 2 })); // g3: c4, c5
    // The party walked into the ambush: both PCs are surprised; Mira has advantage from a feature.
    step({ type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true });
    step({ type: 'dnd5e-set-surprised', combatantId: 'c2', surprised: true });
    step({ type: 'begin-initiative' });
    const rolls = [
      ...step({ type: 'roll-initiative', unit: unit('c1') }, player('c1')),
      ...step({ type: 'roll-initiative', unit: unit('c2'), mode: 'advantage' }, player('c2')),
      ...step({ type: 'roll-npc-initiative' }),
    ].flatMap((e) => (e.type === 'initiative-rolled' ? [[e.unit.id, e.roll.mode, e.roll.dice.map((d) => d.face), e.roll.total]] : []));
    expect(rolls).toEqual(SRD52_ROLLS);
    for (const tie of project(state(), GM).pendingTies) step({ type: 'dnd5e-roll-off', units: tie });
    step({ type: 'start-combat' });
    expect(state().combatants.flatMap((c) => c.conditions)).toEqual([]);
    const turns: string[] = [];
    for (let i = 0; i < 3; i++) {
      turns.push(state().turn?.actorIds.join('+') ?? '');
      step({ type: 'end-turn' });
    }
    expect(turns).toEqual(SRD52_TURNS);
    step({ type: 'end-encounter' });
    expect(verifyDice(log).ok).toBe(true);
    expect(replay(log)).toEqual(state());
  });
});

const WOLF = 'c14';
const AYLA_ROLL: unknown = [[16, 2], 17];
const ROLL_OFF: readonly (readonly string[])[] = [['g4:16', 'c7:17']];
const ROLL_OFF_ORDER: readonly string[] = ['c7', 'g4'];
const REFERENCE_ORDER: readonly string[] = ['c3', 'c2', 'c1', 'c7', 'g4'];
const REFERENCE_TURNS: readonly string[] = [
  ...['1:c3', '1:c2', '1:c1', '1:c7', '1:c5+c6'],
  ...['2:c3', '2:c2', '2:c1', '2:c7', '2:c5+c6'],
  `3:${WOLF}`,
];
const SRD52_ROLLS: unknown = [
  ['c1', 'disadvantage', [6, 18], 8],
  ['c2', 'normal', [18], 23],
  ['g3', 'normal', [7], 9],
];
const SRD52_TURNS: readonly string[] = ['c2', 'c4+c5', 'c1'];
