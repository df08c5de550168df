// What the pages need to know of an encounter's system, read from its web module (registry.ts): its
// profile (basics), its rolls in words, and the real dice one initiative roll takes.
import type { EncounterView, InitiativeRoll, SystemId } from '@roundkeeper/rules';
import { describeRoll } from '../lib/units.js';
import { webSystemOf } from './registry.js';
import type { PhysicalDie, SystemBasics } from './types.js';

/** A system the pages have no module for yet: one d20, no delay, no extra words. */
const generic = (id: SystemId): SystemBasics => ({ id, physicalDice: [{ sides: 20, count: 1 }], supportsDelay: false, pasteAliases: {} });

export const basicsOf = (id: SystemId): SystemBasics => webSystemOf(id)?.basics ?? generic(id);

/** A roll in words: the system's own where it has symbol dice (genesys), else "d20 14 + 2 = 16" (lib/units.ts). */
export function describeSystemRoll(roll: InitiativeRoll, system: SystemId | undefined): string {
  const own = system ? basicsOf(system).describeRoll : undefined;
  return own ? own(roll) : describeRoll(roll);
}

/** The real dice one initiative roll of this encounter's system takes, one entry per die; empty: not offered. */
export function initiativeDice(view: EncounterView): readonly number[] {
  const dice: readonly PhysicalDie[] = basicsOf(view.system).physicalDice ?? [];
  return dice.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
}

/** Whether this system's pages offer advantage and disadvantage with real dice (dnd5e, lfg). */
export const offersRollMode = (system: SystemId): boolean => basicsOf(system).rollModes === true;
