// [DND-5] [DND-6] The order: highest total first, resolved ties by tieBreak; one slot per unit
// (a group is one unit), made once when combat starts and kept for every round.
// [DND-7] A defeated or removed combatant has no turn; a group acts with its members still standing.
// [DND-11] A newcomer goes before the first slot with a lower total, so after every unit it ties
// with, provisionally: equal totals are people's choice (DND-8), asked through the engine (ENG-23).
import { fixedOrder } from '../../core/fixed-order.js';
import type { InitiativeRoll } from '../../core/model.js';

/** Negative when roll `a` acts before `b`: the higher total; equal totals are left to people. */
export const compareTotals = (a: InitiativeRoll, b: InitiativeRoll): number => b.total - a.total;

export const { buildSlots, eligibleActors, placeNewcomer } = fixedOrder(compareTotals);
