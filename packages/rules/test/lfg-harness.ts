// lfg encounters at the table for the whole-encounter tests (test/lfg-*.test.ts).
import type { Actor, Command, NewCombatant } from '../src/core/commands.js';
import type { EncounterEvent } from '../src/core/events.js';
import type { EncounterState } from '../src/core/model.js';
import type { RuleViolation } from '../src/core/violations.js';
import { createEncounter, decide, evolve, replay } from '../src/index.js';
import { lfgExt } from '../src/systems/lfg/state.js';

export const LFG_SEED = '00112233445566778899aabbccddeeff';
export const GM: Actor = { role: 'gm' };
export const player = (...combatantIds: string[]): Actor => ({ role: 'player', combatantIds });

export const lfgCreated = (options: Readonly<Record<string, unknown>> = {}, seed = LFG_SEED): EncounterEvent =>
  createEncounter({ id: 'enc-lfg', name: 'Ogre den', system: 'lfg', options, seed, seedCommitment: '0'.repeat(64) });

/** An encounter that records every event, for replay and dice checks. */
export class Table {
  readonly log: EncounterEvent[];
  state: EncounterState;

  constructor(options: Readonly<Record<string, unknown>> = {}, seed = LFG_SEED) {
    this.log = [lfgCreated(options, seed)];
    this.state = replay(this.log);
  }

  /** A command that must be accepted; returns its events without the 'command-applied' marker. */
  do(command: Command, actor: Actor = GM): readonly EncounterEvent[] {
    const d = decide(this.state, command, actor);
    if (!d.ok) throw new Error(`Refused ${command.type}: ${d.violation.code} ${d.violation.message}`);
    this.log.push(...d.events);
    this.state = d.events.reduce<EncounterState>((s, e) => evolve(s, e), this.state);
    return d.events[0]?.type === 'command-applied' ? d.events.slice(1) : d.events;
  }

  refused(command: Command, actor: Actor = GM): RuleViolation {
    const d = decide(this.state, command, actor);
    if (d.ok) throw new Error(`Expected ${command.type} to be refused, got ${d.events.map((e) => e.type).join(', ')}`);
    return d.violation;
  }

  get ext() {
    return lfgExt(this.state);
  }

  /** Who acts now ('' when nobody). */
  get actors(): string {
    return this.state.turn?.actorIds.join('+') ?? '';
  }

  /** The round's order as the slots' unit ids. */
  get order(): readonly string[] {
    return this.state.slots.map((s) => (s.filler.kind === 'unit' ? s.filler.unit.id : s.filler.side));
  }

  /** Ends the current turn as its owner (the GM for monsters). */
  endTurn(): readonly EncounterEvent[] {
    const owner = this.state.turn?.actorIds[0];
    const c = this.state.combatants.find((x) => x.id === owner);
    return this.do({ type: 'end-turn' }, c?.side === 'pc' ? player(c.id) : GM);
  }
}

export const pc = (name: string, initiative: number, more: Partial<NewCombatant> = {}): Command => ({
  type: 'add-combatant',
  combatant: { name, side: 'pc', stats: { initiative }, ...more },
});

export const foe = (name: string, stats: Record<string, number> = {}, more: Partial<NewCombatant> = {}): Command => ({
  type: 'add-combatant',
  combatant: { name, side: 'enemy', stats, ...more },
});

/**
 * Ana (c1, Initiative 12), Bo (c2, 8), Cy (c3, 14) seated in that order; Goblins g4 (c5, c6);
 * the Ogre c7 (heavy); the Sorcerer c8 (boss, leader); Torchbearer c9 (a hireling, Will 6).
 */
export function ogreDen(options: Readonly<Record<string, unknown>> = {}, seed = LFG_SEED): Table {
  const t = new Table(options, seed);
  t.do(pc('Ana', 12, { stats: { initiative: 12, luck: 11, cha: 13 } }));
  t.do(pc('Bo', 8, { stats: { initiative: 8, luck: 9 } }));
  t.do(pc('Cy', 14, { stats: { initiative: 14, luck: 12 } }));
  t.do(foe('Goblin', { will: 7 }, { count: 2 }));
  t.do(foe('Ogre', { rank: 1, will: 9 }));
  t.do(foe('Sorcerer', { rank: 2, will: 12, leader: 1 }));
  t.do({ type: 'add-combatant', combatant: { name: 'Torchbearer', side: 'npc', stats: { will: 6 } } });
  return t;
}

/** The Ogre den in combat, round 1, after `faces` (physical) were entered by Ana for the party. */
export function fighting(faces: number[], options: Record<string, unknown> = {}): Table {
  const t = ogreDen(options);
  t.do({ type: 'begin-initiative' });
  t.do({ type: 'enter-initiative', unit: { kind: 'combatant', id: 'c1' }, faces }, player('c1'));
  t.do({ type: 'start-combat' });
  return t;
}
