// A whole genesys encounter from creation to the end, with the real generator and a pinned seed:
// declared checks, narrative dice, the ranking, PC and NPC slots filled round after round, an orphaned
// slot skipped, a timed condition, the GM's round-end answer and the end. Rule ids: spec/genesys.md.
import { describe, expect, it } from 'vitest';
import { project, replay, rngFromSeed, verifyDice } from '../src/index.js';
import { rollSpec } from '../src/systems/genesys/narrative-dice.js';
import { GM, player, unit } from './harness.js';
import { claim, genesysCreated, genesysView, Table } from './genesys-harness.js';

const SEED = '0000000000000000000000000000002a';

/** Who holds the turn, as `round:slot:actors`, or `round:slot:?` while it waits for a claim. */
const turnOf = (t: Table): string => {
  const turn = t.state.turn;
  return `${t.state.round}:${turn?.slotId ?? '-'}:${turn && turn.actorIds.length > 0 ? turn.actorIds.join('+') : '?'}`;
};

describe('reference encounter (genesys)', () => {
  it('[GEN-1] [GEN-4] [GEN-5] [GEN-9] [GEN-12] [GEN-13] [GEN-14] [GEN-18] [GEN-19] [GEN-20] [GEN-21] [GEN-22] [GEN-24] [GEN-25] [GEN-28] [GEN-31] [ENG-2] [ENG-3] create → checks → ranking → slots → two rounds → end', () => {
    const t = new Table(genesysCreated(SEED));
    t.do({ type: 'add-combatant', combatant: { name: 'Kira', side: 'pc', stats: { presence: 3, cool: 2, willpower: 2, vigilance: 1 } } }); // c1
    t.do({ type: 'add-combatant', combatant: { name: 'Tam', side: 'pc', stats: { willpower: 3, vigilance: 2 } } }); // c2
    t.do({ type: 'add-combatant', combatant: { name: 'Stormtrooper', side: 'enemy', stats: { willpower: 2, vigilance: 1 }, count: 3 } }); // g3: c4–c6
    t.do({ type: 'add-combatant', combatant: { name: 'Captain Vex', side: 'enemy', stats: { presence: 3, cool: 2, willpower: 3, vigilance: 1 } } }); // c7
    t.do({ type: 'begin-initiative' });
    expect(genesysView(t.state, { role: 'spectator' }).awaitingCheck).toEqual([unit('c1'), unit('c2'), unit('g3'), unit('c7')]);

    // Kira springs the ambush: Cool, with a Boost die for the cover she chose. Vex was ready too: Cool.
    t.do({ type: 'genesys-declare-check', unit: unit('c1'), skill: 'cool', boost: 1, setback: 0 }, player('c1'));
    t.do({ type: 'genesys-declare-check', unit: unit('c7'), skill: 'cool', boost: 0, setback: 0 });
    expect(genesysView(t.state, player('c1')).checks[0]?.dice).toEqual([
      { kind: 'proficiency', sides: 12, count: 2 },
      { kind: 'ability', sides: 8, count: 1 },
      { kind: 'boost', sides: 6, count: 1 },
    ]);
    t.do({ type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    t.do({ type: 'roll-initiative', unit: unit('c2') }, player('c2')); // Tam: Vigilance by default
    t.do({ type: 'roll-npc-initiative' }, GM);

    // Every face comes from the seed in event order, read off the README's face tables.
    const rolls = t.log.flatMap((e) => (e.type === 'initiative-rolled' ? [e] : []));
    const specs = [
      [{ kind: 'proficiency', sides: 12, count: 2 }, { kind: 'ability', sides: 8, count: 1 }, { kind: 'boost', sides: 6, count: 1 }],
      [{ kind: 'proficiency', sides: 12, count: 2 }, { kind: 'ability', sides: 8, count: 1 }],
      [{ kind: 'proficiency', sides: 12, count: 1 }, { kind: 'ability', sides: 8, count: 1 }],
      [{ kind: 'proficiency', sides: 12, count: 2 }, { kind: 'ability', sides: 8, count: 1 }],
    ] as const;
    let rng = rngFromSeed(SEED);
    specs.forEach((spec, i) => {
      const r = rollSpec(rng, spec);
      expect(rolls[i]?.roll.dice).toEqual(r.dice);
      rng = r.rng;
    });
    // Read by hand: Kira P5 ss, P5 ss, A8 aa, B4 sa → 5 successes, 3 advantages; Tam P10 aa, P7 sa, A1 blank.
    expect(rolls[0]?.roll.dice.map((d) => d.face)).toEqual([5, 5, 8, 4]);
    expect(rolls[1]?.roll.dice.map((d) => d.face)).toEqual([10, 7, 1]);
    const results = Object.fromEntries(rolls.map((e) => [e.unit.id, e.roll.detail]));
    expect(results).toEqual(REFERENCE_RESULTS);

    t.do({ type: 'start-combat' });
    expect(genesysView(t.state).ranking.map((r) => `${r.slotId}:${r.side}:${r.successes}s${r.advantages}a:${r.origin?.id}`)).toEqual(
      REFERENCE_RANKING,
    );

    const turns: string[] = [];
    const take = (who: string) => {
      const ref = unit(who);
      t.do(claim(t.state, ref), who.startsWith('c1') || who === 'c2' ? player(who) : GM);
    };
    const end = () => {
      turns.push(turnOf(t));
      const owner = t.state.turn?.actorIds[0] ?? '';
      t.do({ type: 'end-turn' }, owner === 'c1' || owner === 'c2' ? player(owner) : GM);
    };
    // Round 1 (slots: PC, NPC, PC, NPC by rank). The players choose Tam first; the GM sends the troopers.
    expect(turnOf(t)).toBe('1:s8:?');
    expect(genesysView(t.state, player('c1')).fill).toEqual({ slotId: 's8', decidedBy: 'players', candidates: [unit('c1'), unit('c2')] });
    take('c2');
    end();
    expect(genesysView(t.state, { role: 'spectator' }).fill).toMatchObject({ decidedBy: 'gm', candidates: [unit('g3'), unit('c7')] });
    take('g3');
    end(); // the next PC slot has only Kira left: filled at once
    expect(turnOf(t)).toBe('1:s10:c1');
    end(); // and the last NPC slot only Vex
    expect(turnOf(t)).toBe('1:s11:c7');
    t.do({ type: 'add-condition', combatantId: 'c1', name: 'Staggered', rounds: 1 }); // until the end of the round
    end();
    expect(t.state.combatants.find((c) => c.id === 'c1')?.conditions).toEqual([]);
    expect(genesysView(t.state).continueAsked).toBe(1);
    t.do({ type: 'genesys-continue-combat' });

    // Round 2, same slots. Vex goes down during Kira's turn: the troopers are the only NPCs left for the
    // NPC slot, and the last NPC slot has nobody: it is skipped, not removed.
    expect(turnOf(t)).toBe('2:s8:?');
    take('c1');
    t.do({ type: 'set-defeated', combatantId: 'c7', defeated: true });
    end();
    end();
    end();
    expect(turnOf(t)).toBe('3:s8:?');
    expect(genesysView(t.state).continueAsked).toBe(2);
    expect(t.state.slots.map((s) => s.id)).toEqual(['s8', 's9', 's10', 's11']);
    expect(turns).toEqual(REFERENCE_TURNS);

    t.do({ type: 'end-encounter' });
    expect(t.state.phase).toBe('ended');
    expect(project(t.state, { role: 'spectator' }).seed).toBe(SEED);
    expect(replay(t.log)).toEqual(t.state);
    expect(verifyDice(t.log)).toMatchObject({ ok: true, checked: 12 });
  });
});

const net = (successes: number, advantages: number) => ({ successes, advantages, failures: 0, threats: 0, triumphs: 0, despairs: 0 });
const REFERENCE_RESULTS = { c1: net(5, 3), c2: net(1, 3), g3: net(0, 3), c7: net(1, 4) };
const REFERENCE_RANKING = ['s8:pc:5s3a:c1', 's9:npc:1s4a:c7', 's10:pc:1s3a:c2', 's11:npc:0s3a:g3'];
const REFERENCE_TURNS = ['1:s8:c2', '1:s9:c4+c5+c6', '1:s10:c1', '1:s11:c7', '2:s8:c1', '2:s9:c4+c5+c6', '2:s10:c2'];
