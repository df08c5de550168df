// D&D 5th edition (SRD 5.1): everyone rolls d20 + Dex modifier, highest first; identical creatures
// share one roll and one turn. Rule ids refer to packages/rules/SPEC.md.
import type { InitiativeSystem } from '../../system.js';
import { rollDnd5eInitiative } from './initiative.js';
import { buildSlots, eligibleActors, placeNewcomer } from './order.js';
import { pendingTies } from './ties.js';

export const dnd5e: InitiativeSystem = {
  id: 'dnd5e',
  label: 'D&D 5th edition (SRD 5.1)',
  // [DND-9] surpriseMode is recorded; surprise itself is not modelled yet (see SPEC.md).
  defaultOptions: { surpriseMode: 'srd51' },
  statDefs: [
    { key: 'dex', label: 'Dexterity', min: 1, max: 30, default: 10 },
    { key: 'initBonus', label: 'Initiative bonus', min: -20, max: 20, default: 0 },
  ],
  rollInitiative: (_state, _unit, members, mode, rng) => rollDnd5eInitiative(members, mode, rng),
  pendingTies,
  buildSlots,
  eligibleActors,
  placeNewcomer,
};
