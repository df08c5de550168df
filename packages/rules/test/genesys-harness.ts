// A genesys encounter at the table for the genesys-*.test.ts files: creation, a small cast, helpers to
// claim the current slot and to read the view's genesys part.
import {
  createEncounter,
  project,
  replay,
  type Actor,
  type Command,
  type EncounterEvent,
  type EncounterState,
  type UnitRef,
} from '../src/index.js';
import type { GenesysViewExt } from '../src/systems/genesys/view.js';
import { act, add, COMMITMENT, SEED } from './harness.js';

export function genesysCreated(seed = SEED, options: Readonly<Record<string, unknown>> = {}): EncounterEvent {
  return createEncounter({ id: 'enc-g', name: 'Spaceport ambush', system: 'genesys', seed, seedCommitment: COMMITMENT, options });
}

export const genesysEncounter = (seed = SEED, options: Readonly<Record<string, unknown>> = {}): EncounterState =>
  replay([genesysCreated(seed, options)]);

/**
 * Kira (c1, PC: Presence 3, Cool 2, Willpower 2, Vigilance 1), Tam (c2, PC: Willpower 3, Vigilance 2),
 * three Stormtroopers (g3: c4–c6, a minion group) and Captain Vex (c7, enemy), in the initiative phase.
 */
export function crew(seed = SEED, options: Readonly<Record<string, unknown>> = {}): EncounterState {
  let s = genesysEncounter(seed, options);
  s = act(s, add('Kira', 'pc', { stats: { presence: 3, cool: 2, willpower: 2, vigilance: 1 } })).state;
  s = act(s, add('Tam', 'pc', { stats: { willpower: 3, vigilance: 2 } })).state;
  s = act(s, add('Stormtrooper', 'enemy', { stats: { willpower: 2, vigilance: 1 }, count: 3 })).state;
  s = act(s, add('Captain Vex', 'enemy', { stats: { presence: 3, cool: 2, willpower: 3, vigilance: 1 } })).state;
  return act(s, { type: 'begin-initiative' }).state;
}

export const genesysView = (s: EncounterState, audience: Parameters<typeof project>[1] = { role: 'gm' }): GenesysViewExt => {
  const ext = project(s, audience).ext;
  if (ext?.system !== 'genesys') throw new Error('no genesys view');
  return ext;
};

/** The standing members of `ref`: what a claim of that unit names. */
export const membersOf = (s: EncounterState, ref: UnitRef): string[] =>
  s.combatants.filter((c) => !c.defeated && (ref.kind === 'group' ? c.groupId === ref.id : c.id === ref.id)).map((c) => c.id);

export const claim = (s: EncounterState, ref: UnitRef): Command => ({ type: 'claim-turn', combatantIds: membersOf(s, ref) });

/** An event log with the state it builds, for tests that check replay too. */
export class Table {
  readonly log: EncounterEvent[];
  state: EncounterState;
  constructor(first: EncounterEvent) {
    this.log = [first];
    this.state = replay(this.log);
  }
  do(command: Command, actor: Actor = { role: 'gm' }): readonly EncounterEvent[] {
    const r = act(this.state, command, actor);
    this.log.push(...r.all);
    this.state = r.state;
    return r.events;
  }
}
