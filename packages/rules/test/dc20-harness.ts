// Shared by dc20's tests (test/dc20-*.test.ts): an encounter at a dc20 table, PCs with exact
// Initiative Check results from entered dice, and a driver that records every event.
import { createEncounter, decide, evolve, replay, type Actor, type Command, type EncounterEvent, type EncounterState } from '../src/index.js';

export const DC20_SEED = '00112233445566778899aabbccddeeff';
const COMMITMENT = '0'.repeat(64);
export const GM: Actor = { role: 'gm' };
export const player = (...combatantIds: string[]): Actor => ({ role: 'player', combatantIds });

export const dc20Created = (seed = DC20_SEED, options: Readonly<Record<string, unknown>> = {}): EncounterEvent =>
  createEncounter({ id: 'enc-dc20', name: 'Bandit camp', system: 'dc20', seed, seedCommitment: COMMITMENT, options });

/** A table that records the log and refuses to go on when a command that must pass is refused. */
export class Table {
  readonly log: EncounterEvent[];
  state: EncounterState;

  constructor(seed = DC20_SEED, options: Readonly<Record<string, unknown>> = {}) {
    this.log = [dc20Created(seed, options)];
    this.state = replay(this.log);
  }

  /** Applies a command that must be accepted; returns its events after the 'command-applied' marker. */
  run(command: Command, actor: Actor = GM): readonly EncounterEvent[] {
    const d = decide(this.state, command, actor);
    if (!d.ok) throw new Error(`Refused ${command.type}: ${d.violation.code} ${d.violation.message}`);
    this.log.push(...d.events);
    this.state = d.events.reduce<EncounterState>((s, e) => evolve(s, e), this.state);
    return d.events[0]?.type === 'command-applied' ? d.events.slice(1) : d.events;
  }

  /** The refusal of a command that must be refused. */
  refused(command: Command, actor: Actor = GM) {
    const d = decide(this.state, command, actor);
    if (d.ok) throw new Error(`Expected ${command.type} to be refused, got ${d.events.map((e) => e.type).join(', ')}`);
    return d.violation;
  }

  add(name: string, side: 'pc' | 'enemy' | 'npc', stats: Readonly<Record<string, number>> = {}, more: { hidden?: boolean; count?: number } = {}): string {
    const events = this.run({ type: 'add-combatant', combatant: { name, side, stats, ...more } });
    const added = events.find((e) => e.type === 'combatant-added');
    return added?.type === 'combatant-added' ? added.combatant.id : '';
  }

  /** A PC's check from an entered d20 face (physical dice: the generator does not move). */
  check(id: string, face: number): void {
    this.run({ type: 'dc20-enter-initiative', combatantId: id, faces: [face] }, player(id));
  }

  get turn(): readonly string[] {
    return this.state.turn?.actorIds ?? [];
  }

  combatant(id: string) {
    const c = this.state.combatants.find((x) => x.id === id);
    if (!c) throw new Error(`no combatant ${id}`);
    return c;
  }

  ap(id: string): number | undefined {
    return this.combatant(id).resources['AP']?.current;
  }

  get ext() {
    if (this.state.ext.system !== 'dc20') throw new Error('not a dc20 encounter');
    return this.state.ext;
  }

  /** The team of each slot, in order ('pc' / 'enemy-1' / …). */
  get teams(): readonly string[] {
    const ext = this.ext;
    return this.state.slots.map((s) => ext.slotTeams[s.id] ?? s.side);
  }

  get slotIds(): readonly string[] {
    return this.state.slots.map((s) => s.id);
  }
}
