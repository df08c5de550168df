import type { EncounterView, PhysicalDice } from '@roundkeeper/rules';
import { basicsOf } from '../systems/basics.js';
import type { PhysicalDie } from '../systems/types.js';

/**
 * The rules' option key and default (packages/rules/src/options.ts), repeated as literals: importing
 * them would pull the rules' code into the player bundle, which needs nothing else from it.
 */
const PHYSICAL_DICE_OPTION = 'physicalDice';
const DEFAULT_PHYSICAL_DICE: PhysicalDice = 'everyone';

/** Who may enter faces read from real dice in this encounter. */
export function physicalDiceOf(view: EncounterView): PhysicalDice {
  const value = view.options[PHYSICAL_DICE_OPTION];
  return value === 'off' || value === 'gm' || value === 'everyone' ? value : DEFAULT_PHYSICAL_DICE;
}

/** The real dice one initiative roll of this encounter's system takes, one entry per die; empty: not offered. */
export function initiativeDice(view: EncounterView): readonly number[] {
  const dice: readonly PhysicalDie[] = basicsOf(view.system).physicalDice ?? [];
  return dice.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
}
