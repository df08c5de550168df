// Seeded property tests over random command sequences from random actors (ENG-1, ENG-2, ENG-6, ENG-9,
// ENG-14, ENG-16, ENG-18): undo/redo, conditions, resources and claims of open slots included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, evolve, getSystem, project, replay, type Command, type EncounterState } from '../src/index.js';
import { GM } from './harness.js';
import { MAX_STEPS, MIN_STEPS, play, PROPERTY_TIMEOUT_MS, RUNS, step } from './random-runs.js';

/** Events that the turn machinery adds as turns pass; anything else disturbs a round. */
const TURN_FLOW: ReadonlySet<string> = new Set(['command-applied', 'turn-ended', 'round-ended', 'condition-expired']);

const withoutHistory = ({ history: _history, ...rest }: EncounterState) => rest;

describe('properties over random command sequences', () => {
  it('[ENG-1] [ENG-2] no command throws, and replaying the events gives the state built step by step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        const { state, log } = play(steps, () => undefined);
        expect(replay(log)).toEqual(state);
      }),
      { numRuns: RUNS, seed: 20240601 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-6] non-GM views never contain a hidden combatant\'s name or id, nor notes or the seed before the end', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (_before, _events, state) => {
          const hidden = state.combatants.filter((c) => c.hidden);
          const hiddenGroups = state.groups.filter((g) => state.combatants.filter((c) => c.groupId === g.id).every((c) => c.hidden));
          const audiences = [{ role: 'spectator' } as const, { role: 'player', combatantIds: state.combatants.map((c) => c.id) } as const];
          for (const audience of audiences) {
            const json = JSON.stringify(project(state, audience));
            for (const c of hidden) {
              expect(json).not.toContain(`"${c.id}"`);
              expect(json).not.toContain(`"${c.name}"`);
            }
            for (const g of hiddenGroups) {
              expect(json).not.toContain(`"${g.id}"`);
              expect(json).not.toContain(`"${g.name}"`);
            }
            expect(json).not.toContain('"note"');
            expect(json).not.toContain('"history"');
            expect(json).not.toContain('"anchor"');
            if (state.phase !== 'ended') expect(json).not.toContain(state.dice.seed);
          }
        });
      }),
      { numRuns: RUNS, seed: 7 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-9] [DND-6] [DND-7] in each round no slot acts twice, and an undisturbed round gives every eligible slot one turn', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        let started: string[] = [];
        let undisturbed = true;
        // Undo and redo move the round back or forth: stop counting until the next round starts.
        let tracking = true;
        play(steps, (before, events, after) => {
          let s = before;
          for (const e of events) {
            if (e.type === 'round-started') {
              if (e.round > 1 && undisturbed && s.slots.every((slot) => slot.filler.kind === 'unit')) {
                const system = getSystem(s.system);
                const eligible = s.slots.filter((slot) => (system?.eligibleActors(s, slot).length ?? 0) > 0).map((x) => x.id);
                expect(started).toEqual(eligible);
              }
              started = [];
              undisturbed = true;
              tracking = true;
            } else if (e.type === 'turn-started') {
              if (tracking) expect(started).not.toContain(e.slotId);
              started.push(e.slotId);
            } else if (e.type === 'undone' || e.type === 'redone') {
              tracking = false;
              undisturbed = false;
            } else if (!TURN_FLOW.has(e.type)) {
              undisturbed = false;
            }
            s = evolve(s, e);
          }
          expect(s).toEqual(after);
        });
      }),
      { numRuns: RUNS, seed: 42 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('[ENG-18] [ENG-16] after any accepted command, undo then redo gives the same state, and undo brings back ended conditions', () => {
    const apply = (state: EncounterState, command: Command): EncounterState => {
      const d = decide(state, command, GM);
      if (!d.ok) throw new Error(`${command.type} refused: ${d.violation.message}`);
      return d.events.reduce<EncounterState>((st, e) => evolve(st, e), state);
    };
    fc.assert(
      fc.property(fc.array(step, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }), (steps) => {
        play(steps, (before, events, after) => {
          if (after.phase === 'ended' || after.history.past.length === 0 || events[0]?.type !== 'command-applied') return;
          const undone = apply(after, { type: 'undo' });
          expect(withoutHistory(undone)).toEqual(withoutHistory(before));
          expect(apply(undone, { type: 'redo' })).toEqual(after);
          for (const e of events) {
            if (e.type !== 'condition-expired' && e.type !== 'condition-removed') continue;
            const back = undone.combatants.find((c) => c.id === e.combatantId)?.conditions.map((k) => k.id);
            expect(back).toContain(e.conditionId);
          }
        });
      }),
      { numRuns: RUNS, seed: 99 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
