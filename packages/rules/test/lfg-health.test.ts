// Low Fantasy Gaming health through the whole engine: incapacitated PCs and morale after damage.
import { describe, expect, it } from 'vitest';
import type { Command } from '../src/index.js';
import { GM, ogreDen, player, type Table } from './lfg-harness.js';

const damage = (...targets: [string, number][]): Command => ({
  type: 'apply-damage',
  targets: targets.map(([combatantId, amount]) => ({ combatantId, amount })),
});
const heal = (combatantId: string, amount: number): Command => ({ type: 'apply-healing', targets: [{ combatantId, amount }] });

/** ogreDen() in combat (Ana rolled 9: Ogre, Sorcerer, Ana, Bo, Cy, Torchbearer, Goblins), everyone with hit points. */
function fighting(): Table {
  const t = ogreDen();
  t.do({ type: 'set-max-health', combatantIds: ['c1', 'c2', 'c3'], max: 10 });
  t.do({ type: 'set-max-health', combatantIds: ['c5', 'c6', 'c9'], max: 5 });
  t.do({ type: 'set-max-health', combatantIds: ['c7', 'c8'], max: 20 });
  t.do({ type: 'begin-initiative' });
  t.do({ type: 'enter-initiative', unit: { kind: 'combatant', id: 'c1' }, faces: [9] }, player('c1'));
  t.do({ type: 'start-combat' });
  return t;
}

describe('Low Fantasy Gaming health', () => {
  it('[LFG-30] a PC at 0 is incapacitated: defeated, passed over in the order, back when healed', () => {
    const t = fighting();
    expect(t.order).toEqual(['c7', 'c8', 'c1', 'c2', 'c3', 'c9', 'g4']);
    const events = t.do(damage(['c2', 12]), player('c2'));
    expect(events.map((e) => e.type)).toEqual(['damage-applied', 'defeated-set']);
    expect(t.state.combatants.find((c) => c.id === 'c2')?.health).toMatchObject({ current: 0 });
    t.endTurn();
    t.endTurn();
    t.endTurn();
    // Ana's turn is over; Bo is down, so Cy acts next.
    expect(t.actors).toBe('c3');
    t.do(heal('c2', 3));
    expect(t.state.combatants.find((c) => c.id === 'c2')?.defeated).toBe(false);
    expect(t.refused({ type: 'set-temp-health', targets: [{ combatantId: 'c2', amount: 3 }] }).code).toBe('not-supported');
  });

  it('[LFG-31] [LFG-20] [ENG-30] half a kind felled by damage suggests a morale check, as set-defeated does', () => {
    const t = fighting();
    t.do(damage(['c5', 5]));
    expect(t.ext.suggestions).toEqual([expect.objectContaining({ triggers: ['half-down'], members: ['c6'] })]);
    t.do(damage(['c9', 9]));
    // The Torchbearer was the only one of its kind: nobody of it is left to check.
    expect(t.ext.suggestions).toHaveLength(1);
  });

  it('[LFG-31] an area effect felling the leader and a goblin makes one suggestion for the side', () => {
    const t = fighting();
    const events = t.do(damage(['c5', 6], ['c8', 25]));
    expect(events.map((e) => e.type)).toEqual(['damage-applied', 'defeated-set', 'defeated-set', 'lfg-morale-suggested']);
    expect(t.ext.suggestions).toEqual([expect.objectContaining({ triggers: ['leader-down', 'half-down'], members: ['c6', 'c7'] })]);
    // Undone, the defeats and the suggestion go together.
    t.do({ type: 'undo' }, GM);
    expect(t.ext.suggestions).toEqual([]);
    expect(t.state.combatants.filter((c) => c.defeated)).toEqual([]);
  });
});
