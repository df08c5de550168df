// The "now acting" words of console and phone, from views the real engine projects.
import { createEncounter, decide, evolve, project, replay, type Audience, type Command, type EncounterState } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { turnLabel } from './units.js';

const GM = { role: 'gm' } as const;
const SPECTATOR: Audience = { role: 'spectator' };
const SEED = '00000000000000000000000000000007';

function run(state: EncounterState, ...commands: readonly Command[]): EncounterState {
  return commands.reduce((s, command) => {
    const d = decide(s, command, GM);
    if (!d.ok) throw new Error(`${command.type}: ${d.violation.message}`);
    return d.events.reduce(evolve, s);
  }, state);
}

const start = (system: 'uesrpg' | 'genesys', options: Record<string, unknown> = {}) =>
  replay([createEncounter({ id: 'e', name: 'Road', system, seed: SEED, seedCommitment: 'c', options })]);

describe('turnLabel', () => {
  it('[UES-35] names the group member whose own turn it is, and the group when its members share one', () => {
    const ues = (groupTurns: string) => {
      let s = start('uesrpg', { groupTurns });
      s = run(s, { type: 'add-combatant', combatant: { name: 'Bandit', side: 'enemy', stats: { initiativeRating: 8 }, count: 2 } });
      s = run(s, { type: 'begin-initiative' }, { type: 'uesrpg-set-surprise', surprised: [] }, { type: 'roll-npc-initiative' }, { type: 'start-combat' });
      return s;
    };
    const each = ues('each');
    expect(turnLabel(project(each, SPECTATOR))).toBe('Bandit 1');
    expect(turnLabel(project(run(each, { type: 'end-turn' }), SPECTATOR))).toBe('Bandit 2');
    expect(turnLabel(project(ues('together'), SPECTATOR))).toBe('Bandit');
  });

  it('[GEN-41] names the visible NPC acting in a hidden NPC’s slot, to the table and the GM alike', () => {
    let s = start('genesys');
    s = run(
      s,
      { type: 'add-combatant', combatant: { name: 'Kira', side: 'pc', stats: { willpower: 2 } } },
      { type: 'add-combatant', combatant: { name: 'Vex', side: 'enemy', stats: { willpower: 2 } } },
      { type: 'add-combatant', combatant: { name: 'Sniper', side: 'enemy', stats: { willpower: 4 }, hidden: true } },
      { type: 'begin-initiative' },
    );
    const [kira, vex, sniper] = s.combatants.map((c) => c.id);
    // The sniper's result is the best, so its slot comes first; Vex (visible) takes it.
    s = run(
      s,
      { type: 'enter-initiative', unit: { kind: 'combatant', id: sniper ?? '' }, faces: [4, 4, 4, 4] },
      { type: 'enter-initiative', unit: { kind: 'combatant', id: kira ?? '' }, faces: [1, 1] },
      { type: 'enter-initiative', unit: { kind: 'combatant', id: vex ?? '' }, faces: [1, 1] },
      { type: 'start-combat' },
    );
    s = run(s, { type: 'claim-turn', combatantIds: [vex ?? ''] });
    expect(turnLabel(project(s, GM))).toBe('Vex');
    expect(turnLabel(project(s, SPECTATOR))).toBe('Vex');
    expect(JSON.stringify(project(s, SPECTATOR))).not.toContain('Sniper');
  });
});
