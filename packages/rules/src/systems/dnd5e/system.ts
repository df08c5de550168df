// D&D 5th edition (SRD 5.1): everyone rolls d20 + Dex modifier, highest first; identical creatures
// share one roll and one turn. Rule ids refer to packages/rules/SPEC.md.
import { flagDefaults, parseFlags, type FlagDef } from '../../flags.js';
import type { InitiativeSystem } from '../../system.js';
import { decideDnd5e } from './decide.js';
import { evolveDnd5e } from './evolve.js';
import { dnd5eDice, scoreDnd5e } from './initiative.js';
import { buildSlots, eligibleActors, placeNewcomer } from './order.js';
import { rollOffDice } from './roll-off.js';
import { initialDnd5eExt } from './state.js';
import { rollModeFor, surpriseConditions, SURPRISE_MODES, SURPRISE_OPTION } from './surprise.js';
import { pendingTies } from './ties.js';
import { projectDnd5e } from './view.js';

const FLAGS: Readonly<Record<string, FlagDef>> = {
  // [DND-13] [DND-14] srd51: the lost first turn (the text); srd52: disadvantage on initiative.
  [SURPRISE_OPTION]: { kind: 'choice', values: SURPRISE_MODES, default: 'srd51' },
};

export const dnd5e: InitiativeSystem = {
  id: 'dnd5e',
  label: 'D&D 5th edition (SRD 5.1)',
  shortLabel: 'D&D 5e',
  defaultOptions: flagDefaults(FLAGS),
  flags: FLAGS,
  statDefs: [
    { key: 'dex', label: 'Dexterity', min: 1, max: 30, default: 10 },
    { key: 'initBonus', label: 'Initiative bonus', min: -20, max: 20, default: 0 },
  ],
  parseOptions: (raw) => parseFlags(FLAGS, raw),
  initialExt: initialDnd5eExt,
  // [DND-12] "for 1 minute" / "until the start of your next turn": durations end when a turn starts.
  conditionExpiry: 'turn-start',
  // [DND-2] [DND-14] The mode asked for, with srd52 surprise's disadvantage combined in.
  initiativeDice: (state, unit, mode) => dnd5eDice(rollModeFor(state, unit, mode)),
  scoreInitiative: (state, unit, faces, mode) => scoreDnd5e(unit.members, faces, rollModeFor(state, unit, mode)),
  pendingTies,
  buildSlots,
  eligibleActors,
  placeNewcomer,
  onRoundStart: surpriseConditions,
  decide: decideDnd5e,
  evolve: evolveDnd5e,
  projectExt: projectDnd5e,
  serverDice: rollOffDice,
};
