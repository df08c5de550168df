// A whole encounter from creation to the end, with the real generator and a pinned seed:
// any change to dice, ids, ordering or turn flow shows up here.
import { describe, expect, it } from 'vitest';
import { project, replay, rollDice, rngFromSeed, type EncounterEvent, type EncounterState } from '../src/index.js';
import { act, add, created, GM, player, unit } from './harness.js';

describe('reference encounter (dnd5e)', () => {
  it('[DND-1] [DND-4] [DND-5] [DND-6] [DND-8] [ENG-2] [ENG-3] create → add → roll → tie → start → two rounds', () => {
    // With this seed Borin rolls 20 (+2), Mira 8 and 3 with advantage (+5), the Goblins 20 (+2): a tie at 22.
    const seed = '00000000000000000000000000000014';
    const log: EncounterEvent[] = [created(seed)];
    let s: EncounterState = replay(log);
    const step = (...args: Parameters<typeof act> extends [unknown, ...infer R] ? R : never) => {
      const r = act(s, ...args);
      log.push(...r.all);
      s = r.state;
      return r.events;
    };
    step(add('Borin', 'pc', { stats: { dex: 14 } })); // c1
    step(add('Mira', 'pc', { stats: { dex: 16, initBonus: 2 } })); // c2
    step(add('Goblin', 'enemy', { stats: { dex: 14 }, count: 2 })); // g3: c4, c5
    step({ type: 'begin-initiative' });
    step({ type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    step({ type: 'roll-initiative', unit: unit('c2'), mode: 'advantage' }, player('c2'));
    step({ type: 'roll-npc-initiative' }, GM);

    // Every face comes from the seed, in event order (ENG-3's recipe).
    const faces = rollDice(rngFromSeed(seed), 20, 4).faces;
    const rolled = log.flatMap((e) => (e.type === 'initiative-rolled' ? e.roll.dice.map((d) => d.face) : []));
    expect(rolled).toEqual(faces);
    const totals = Object.fromEntries(
      log.flatMap((e) => (e.type === 'initiative-rolled' ? [[e.unit.id, e.roll.total]] : [])),
    );
    expect(totals).toEqual(REFERENCE_TOTALS);

    const ties = project(s, { role: 'spectator' }).pendingTies;
    expect(ties).toEqual([[unit('c1'), unit('g3')]]);
    step({ type: 'resolve-tie', order: [unit('g3'), unit('c1')] });
    step({ type: 'start-combat' });
    expect(s.slots.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''))).toEqual(REFERENCE_ORDER);

    const turns: string[] = [];
    for (let i = 0; i < 6; i++) {
      turns.push(`${s.round}:${s.turn?.actorIds.join('+')}`);
      const owner = s.turn?.actorIds[0] ?? '';
      step({ type: 'end-turn' }, owner.startsWith('c4') || owner.startsWith('c5') ? GM : player(owner));
    }
    expect(turns).toEqual(REFERENCE_TURNS);
    step({ type: 'end-encounter' });
    expect(s.phase).toBe('ended');
    expect(project(s, { role: 'spectator' }).seed).toBe(seed);
    expect(replay(log)).toEqual(s);
    // Rounds 1–3 started; seven turns (the seventh is round 3's first, still running when it ends).
    expect(log.filter((e) => e.type === 'round-started')).toHaveLength(3);
    expect(log.filter((e) => e.type === 'turn-started')).toHaveLength(7);
  });
});

const REFERENCE_TOTALS: Record<string, number> = { c1: 22, c2: 13, g3: 22 };
const REFERENCE_ORDER = ['g3', 'c1', 'c2'];
const REFERENCE_TURNS = ['1:c4+c5', '1:c1', '1:c2', '2:c4+c5', '2:c1', '2:c2'];
