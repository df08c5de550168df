import { replay, verifyDice } from '../../index.js';
import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from '../events.js';
import { act, add, created, GM, player, SEED, unit } from '../../../test/harness.js';
import type { Actor, Command } from '../commands.js';

/** A finished encounter's log, with an undo and a re-roll in it. */
function finishedLog(): EncounterEvent[] {
  const log: EncounterEvent[] = [created()];
  const step = (command: Command, actor: Actor = GM) => log.push(...act(replay(log), command, actor).all);
  step(add('Borin', 'pc', { stats: { dex: 14 } }));
  step(add('Goblin', 'enemy', { count: 2 }));
  step({ type: 'begin-initiative' });
  step({ type: 'roll-initiative', unit: unit('c1'), mode: 'advantage' }, player('c1'));
  step({ type: 'undo' });
  step({ type: 'roll-initiative', unit: unit('c1') }, player('c1'));
  step({ type: 'roll-npc-initiative' });
  step({ type: 'end-encounter' });
  return log;
}

describe('verifyDice', () => {
  it('[ENG-22] every server face of a finished log equals the generator\'s draw, undo included', () => {
    const log = finishedLog();
    expect(log.at(-1)).toEqual({ type: 'encounter-ended', seed: SEED });
    expect(verifyDice(log)).toEqual({ ok: true, checked: 4, mismatches: [] });
  });

  it('[ENG-22] a changed face, a moved generator or another revealed seed is reported', () => {
    const log = finishedLog();
    const i = log.findLastIndex((e) => e.type === 'initiative-rolled');
    const rolled = log[i];
    if (rolled?.type !== 'initiative-rolled') throw new Error('no roll');
    const face = rolled.roll.dice[0]?.face ?? 1;
    const forged = { ...rolled, roll: { ...rolled.roll, dice: [{ sides: 20, face: (face % 20) + 1 }] } };
    const tampered = log.map((e, k) => (k === i ? forged : e));
    const result = verifyDice(tampered);
    expect(result.ok).toBe(false);
    expect(result.mismatches[0]).toMatch(new RegExp(`^Event ${i + 1} \\(initiative-rolled\\): die 1 \\(d20\\) shows`));
    const moved = log.map((e, k) => (k === i ? { ...rolled, roll: { ...rolled.roll, source: 'physical' as const } } : e));
    expect(verifyDice(moved).mismatches).toEqual([`Event ${i + 1} (initiative-rolled): physical dice moved the generator.`]);
    const reseeded = log.map((e) => (e.type === 'encounter-ended' ? { ...e, seed: 'f'.repeat(32) } : e));
    expect(verifyDice(reseeded).mismatches).toEqual([
      'The seed revealed at the end is not the seed the encounter was created with.',
    ]);
    expect(verifyDice([]).ok).toBe(false);
  });
});
