// DC20 health through the whole engine: Bloodied, Well-Bloodied, Death's Door, empty enemy turns.
import { describe, expect, it } from 'vitest';
import { project, type Command } from '../src/index.js';
import { GM, player, Table } from './dc20-harness.js';

const damage = (combatantId: string, amount: number): Command => ({ type: 'apply-damage', targets: [{ combatantId, amount }] });
const heal = (combatantId: string, amount: number): Command => ({ type: 'apply-healing', targets: [{ combatantId, amount }] });
const stateOf = (t: Table, id: string) => project(t.state, GM).combatants.find((c) => c.id === id)?.health?.state;

/** Ayla (c1, 12 HP) and Bram (c2, 10 HP) against Gob A (c3) and Gob B (c4), 8 HP each; in combat, Ayla to claim P1. */
function fight(): Table {
  const t = new Table();
  t.add('Ayla', 'pc');
  t.add('Bram', 'pc');
  t.add('Gob A', 'enemy');
  t.add('Gob B', 'enemy');
  t.run({ type: 'set-max-health', combatantIds: ['c1'], max: 12 });
  t.run({ type: 'set-max-health', combatantIds: ['c2'], max: 10 });
  t.run({ type: 'set-max-health', combatantIds: ['c3', 'c4'], max: 8 });
  t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 12 } });
  t.run({ type: 'begin-initiative' });
  t.check('c1', 14);
  t.check('c2', 9);
  t.run({ type: 'start-combat' });
  return t;
}

describe('DC20 health', () => {
  it('[DC20-41] Bloodied at half, Well-Bloodied at a quarter; Temp HP go first and do not stack', () => {
    const t = fight();
    const states: (string | undefined)[] = [];
    for (const amount of [1, 3, 2, 3]) {
      t.run(damage('c1', amount));
      states.push(stateOf(t, 'c1'));
    }
    // 11 hurt, 8 hurt, 6 Bloodied (6 × 2 ≤ 12), 3 Well-Bloodied (3 × 4 ≤ 12).
    expect(states).toEqual(['hurt', 'hurt', 'bloodied', 'well-bloodied']);
    t.run({ type: 'set-temp-health', targets: [{ combatantId: 'c2', amount: 4 }] });
    t.run({ type: 'set-temp-health', targets: [{ combatantId: 'c2', amount: 2 }] });
    t.run(damage('c2', 5));
    expect(t.combatant('c2').health).toEqual({ kind: 'hit-points', current: 9, max: 10, temp: 0 });
  });

  it("[DC20-42] a PC at 0 or below is on Death's Door: HP below 0, still taking turns, healed up from there", () => {
    const t = fight();
    t.run(damage('c1', 15), player('c1'));
    expect(t.combatant('c1').health).toMatchObject({ current: -3 });
    expect(t.combatant('c1').defeated).toBe(false);
    expect(stateOf(t, 'c1')).toBe('deaths-door');
    t.run(damage('c1', 50));
    expect(t.combatant('c1').health).toMatchObject({ current: -12 });
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    expect(t.turn).toEqual(['c1']);
    t.run(heal('c1', 14));
    expect(t.combatant('c1').health).toMatchObject({ current: 2 });
    expect(stateOf(t, 'c1')).toBe('well-bloodied');
    // Death is the GM's call.
    t.run({ type: 'set-defeated', combatantId: 'c2', defeated: true });
    expect(t.combatant('c2').defeated).toBe(true);
  });

  it('[DC20-43] [DC20-26] an enemy at 0 is defeated: its Enemy turn stays, empty and skipped; healed, it is back', () => {
    const t = fight();
    const [p1, e1, p2, e2] = t.slotIds;
    t.run({ type: 'claim-turn', combatantIds: ['c1'] }, player('c1'));
    t.run({ type: 'dc20-assign', slotId: e1 ?? '', combatantIds: ['c3'] });
    t.run({ type: 'dc20-assign', slotId: e2 ?? '', combatantIds: ['c4'] });
    const events = t.run(damage('c3', 8));
    expect(events.map((e) => e.type)).toEqual(['damage-applied', 'defeated-set']);
    expect(stateOf(t, 'c3')).toBe('down');
    t.run({ type: 'end-turn' }, player('c1'));
    // E1 is empty now: skipped; Bram's PC turn comes, then E2 with Gob B.
    expect(t.state.turn?.slotId).toBe(p2);
    expect(t.slotIds).toHaveLength(4);
    t.run({ type: 'end-turn' }, player('c2'));
    expect([t.state.turn?.slotId, t.turn]).toEqual([e2, ['c4']]);
    t.run(heal('c3', 3));
    expect(t.combatant('c3').defeated).toBe(false);
    t.run({ type: 'end-turn' });
    expect([t.state.round, t.state.turn?.slotId]).toEqual([2, p1]);
    t.run({ type: 'end-turn' }, player('c1'));
    expect([t.state.turn?.slotId, t.turn]).toEqual([e1, ['c3']]);
  });
});
