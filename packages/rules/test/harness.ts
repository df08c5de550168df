// Small helpers for tests: an encounter at the table, commands that must pass or must be refused,
// and scripted dice (a crafted 'initiative-rolled' event) where a test needs exact totals.
import {
  createEncounter,
  decide,
  evolve,
  replay,
  type Actor,
  type Command,
  type EncounterEvent,
  type EncounterState,
  type NewCombatant,
  type RuleViolation,
  type UnitRef,
} from '../src/index.js';

export const SEED = '00112233445566778899aabbccddeeff';
/** [ENG-28] [ENG-32] The engine's health options as every new encounter gets them. */
export const HEALTH_DEFAULTS = { playersDamageHeal: true, npcHealthView: 'states', partyHealthView: 'numbers' } as const;
/** [ENG-39] The turn timer's options as every new encounter gets them: no timer. */
export const TIMER_DEFAULTS = { turnSeconds: 0, turnTimeout: 'overtime' } as const;
export const COMMITMENT = '0'.repeat(64);
export const GM: Actor = { role: 'gm' };
export const player = (...combatantIds: string[]): Actor => ({ role: 'player', combatantIds });
export const unit = (id: string): UnitRef => (id.startsWith('g') ? { kind: 'group', id } : { kind: 'combatant', id });

export function created(seed = SEED): EncounterEvent {
  return createEncounter({ id: 'enc-1', name: 'Goblin ambush', system: 'dnd5e', seed, seedCommitment: COMMITMENT });
}

export const newEncounter = (seed = SEED): EncounterState => replay([created(seed)]);

/**
 * Applies a command that must be accepted; returns the new state, the events after the
 * 'command-applied' marker (`events`) and all of them (`all`).
 */
export function act(state: EncounterState, command: Command, actor: Actor = GM) {
  const d = decide(state, command, actor);
  if (!d.ok) throw new Error(`Refused ${command.type}: ${d.violation.code} ${d.violation.message}`);
  const events = d.events[0]?.type === 'command-applied' ? d.events.slice(1) : d.events;
  return { state: d.events.reduce<EncounterState>((s, e) => evolve(s, e), state), events, all: d.events };
}

export const run = (state: EncounterState, command: Command, actor: Actor = GM): EncounterState =>
  act(state, command, actor).state;

export function refusal(state: EncounterState, command: Command, actor: Actor = GM): RuleViolation {
  const d = decide(state, command, actor);
  if (d.ok) throw new Error(`Expected ${command.type} to be refused, got ${d.events.map((e) => e.type).join(', ')}`);
  return d.violation;
}

export const add = (name: string, side: NewCombatant['side'], more: Partial<NewCombatant> = {}): Command => ({
  type: 'add-combatant',
  combatant: { name, side, stats: {}, ...more },
});

/** Scripted dice: the unit's roll is exactly `total` (a d20 face of `total`, modifier 0). */
export function scripted(state: EncounterState, id: string, total: number): EncounterState {
  return evolve(state, {
    type: 'initiative-rolled',
    unit: unit(id),
    roll: { dice: [{ sides: 20, face: total }], kept: total, modifier: 0, total, mode: 'normal', source: 'physical' },
    rng: state.dice.rng,
  });
}

/** Borin (c1, PC), Mira (c2, PC), a group of 3 Goblins (g3: c4–c6), in the initiative phase. */
export function party(): EncounterState {
  let s = newEncounter();
  s = run(s, add('Borin', 'pc', { stats: { dex: 14 } }));
  s = run(s, add('Mira', 'pc', { stats: { dex: 16, initBonus: 2 } }));
  s = run(s, add('Goblin', 'enemy', { stats: { dex: 14 }, count: 3 }));
  return run(s, { type: 'begin-initiative' });
}

/** party() with Mira 18, Goblins 15, Borin 12, in combat: Mira's turn, round 1. */
export function fighting(): EncounterState {
  const s = scripted(scripted(scripted(party(), 'c2', 18), 'g3', 15), 'c1', 12);
  return run(s, { type: 'start-combat' });
}

/**
 * party() all rolled, in combat with crafted open slots (as genesys or dc20 build them):
 * s90 open to a PC, s91 the Goblins, s92 open to a PC. The first end-turn starts s90.
 */
export function openSlots(): EncounterState {
  let s = scripted(scripted(scripted(party(), 'c2', 18), 'g3', 15), 'c1', 12);
  const open = (id: string) => ({ id, side: 'pc', filler: { kind: 'open', side: 'pc' } }) as const;
  s = evolve(s, {
    type: 'combat-started',
    slots: [open('s90'), { id: 's91', side: 'enemy', filler: { kind: 'unit', unit: unit('g3') } }, open('s92')],
  });
  s = evolve(s, { type: 'round-started', round: 1 });
  return run(s, { type: 'end-turn' });
}

export const conditionsOf = (s: EncounterState, id: string): readonly string[] =>
  s.combatants.find((c) => c.id === id)?.conditions.map((k) => k.name) ?? [];
