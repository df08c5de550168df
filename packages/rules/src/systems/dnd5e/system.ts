// D&D 5th edition (SRD 5.1): everyone rolls d20 + Dex modifier, highest first; identical creatures
// share one roll and one turn. Rule ids refer to packages/rules/SPEC.md.
import { flagDefaults, parseFlags, type FlagDef } from '../../flags.js';
import type { InitiativeSystem } from '../../system.js';
import { dnd5eDice, scoreDnd5e } from './initiative.js';
import { buildSlots, eligibleActors, placeNewcomer } from './order.js';
import { pendingTies } from './ties.js';

// [DND-9] surpriseMode is recorded; surprise itself is not modelled yet (see SPEC.md).
const FLAGS: Readonly<Record<string, FlagDef>> = {
  surpriseMode: { kind: 'choice', values: ['srd51', 'srd52'], default: 'srd51' },
};

export const dnd5e: InitiativeSystem = {
  id: 'dnd5e',
  label: 'D&D 5th edition (SRD 5.1)',
  shortLabel: 'D&D 5e',
  defaultOptions: flagDefaults(FLAGS),
  statDefs: [
    { key: 'dex', label: 'Dexterity', min: 1, max: 30, default: 10 },
    { key: 'initBonus', label: 'Initiative bonus', min: -20, max: 20, default: 0 },
  ],
  parseOptions: (raw) => parseFlags(FLAGS, raw),
  initialExt: () => ({ system: 'dnd5e' }),
  // [DND-12] "for 1 minute" / "until the start of your next turn": durations end when a turn starts.
  conditionExpiry: 'turn-start',
  initiativeDice: (_state, _unit, mode) => dnd5eDice(mode),
  scoreInitiative: (_state, unit, faces, mode) => scoreDnd5e(unit.members, faces, mode),
  pendingTies,
  buildSlots,
  eligibleActors,
  placeNewcomer,
};
