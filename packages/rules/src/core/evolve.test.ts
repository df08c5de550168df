import type { SystemId } from './model.js';
import { createEncounter, evolve, replay } from '../index.js';
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from './dice/rng.js';
import { act, add, COMMITMENT, created, HEALTH_DEFAULTS, TIMER_DEFAULTS, party, run, SEED } from '../../test/harness.js';
import type { EncounterEvent } from './events.js';

describe('createEncounter and evolve', () => {
  it('[ENG-3] [ENG-20] creation validates options over the defaults and seeds the generator', () => {
    const e = createEncounter({
      id: 'e',
      name: 'Crypt',
      system: 'dnd5e',
      options: { surpriseMode: 'srd52' },
      seed: SEED,
      seedCommitment: COMMITMENT,
    });
    expect(e).toEqual({
      type: 'encounter-created',
      id: 'e',
      name: 'Crypt',
      system: 'dnd5e',
      options: { surpriseMode: 'srd52', physicalDice: 'everyone', ...HEALTH_DEFAULTS, ...TIMER_DEFAULTS },
      seed: SEED,
      seedCommitment: COMMITMENT,
    });
    const s = evolve(undefined, created());
    expect(s).toMatchObject({ phase: 'setup', round: 0, nextId: 1, options: { surpriseMode: 'srd51', physicalDice: 'everyone' } });
    expect(s.dice).toEqual({ rng: rngFromSeed(SEED), seed: SEED, seedCommitment: COMMITMENT });
    expect(s).toMatchObject({ pending: [], ext: { system: 'dnd5e' }, history: { past: [], future: [] } });
  });

  it('[ENG-20] options from a person that do not fit are bugs here: the server checks them first', () => {
    const make = (options: Record<string, unknown>) => () =>
      createEncounter({ id: 'e', name: 'x', system: 'dnd5e', options, seed: SEED, seedCommitment: COMMITMENT });
    expect(make({ extra: 1 })).toThrow('This game has no option called "extra" (it has: surpriseMode).');
    expect(make({ surpriseMode: 'srd99' })).toThrow('The option surpriseMode must be one of: srd51, srd52.');
    expect(make({ physicalDice: 'sometimes' })).toThrow('The option physicalDice must be one of: off, gm, everyone.');
  });

  it('[ENG-1] unimplemented systems and malformed seeds are bugs: createEncounter throws', () => {
    expect(() =>
      createEncounter({ id: 'e', name: 'x', system: 'pathfinder' as unknown as SystemId, seed: SEED, seedCommitment: COMMITMENT }),
    ).toThrow(/not implemented/);
    expect(() => createEncounter({ id: 'e', name: 'x', system: 'dnd5e', seed: 'short', seedCommitment: '' })).toThrow();
  });

  it('[ENG-1] evolve throws unless the first event creates the encounter, and only once', () => {
    expect(() => evolve(undefined, { type: 'initiative-begun' })).toThrow(/encounter-created/);
    expect(() => evolve(evolve(undefined, created()), created())).toThrow();
    expect(() => replay([])).toThrow();
  });

  it('[ENG-2] evolve does not mutate the state it is given', () => {
    const s = party();
    const frozen = JSON.stringify(s);
    run(run(s, add('Wolf', 'npc')), { type: 'roll-npc-initiative' });
    expect(JSON.stringify(s)).toBe(frozen);
  });

  it('[ENG-2] [ENG-4] replaying the events gives the same state, ids and generator included', () => {
    const events: EncounterEvent[] = [created()];
    let s = replay(events);
    const commands = [
      add('Borin', 'pc', { stats: { dex: 14 } }),
      add('Goblin', 'enemy', { count: 3 }),
      { type: 'begin-initiative' },
      { type: 'roll-initiative', unit: { kind: 'combatant', id: 'c1' } },
      { type: 'roll-npc-initiative' },
    ] as const;
    for (const c of commands) {
      const r = act(s, c);
      events.push(...r.all);
      s = r.state;
    }
    expect(replay(events)).toEqual(s);
  });
});
