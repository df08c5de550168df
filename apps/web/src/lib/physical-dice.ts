import type { EncounterView, PhysicalDice } from '@roundkeeper/rules';

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

/** D&D 5e initiative is one d20. The other systems will say their own dice (see docs/clients.md). */
export const INITIATIVE_DIE_SIDES = 20;
