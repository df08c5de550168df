import type { SystemBasics } from '../types.js';

export const dnd5eBasics: SystemBasics = {
  id: 'dnd5e',
  physicalDice: [{ sides: 20, count: 1 }],
  // [DND-2] Advantage and disadvantage: two d20s.
  rollModes: true,
  supportsDelay: false,
  pasteAliases: { init: 'initBonus' },
};
