// Helpers for the uesrpg tests: an encounter at a UESRPG table, driven through decide/evolve.
import { createEncounter, replay, type Actor, type Command, type EncounterEvent, type EncounterState } from '../src/index.js';
import type { UesrpgExt } from '../src/systems/uesrpg/state.js';
import type { UesrpgViewExt } from '../src/systems/uesrpg/view.js';
import type { EncounterView } from '../src/core/view.js';
import { act, add, COMMITMENT, GM, run, SEED } from './harness.js';

export function uesCreated(seed = SEED, options: Record<string, unknown> = {}): EncounterEvent {
  return createEncounter({ id: 'enc-u', name: 'Bandits on the Gold Road', system: 'uesrpg', seed, seedCommitment: COMMITMENT, options });
}

export const uesEncounter = (seed = SEED, options: Record<string, unknown> = {}): EncounterState => replay([uesCreated(seed, options)]);

/** Rating 9 (4 + 3 + 2), Luck bonus 4. */
export const AELA = { agility: 42, intelligence: 35, perception: 29, luck: 40 };
/** Rating 8 (3 + 2 + 3), Luck bonus 5. */
export const BRAND = { agility: 31, intelligence: 25, perception: 33, luck: 55 };
/** Rating 8 from a stat block. */
export const BANDIT = { initiativeRating: 8 };

/**
 * Aela (c1, PC), Brand (c2, PC), 2 Bandits (g3: c4, c5), in the initiative phase with surprise
 * decided (`surprised`: who is surprised).
 */
export function table(options: Record<string, unknown> = {}, surprised: readonly string[] = [], seed = SEED): EncounterState {
  let s = uesEncounter(seed, options);
  s = run(s, add('Aela', 'pc', { stats: AELA }));
  s = run(s, add('Brand', 'pc', { stats: BRAND }));
  s = run(s, add('Bandit', 'enemy', { stats: BANDIT, count: 2 }));
  s = run(s, { type: 'begin-initiative' });
  return run(s, { type: 'uesrpg-set-surprise', surprised });
}

/** A physical d6 for a unit (players for their own, the GM for groups). */
export const d6 = (s: EncounterState, id: string, face: number, actor: Actor = GM): EncounterState =>
  run(s, { type: 'enter-initiative', unit: id.startsWith('g') ? { kind: 'group', id } : { kind: 'combatant', id }, faces: [face] }, actor);

/**
 * table() with Aela 9+3 = 12, Brand 8+6 = 14, Bandits 8+2 = 10, in combat: Brand, Aela, Bandits.
 */
export function combat(options: Record<string, unknown> = {}, surprised: readonly string[] = []): EncounterState {
  let s = table(options, surprised);
  for (const [id, face] of [['c1', 3], ['c2', 6], ['g3', 2]] as const) {
    const c = s.combatants.find((x) => x.id === id);
    const surprisedUnit = c ? surprised.includes(c.id) : surprised.includes('c4') && surprised.includes('c5');
    s = surprisedUnit ? run(s, { type: 'roll-initiative', unit: id.startsWith('g') ? { kind: 'group', id } : { kind: 'combatant', id } }) : d6(s, id, face);
  }
  return run(s, { type: 'start-combat' });
}

export const extOf = (s: EncounterState): UesrpgExt => {
  if (s.ext.system !== 'uesrpg') throw new Error('not a uesrpg encounter');
  return s.ext;
};

export const viewExt = (v: EncounterView): UesrpgViewExt => {
  if (v.ext?.system !== 'uesrpg') throw new Error('no uesrpg view');
  return v.ext;
};

export const ap = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)?.resources['AP'];

export const whoseTurn = (s: EncounterState): string => s.turn?.actorIds.join('+') ?? '-';

export const declare = (
  combatantId: string,
  kind: 'primary' | 'secondary' | 'reaction' | 'free',
  cost: number,
  more: { label?: string; threatId?: string; special?: boolean } = {},
): Command => ({ type: 'uesrpg-declare-action', combatantId, kind, cost, label: more.label ?? `${kind} action`, ...more });

/** Applies a command's events one by one, keeping the log (for replay and dice checks). */
export function logged(seed = SEED, options: Record<string, unknown> = {}) {
  const log: EncounterEvent[] = [uesCreated(seed, options)];
  let state = replay(log);
  return {
    get state() {
      return state;
    },
    log,
    step(command: Command, actor: Actor = GM): readonly EncounterEvent[] {
      const applied = act(state, command, actor);
      log.push(...applied.all);
      state = applied.state;
      return applied.all;
    },
  };
}
