// For the console's unit tests: real encounters made by the rules (decide, evolve, the GM's
// projection), so the lists and keys are tested on views the server would send, not hand-made ones.
import { createEncounter, decide, evolve, project, replay, type Command, type EncounterState, type EncounterView, type NewCombatant } from '@roundkeeper/rules';

const SEED = '00112233445566778899aabbccddeeff';

export function run(state: EncounterState, command: Command): EncounterState {
  const d = decide(state, command, { role: 'gm' });
  if (!d.ok) throw new Error(`${command.type}: ${d.violation.message}`);
  return d.events.reduce((s, e) => evolve(s, e), state);
}

export const add = (name: string, side: NewCombatant['side'], dex: number, more: Partial<NewCombatant> = {}): Command => ({
  type: 'add-combatant',
  combatant: { name, side, stats: { dex, initBonus: 0 }, ...more },
});

/** A 5e table: Aria, a group of three goblins, a hidden ogre, Borin. */
export function table(): EncounterState {
  let s = replay([createEncounter({ id: 'e1', name: 'Ambush', system: 'dnd5e', seed: SEED, seedCommitment: '0'.repeat(64) })]);
  for (const c of [add('Aria', 'pc', 16), add('Goblin', 'enemy', 14, { count: 3 }), add('Ogre', 'enemy', 8, { hidden: true }), add('Borin', 'pc', 10)]) s = run(s, c);
  return s;
}

export const gmView = (s: EncounterState): EncounterView => project(s, { role: 'gm' });

/** `table()` rolled, ties settled, in round 1. */
export function fighting(): EncounterState {
  let s = run(table(), { type: 'begin-initiative' });
  for (const c of gmView(s).combatants.filter((x) => x.side === 'pc')) s = run(s, { type: 'roll-initiative', unit: { kind: 'combatant', id: c.id } });
  s = run(s, { type: 'roll-npc-initiative' });
  while (gmView(s).pendingTies.length > 0) s = run(s, { type: 'resolve-tie', order: [...gmView(s).pendingTies[0]!] });
  return run(s, { type: 'start-combat' });
}
