import { describe, expect, it } from 'vitest';
import { MAX_GROUP_SIZE, type Creature } from '@roundkeeper/protocol';
import { asAddCombatants } from './creature-groups.js';

const goblin: Creature = { name: 'Goblin', side: 'enemy', stats: { dex: 14, initBonus: 0 }, health: { max: 7 } };

describe('imported creatures as add-combatant commands', () => {
  it('groups identical monsters with a count in the order first met; PCs and differing monsters stay apart', () => {
    const aria: Creature = { name: 'Aria', side: 'pc', stats: { dex: 17 } };
    const tough = { ...goblin, health: { max: 12 } };
    expect(asAddCombatants([goblin, aria, { ...goblin, stats: { initBonus: 0, dex: 14 } }, tough, goblin, aria])).toEqual([
      { ...goblin, count: 3 },
      aria,
      tough,
      aria,
    ]);
  });

  it(`starts a new group past ${MAX_GROUP_SIZE}`, () => {
    const many = asAddCombatants(Array.from({ length: MAX_GROUP_SIZE + 2 }, () => goblin));
    expect(many.map((c) => c.count)).toEqual([MAX_GROUP_SIZE, 2]);
  });
});
