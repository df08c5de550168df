// [ENG-8] The engine keeps to its phase table: for every core command, in every phase a system's table
// leaves out, the GM's command is refused 'wrong-phase'; in every phase it lists, it is not (it may be
// refused for another reason); one the system takes in no phase is 'not-supported'. Checked for the five systems in setup and once ended (where they all
// get the same way), and in the initiative and active phases for D&D 5e and UESRPG (genesys: initiative).
import { describe, expect, it } from 'vitest';
import {
  COMMAND_PHASES,
  createEncounter,
  decide,
  getSystem,
  IMPLEMENTED_SYSTEMS,
  phasesOf,
  replay,
  type Command,
  type CoreCommandType,
  type EncounterState,
  type SystemId,
} from '../src/index.js';
import { add, COMMITMENT, fighting, GM, party, run, SEED } from './harness.js';
import { crew } from './genesys-harness.js';
import { combat, table } from './uesrpg-harness.js';

/** One command of each core type, aimed at c1 (a PC) where it names someone. */
const SAMPLES: Readonly<Record<CoreCommandType, Command>> = {
  'add-combatant': { type: 'add-combatant', combatant: { name: 'Newcomer', side: 'enemy', stats: {} } },
  'remove-combatant': { type: 'remove-combatant', combatantId: 'c1' },
  'set-hidden': { type: 'set-hidden', combatantId: 'c1', hidden: true },
  'set-note': { type: 'set-note', combatantId: 'c1', note: 'limps' },
  'set-defeated': { type: 'set-defeated', combatantId: 'c1', defeated: true },
  'set-options': { type: 'set-options', options: { partyHealthView: 'states' } },
  'begin-initiative': { type: 'begin-initiative' },
  'roll-initiative': { type: 'roll-initiative', unit: { kind: 'combatant', id: 'c1' } },
  'enter-initiative': { type: 'enter-initiative', unit: { kind: 'combatant', id: 'c1' }, faces: [10] },
  'roll-npc-initiative': { type: 'roll-npc-initiative' },
  'resolve-tie': { type: 'resolve-tie', order: [{ kind: 'combatant', id: 'c1' }] },
  'start-combat': { type: 'start-combat' },
  'claim-turn': { type: 'claim-turn', combatantIds: ['c1'] },
  'end-turn': { type: 'end-turn' },
  'delay-turn': { type: 'delay-turn' },
  'add-condition': { type: 'add-condition', combatantId: 'c1', name: 'Prone' },
  'remove-condition': { type: 'remove-condition', combatantId: 'c1', conditionId: 'k9' },
  'spend-resource': { type: 'spend-resource', combatantId: 'c1', resource: 'AP', amount: 1 },
  'set-resource': { type: 'set-resource', combatantId: 'c1', resource: 'AP', current: 1, max: 2 },
  'apply-damage': { type: 'apply-damage', targets: [{ combatantId: 'c1', amount: 1 }] },
  'apply-healing': { type: 'apply-healing', targets: [{ combatantId: 'c1', amount: 1 }] },
  'set-max-health': { type: 'set-max-health', combatantIds: ['c1'], max: 10 },
  'set-temp-health': { type: 'set-temp-health', targets: [{ combatantId: 'c1', amount: 1 }] },
  undo: { type: 'undo' },
  redo: { type: 'redo' },
  'end-encounter': { type: 'end-encounter' },
};

/** A PC with health (c1) and an enemy, in setup. */
function setUp(system: SystemId): EncounterState {
  let s = replay([createEncounter({ id: 'enc-p', name: 'Phases', system, seed: SEED, seedCommitment: COMMITMENT })]);
  s = run(s, add('Kell', 'pc', { health: { max: 12 } }));
  s = run(s, { type: 'apply-damage', targets: [{ combatantId: 'c1', amount: 13 }] });
  return run(s, add('Brute', 'enemy', {}));
}

function expectTable(system: SystemId, state: EncounterState): void {
  const rules = getSystem(system);
  if (!rules) throw new Error(`no system ${system}`);
  for (const type of Object.keys(COMMAND_PHASES) as CoreCommandType[]) {
    const d = decide(state, SAMPLES[type], GM);
    const code = d.ok ? 'accepted' : d.violation.code;
    const phases = phasesOf(rules, type);
    // A command the system does not take at all is not a matter of phase.
    if (phases.length === 0) expect(code, `${system} '${type}'`).toBe('not-supported');
    else expect(code === 'wrong-phase', `${system} '${type}' in ${state.phase}: ${code}`).toBe(!phases.includes(state.phase));
  }
}

describe('the engine keeps to its phase table', () => {
  for (const system of IMPLEMENTED_SYSTEMS) {
    it(`[ENG-8] ${system}: every core command in setup and once the encounter has ended`, () => {
      const setup = setUp(system);
      expectTable(system, setup);
      expectTable(system, run(setup, { type: 'end-encounter' }));
    });
  }

  it('[ENG-8] dnd5e and uesrpg: every core command while initiative is rolled and during combat; genesys while it is rolled', () => {
    expectTable('dnd5e', party());
    expectTable('dnd5e', fighting());
    expectTable('uesrpg', table());
    expectTable('uesrpg', combat());
    expectTable('genesys', crew());
  });
});
