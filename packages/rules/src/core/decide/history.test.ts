import { project } from '../../index.js';
import { describe, expect, it } from 'vitest';
import { MAX_UNDO_DEPTH, snapshotOf } from '../history.js';
import type { Command, EncounterState } from '../../index.js';
import { act, add, conditionsOf, fighting, newEncounter, party, player, refusal, run, unit } from '../../../test/harness.js';

describe('undo and redo', () => {
  it('[ENG-18] every accepted command starts with one command-applied marker saying who did it', () => {
    const { all } = act(party(), { type: 'roll-initiative', unit: unit('c1') }, player('c1'));
    expect(all[0]).toEqual({ type: 'command-applied', command: 'roll-initiative', by: 'player', player: ['c1'] });
    expect(all.filter((e) => e.type === 'command-applied')).toHaveLength(1);
    expect(act(party(), { type: 'roll-npc-initiative' }).all[0]).toEqual({
      type: 'command-applied',
      command: 'roll-npc-initiative',
      by: 'gm',
    });
  });

  it('[ENG-18] undo brings back the state before the command; redo brings the command back', () => {
    const before = party();
    const after = run(before, add('Owlbear', 'enemy'));
    const undone = act(after, { type: 'undo' });
    expect(undone.all).toEqual([{ type: 'undone' }]);
    const { history: _a, ...restored } = undone.state;
    const { history: _b, ...original } = before;
    expect(restored).toEqual(original);
    const redone = run(undone.state, { type: 'redo' });
    expect(redone).toEqual(after);
  });

  it('[ENG-18] a re-roll after an undo gives the same faces: the generator comes back with the state', () => {
    const s = party();
    const first = run(s, { type: 'roll-initiative', unit: unit('c1') });
    const again = run(run(first, { type: 'undo' }), { type: 'roll-initiative', unit: unit('c1') });
    expect(again.combatants[0]?.initiative).toEqual(first.combatants[0]?.initiative);
    expect(again.dice.rng).toEqual(first.dice.rng);
  });

  it('[ENG-18] [ENG-16] conditions come back on undo, and an expiry undone comes back too', () => {
    let s = run(fighting(), { type: 'add-condition', combatantId: 'c1', name: 'Prone' });
    s = run(s, { type: 'remove-condition', combatantId: 'c1', conditionId: 'k10' });
    expect(conditionsOf(s, 'c1')).toEqual([]);
    expect(conditionsOf(run(s, { type: 'undo' }), 'c1')).toEqual(['Prone']);
  });

  it('[ENG-18] a new command clears what could be redone', () => {
    let s = run(run(party(), add('Owlbear', 'enemy')), { type: 'undo' });
    expect(s.history.future).toHaveLength(1);
    s = run(s, add('Wolf', 'enemy'));
    expect(s.history.future).toEqual([]);
    expect(refusal(s, { type: 'redo' })).toEqual({ code: 'nothing-to-redo', message: 'There is nothing to redo.' });
  });

  it(`[ENG-18] at most ${MAX_UNDO_DEPTH} commands can be undone`, () => {
    let s = newEncounter();
    for (let i = 0; i < MAX_UNDO_DEPTH + 5; i++) s = run(s, add(`Rat ${i}`, 'enemy'));
    expect(s.history.past).toHaveLength(MAX_UNDO_DEPTH);
    for (let i = 0; i < MAX_UNDO_DEPTH; i++) s = run(s, { type: 'undo' });
    expect(s.combatants).toHaveLength(5);
    expect(refusal(s, { type: 'undo' }).code).toBe('nothing-to-undo');
  });

  it(`[ENG-18] undo goes back through all ${MAX_UNDO_DEPTH} kept states exactly, and redo forward again`, () => {
    // Turns, rounds, conditions and options: commands that change different fields, some optional.
    const commands: Command[] = [
      { type: 'add-condition', combatantId: 'c1', name: 'Prone' },
      { type: 'set-options', options: { turnSeconds: 30 } },
      { type: 'set-hidden', combatantId: 'c2', hidden: true },
    ];
    let s = fighting();
    const states: EncounterState[] = [];
    for (let i = 0; states.length < MAX_UNDO_DEPTH + 3; i++) {
      states.push(s);
      s = run(s, i % 4 === 3 ? (commands[(i >> 2) % commands.length] as Command) : { type: 'end-turn' });
    }
    const after = s;
    for (let back = 1; back <= MAX_UNDO_DEPTH; back++) {
      s = run(s, { type: 'undo' });
      // Undo restamps the turn it brings back (ENG-39): everything else is the state as it was.
      expect({ ...snapshotOf(s), turn: null }).toEqual({ ...snapshotOf(states.at(-back) as EncounterState), turn: null });
      expect(s.turn?.slotId).toBe(states.at(-back)?.turn?.slotId);
    }
    expect(refusal(s, { type: 'undo' }).code).toBe('nothing-to-undo');
    for (let i = 0; i < MAX_UNDO_DEPTH; i++) s = run(s, { type: 'redo' });
    expect({ ...snapshotOf(s), turn: null }).toEqual({ ...snapshotOf(after), turn: null });
    expect(s.history.past).toHaveLength(MAX_UNDO_DEPTH);
  });

  it('[ENG-18] refusals: nothing to undo, GM only, and never once the seed is revealed', () => {
    expect(refusal(newEncounter(), { type: 'undo' }).code).toBe('nothing-to-undo');
    expect(refusal(party(), { type: 'undo' }, player('c1'))).toEqual({ code: 'gm-only', message: 'Only the GM can undo.' });
    expect(refusal(party(), { type: 'redo' }, player('c1')).code).toBe('gm-only');
    const ended = run(party(), { type: 'end-encounter' });
    expect(refusal(ended, { type: 'undo' })).toEqual({
      code: 'wrong-phase',
      message: 'The encounter has ended. You cannot undo now.',
    });
  });

  it('[ENG-18] [ENG-6] only the GM learns how much can be undone; snapshots never leave', () => {
    const s = run(run(party(), add('Owlbear', 'enemy')), { type: 'undo' });
    expect(project(s, { role: 'gm' }).undo).toEqual({ undo: s.history.past.length, redo: 1 });
    expect(project(s, { role: 'spectator' }).undo).toBeNull();
    expect(JSON.stringify(project(s, { role: 'gm' }))).not.toContain('Owlbear');
  });
});
