// In-game time (ENG-35): a round's length where the system's text gives one, public in the catalogue
// and the view, and durations in seconds or minutes turned into rounds.
import { describe, expect, it } from 'vitest';
import { createEncounter, project, replay, secondsBeforeRound, systemCatalogue, type EncounterState, type SystemId } from '../src/index.js';
import { act, add, COMMITMENT, GM, player, refusal, run, SEED } from './harness.js';

const encounter = (system: SystemId): EncounterState => {
  const state = replay([createEncounter({ id: 'e-time', name: 'Time', system, seed: SEED, seedCommitment: COMMITMENT })]);
  return run(state, add('Aria', 'pc'));
};

/** The rounds a condition made with `duration` lasts, read from its expiry (made before combat: ends with round N). */
const roundsOf = (system: SystemId, amount: number, unit: 'seconds' | 'minutes'): number => {
  const { events } = act(encounter(system), { type: 'add-condition', combatantId: 'c1', name: 'Blessed', duration: { amount, unit }, endsAt: 'round-end' });
  const added = events.find((e) => e.type === 'condition-added');
  if (added?.type !== 'condition-added' || !added.condition.expiry) throw new Error('no timed condition');
  return added.condition.expiry.round;
};

const roundSecondsOf = (system: SystemId) => systemCatalogue().find((s) => s.id === system)?.roundSeconds ?? null;

describe('in-game time', () => {
  it('[ENG-35] [DC20-33] DC20: a round is 12 seconds, public in the catalogue and every view; a minute is 5 rounds', () => {
    expect(roundSecondsOf('dc20')).toBe(12);
    const state = encounter('dc20');
    for (const audience of [GM, { role: 'player', combatantIds: ['c1'] }, { role: 'spectator' }] as const) {
      expect(project(state, audience).roundSeconds).toBe(12);
    }
    expect(roundsOf('dc20', 1, 'minutes')).toBe(5);
    expect(roundsOf('dc20', 10, 'minutes')).toBe(50);
    expect(secondsBeforeRound(6, 12)).toBe(60);
  });

  it('[ENG-35] a duration reaches into every round it touches: 30 seconds of 12-second rounds are 3 rounds, 12 seconds 1', () => {
    expect(roundsOf('dc20', 30, 'seconds')).toBe(3);
    expect(roundsOf('dc20', 12, 'seconds')).toBe(1);
    expect(roundsOf('dc20', 1, 'seconds')).toBe(1);
  });

  it('[DND-22] D&D 5e: a round is about 6 seconds, so a minute is 10 rounds', () => {
    expect(roundSecondsOf('dnd5e')).toBe(6);
    expect(project(encounter('dnd5e'), GM).roundSeconds).toBe(6);
    expect(roundsOf('dnd5e', 1, 'minutes')).toBe(10);
  });

  it('[UES-34] UESRPG: a round is six seconds', () => {
    expect(roundSecondsOf('uesrpg')).toBe(6);
    expect(roundsOf('uesrpg', 1, 'minutes')).toBe(10);
  });

  it('[GEN-39] [LFG-32] Genesys and Low Fantasy Gaming leave the length open: no round length, durations in time refused', () => {
    for (const system of ['genesys', 'lfg'] as const) {
      expect(roundSecondsOf(system)).toBeNull();
      const state = encounter(system);
      expect(project(state, GM).roundSeconds).toBeNull();
      const refused = refusal(state, { type: 'add-condition', combatantId: 'c1', name: 'Blessed', duration: { amount: 1, unit: 'minutes' } });
      expect(refused.code).toBe('invalid-command');
      expect(refused.message).toMatch(/give the duration in rounds/);
      // Rounds still work.
      expect(() => run(state, { type: 'add-condition', combatantId: 'c1', name: 'Blessed', rounds: 2 })).not.toThrow();
    }
  });

  it('[ENG-35] refuses a duration given twice, or not a whole amount of at least 1, and changes nothing', () => {
    const state = encounter('dc20');
    const both = refusal(state, { type: 'add-condition', combatantId: 'c1', name: 'x', rounds: 2, duration: { amount: 1, unit: 'minutes' } });
    expect(both).toMatchObject({ code: 'invalid-command', message: 'Give a duration in rounds or in time, not both.' });
    for (const amount of [0, -1, 1.5]) {
      expect(refusal(state, { type: 'add-condition', combatantId: 'c1', name: 'x', duration: { amount, unit: 'seconds' } }).code).toBe('invalid-command');
    }
    // A player may time a condition on their own PC like the GM.
    expect(() => run(state, { type: 'add-condition', combatantId: 'c1', name: 'Hasted', duration: { amount: 1, unit: 'minutes' } }, player('c1'))).not.toThrow();
  });
});
