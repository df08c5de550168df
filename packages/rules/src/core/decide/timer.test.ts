import { describe, expect, it } from 'vitest';
import { decide, evolve, project, type Command, type DecideMoment, type EncounterEvent, type EncounterState } from '../../index.js';
import { autoEndDue, pinOf } from '../turn-timer.js';
import { GM, openSlots, party, player, run, scripted } from '../../../test/harness.js';

const T0 = 1_700_000_000_000;

/** Applies a command that must be accepted, decided at `now` (and by the timer when asked). */
function at(state: EncounterState, command: Command, moment: DecideMoment, actor = GM) {
  const d = decide(state, command, actor, moment);
  if (!d.ok) throw new Error(`Refused ${command.type}: ${d.violation.code} ${d.violation.message}`);
  return { state: d.events.reduce<EncounterState>((s, e) => evolve(s, e), state), events: d.events };
}

function refusedAt(state: EncounterState, command: Command, moment: DecideMoment, actor = GM) {
  const d = decide(state, command, actor, moment);
  if (d.ok) throw new Error(`Expected ${command.type} to be refused, got ${d.events.map((e) => e.type).join(', ')}`);
  return d.violation;
}

/** Mira 18, Goblins 15, Borin 12; a 30-second auto-end timer; combat started at T0: Mira's turn. */
function timed(onTimeout: 'overtime' | 'auto-end' = 'auto-end'): EncounterState {
  const s = scripted(scripted(scripted(party(), 'c2', 18), 'g3', 15), 'c1', 12);
  const withTimer = run(s, { type: 'set-options', options: { turnSeconds: 30, turnTimeout: onTimeout } });
  return at(withTimer, { type: 'start-combat' }, { now: T0 }).state;
}

const endTurn = (state: EncounterState): Command => {
  const pin = pinOf(state);
  if (!pin) throw new Error('no stamped turn');
  return { type: 'end-turn', turn: pin };
};

describe('turn timer', () => {
  it('[ENG-39] stamps every turn start with the server time it is given, and shows it with the limit', () => {
    const s = timed();
    expect(s.turn).toEqual({ slotId: s.slots[0]?.id, actorIds: ['c2'], startedAt: T0 });
    const next = at(s, { type: 'end-turn' }, { now: T0 + 5_000 });
    const started = next.events.find((e) => e.type === 'turn-started');
    expect(started).toMatchObject({ at: T0 + 5_000 });
    expect(next.state.turn?.startedAt).toBe(T0 + 5_000);
    const view = project(next.state, player('c1'));
    expect(view.turn).toEqual({ slotId: next.state.turn?.slotId, actorIds: ['c4', 'c5', 'c6'], startedAt: T0 + 5_000 });
    expect(view.turnTimer).toEqual({ seconds: 30, onTimeout: 'auto-end' });
    // Replaying the log gives the same stamp: it is a fact, not a reading of a clock.
    const log: EncounterEvent[] = [];
    let state: EncounterState | undefined;
    for (const command of [{ type: 'end-turn' }, { type: 'end-turn' }] as const) {
      const d = decide(state ?? next.state, command, GM, { now: T0 + 9_000 });
      if (!d.ok) throw new Error(d.violation.message);
      log.push(...d.events);
      state = d.events.reduce<EncounterState>((x, e) => evolve(x, e), state ?? next.state);
    }
    expect(log.reduce<EncounterState>((x, e) => evolve(x, e), next.state).turn).toEqual(state?.turn);
    // Without a clock (a tool, an old log) turns have no stamp and nothing times out.
    expect(run(s, { type: 'end-turn' }).turn?.startedAt).toBeUndefined();
  });

  it('[ENG-39] carries the clock across a round wrap and never stamps at or before the current turn', () => {
    let s = timed();
    s = at(s, { type: 'end-turn' }, { now: T0 + 1_000 }).state;
    s = at(s, { type: 'end-turn' }, { now: T0 + 2_000 }).state;
    expect(s.round).toBe(1);
    const wrapped = at(s, { type: 'end-turn' }, { now: T0 + 3_000 });
    expect(wrapped.events.map((e) => e.type)).toEqual(['command-applied', 'turn-ended', 'round-ended', 'round-started', 'turn-started']);
    expect(wrapped.state.round).toBe(2);
    expect(wrapped.state.turn).toMatchObject({ actorIds: ['c2'], startedAt: T0 + 3_000 });
    // A server whose clock is behind the current stamp still gives the next turn a later one.
    expect(at(wrapped.state, { type: 'end-turn' }, { now: T0 }).state.turn?.startedAt).toBe(T0 + 3_001);
  });

  it('[ENG-39] the GM sets, changes and clears the timer during combat; players may not; bounds are checked', () => {
    const s = timed();
    const changed = at(s, { type: 'set-options', options: { turnSeconds: 90, turnTimeout: 'overtime' } }, { now: T0 + 10_000 }).state;
    expect(project(changed, { role: 'spectator' }).turnTimer).toEqual({ seconds: 90, onTimeout: 'overtime' });
    // The turn keeps its start: a new limit counts from it.
    expect(changed.turn?.startedAt).toBe(T0);
    expect(project(at(changed, { type: 'set-options', options: { turnSeconds: 0 } }, {}).state, GM).turnTimer).toBeNull();
    expect(refusedAt(s, { type: 'set-options', options: { turnSeconds: 20 } }, {}, player('c2')).code).toBe('gm-only');
    expect(refusedAt(s, { type: 'set-options', options: { turnSeconds: 3601 } }, {})).toEqual({
      code: 'invalid-options',
      message: 'The option turnSeconds must be a whole number from 0 to 3600.',
    });
    expect(refusedAt(s, { type: 'set-options', options: { turnTimeout: 'skip' } }, {}).code).toBe('invalid-options');
  });

  it('[ENG-39] a claim restarts the clock for whoever took the open slot', () => {
    // openSlots(): the open slot s90 has come up (stamped here at T0), waiting for a PC to take it.
    const started = evolve(openSlots(), { type: 'turn-started', slotId: 's90', actorIds: [], at: T0 });
    const slot = started.turn?.slotId;
    expect(started.turn).toEqual({ slotId: 's90', actorIds: [], startedAt: T0 });
    const claimed = at(started, { type: 'claim-turn', combatantIds: ['c1'] }, { now: T0 + 4_000 }, player('c1')).state;
    expect(claimed.turn).toEqual({ slotId: slot, actorIds: ['c1'], startedAt: T0 + 4_000 });
  });

  it('[ENG-41] the timer ends the pinned turn at its deadline, marked as the timer\'s and as timed out', () => {
    const s = timed();
    expect(autoEndDue(s)).toEqual({ pin: { slotId: s.turn?.slotId, round: 1, startedAt: T0 }, deadline: T0 + 30_000 });
    expect(refusedAt(s, endTurn(s), { now: T0 + 29_999, byTimer: true })).toEqual({
      code: 'invalid-command',
      message: 'That turn still has time left.',
    });
    const ended = at(s, endTurn(s), { now: T0 + 30_000, byTimer: true });
    expect(ended.events[0]).toEqual({ type: 'command-applied', command: 'end-turn', by: 'timer' });
    expect(ended.events[1]).toEqual({ type: 'turn-ended', slotId: s.turn?.slotId, timedOut: true, actorIds: ['c2'] });
    expect(ended.state.turn).toMatchObject({ actorIds: ['c4', 'c5', 'c6'], startedAt: T0 + 30_000 });
    // The same end again, late or from a second server: that turn is over, nothing changes.
    expect(refusedAt(ended.state, endTurn(s), { now: T0 + 30_500, byTimer: true }).code).toBe('invalid-command');
    expect(refusedAt(ended.state, endTurn(s), {})).toEqual({ code: 'invalid-command', message: 'That turn has already ended.' });
  });

  it('[ENG-41] the timer may only end a turn, and only under auto-end', () => {
    const overtime = timed('overtime');
    expect(autoEndDue(overtime)).toBeUndefined();
    expect(refusedAt(overtime, endTurn(overtime), { now: T0 + 60_000, byTimer: true }).code).toBe('invalid-command');
    const s = timed();
    expect(refusedAt(s, { type: 'end-turn' }, { now: T0 + 60_000, byTimer: true }).code).toBe('invalid-command');
    expect(refusedAt(s, { type: 'end-encounter' }, { now: T0 + 60_000, byTimer: true }).code).toBe('invalid-command');
    // An open slot still to be filled is not ended by the timer: the table must choose first.
    const open = evolve(run(openSlots(), { type: 'set-options', options: { turnSeconds: 5, turnTimeout: 'auto-end' } }), {
      type: 'turn-started',
      slotId: 's90',
      actorIds: [],
      at: T0,
    });
    expect(refusedAt(open, endTurn(open), { now: T0 + 6_000, byTimer: true }).code).toBe('decision-pending');
  });

  it('[ENG-40] [ENG-41] undo of a timed-out end gives the turn back with a fresh clock; redo moves on afresh', () => {
    const s = timed();
    const ended = at(s, endTurn(s), { now: T0 + 30_000, byTimer: true }).state;
    const undone = at(ended, { type: 'undo' }, { now: T0 + 40_000 });
    expect(undone.events).toEqual([{ type: 'undone', at: T0 + 40_000 }]);
    expect(undone.state.turn).toEqual({ slotId: s.turn?.slotId, actorIds: ['c2'], startedAt: T0 + 40_000 });
    expect(autoEndDue(undone.state)?.deadline).toBe(T0 + 70_000);
    // The old end, arriving late, does not end the turn given back.
    expect(refusedAt(undone.state, endTurn(s), { now: T0 + 41_000, byTimer: true }).code).toBe('invalid-command');
    const redone = at(undone.state, { type: 'redo' }, { now: T0 + 45_000 }).state;
    expect(redone.turn).toMatchObject({ actorIds: ['c4', 'c5', 'c6'], startedAt: T0 + 45_000 });
    // An undo within one turn keeps its clock.
    const damaged = at(run(timed(), { type: 'set-max-health', combatantIds: ['c1'], max: 10 }), { type: 'end-turn' }, { now: T0 + 1_000 }).state;
    const undoneDamage = at(at(damaged, { type: 'apply-damage', targets: [{ combatantId: 'c1', amount: 3 }] }, { now: T0 + 2_000 }).state, { type: 'undo' }, { now: T0 + 3_000 });
    expect(undoneDamage.state.turn?.startedAt).toBe(T0 + 1_000);
  });

  it('[ENG-42] the timer ends at most a round of turns in a row; anyone acting starts the count again', () => {
    let s = timed();
    let now = T0;
    const standing = s.combatants.filter((c) => !c.defeated).length;
    for (let i = 0; i < standing; i += 1) {
      const due = autoEndDue(s);
      if (!due) break;
      now = due.deadline;
      s = at(s, { type: 'end-turn', turn: due.pin }, { now, byTimer: true }).state;
    }
    expect(s.timerStreak).toBe(standing);
    expect(autoEndDue(s)).toBeUndefined();
    expect(refusedAt(s, endTurn(s), { now: now + 60_000, byTimer: true }).code).toBe('invalid-command');
    const acted = at(s, { type: 'end-turn' }, { now: now + 1_000 }).state;
    expect(acted.timerStreak).toBeUndefined();
    expect(autoEndDue(acted)?.deadline).toBe(now + 31_000);
  });
});
