import type { CombatantView, EncounterView, InitiativeRoll } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { describeChanges } from './view-log.js';

const roll = (face: number, modifier: number): InitiativeRoll => ({
  dice: [{ sides: 20, face }],
  kept: face,
  modifier,
  total: face + modifier,
  mode: 'normal',
  source: 'server',
});

const combatant = (id: string, name: string, patch: Partial<CombatantView> = {}): CombatantView => ({
  id,
  name,
  side: 'enemy',
  groupId: null,
  defeated: false,
  initiative: null,
  hidden: false,
  mine: false,
  conditions: [],
  ...patch,
});

const base: EncounterView = {
  audience: 'gm',
  id: 'e1',
  name: 'Test',
  system: 'dnd5e',
  options: {},
  phase: 'initiative',
  round: 0,
  combatants: [combatant('c1', 'Aria', { side: 'pc' }), combatant('c2', 'Ogre')],
  groups: [],
  order: [],
  turn: null,
  acted: [],
  pendingTies: [],
  pending: [],
  ext: null,
  undo: { undo: 0, redo: 0 },
  seedCommitment: 'abc',
  seed: null,
};

describe('describeChanges', () => {
  it('says nothing for the first view', () => {
    expect(describeChanges(null, base)).toEqual([]);
  });

  it('logs each initiative roll with its faces', () => {
    const next = { ...base, combatants: [combatant('c1', 'Aria', { side: 'pc', initiative: roll(14, 3) }), base.combatants[1]!] };
    expect(describeChanges(base, next)).toEqual([{ kind: 'roll', text: 'Aria rolled 17: d20 14 + 3 = 17' }]);
  });

  it('logs phase, round and turn changes', () => {
    const active: EncounterView = {
      ...base,
      phase: 'active',
      round: 1,
      order: [{ id: 's1', side: 'pc', unit: { kind: 'combatant', id: 'c1' }, label: 'Aria', total: 17 }],
      turn: { slotId: 's1', actorIds: ['c1'] },
    };
    expect(describeChanges(base, active).map((l) => l.text)).toEqual(['Combat started', 'Round 1', 'Turn: Aria']);
    expect(describeChanges(active, { ...active, round: 2 }).map((l) => l.text)).toEqual(['Round 2', 'Turn: Aria']);
  });

  it('logs roster changes, conditions and the revealed seed', () => {
    const withCondition = {
      ...base,
      combatants: [
        combatant('c1', 'Aria', { side: 'pc', defeated: true }),
        combatant('c2', 'Ogre', { conditions: [{ id: 'k1', name: 'Prone', endsAt: null, round: null }] }),
        combatant('c3', 'Imp', { hidden: true }),
      ],
      seed: 'f00d',
    };
    expect(describeChanges(base, withCondition).map((l) => l.text)).toEqual([
      'Aria defeated',
      'Added Imp (hidden)',
      'Ogre: Prone',
      'Dice seed revealed: f00d',
    ]);
    expect(describeChanges(withCondition, base).map((l) => l.text)).toContain('Ogre: Prone ended');
  });
});
