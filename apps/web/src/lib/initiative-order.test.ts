import type { InitiativeRoll } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { byTotalSoFar } from './initiative-order.js';
import type { Unit } from './units.js';

const roll = (total: number): InitiativeRoll => ({ dice: [{ sides: 20, face: total }], kept: total, modifier: 0, total, mode: 'normal', source: 'server' });
const unit = (label: string, total: number | null): Unit => ({
  ref: { kind: 'combatant', id: label },
  key: `combatant:${label}`,
  label,
  side: 'pc',
  initiative: total === null ? null : roll(total),
  members: [],
  hidden: false,
  mine: false,
});
const labels = (units: readonly Unit[]) => units.map((u) => u.label);

describe('the initiative panel as rolls come in', () => {
  it('puts the highest total first and those still to roll last, in the order added', () => {
    expect(labels(byTotalSoFar([unit('Aria', null), unit('Borin', 12), unit('Goblin', 17), unit('Ogre', null)]))).toEqual(['Goblin', 'Borin', 'Aria', 'Ogre']);
  });

  it('keeps equal totals in the order added, whoever rolls next (no row jumps past its equal)', () => {
    const added = ['A', 'B', 'C', 'D', 'E'];
    const totals: Record<string, number> = { A: 10, B: 14, C: 10, D: 14, E: 10 };
    let previous: string[] = [];
    // Roll them one by one, in two orders of arrival.
    for (const arrival of [['C', 'A', 'E', 'B', 'D'], ['E', 'D', 'A', 'C', 'B']]) {
      const rolled = new Set<string>();
      for (const name of arrival) {
        rolled.add(name);
        const order = labels(byTotalSoFar(added.map((n) => unit(n, rolled.has(n) ? (totals[n] ?? 0) : null))));
        // Among rolled units with one total, the order is always the order added.
        for (const total of [10, 14]) {
          const same = order.filter((n) => rolled.has(n) && totals[n] === total);
          expect(same).toEqual(added.filter((n) => same.includes(n)));
        }
        previous = order;
      }
    }
    expect(previous).toEqual(['B', 'D', 'A', 'C', 'E']);
  });
});
