// D&D 5th edition (SRD 5.1): everyone rolls d20 + Dex modifier, highest first; identical creatures
// share one roll and one turn. Rule ids refer to packages/rules/SPEC.md.
import { parseFlags } from '../../core/flags.js';
import type { InitiativeSystem } from '../../core/system.js';
import { decideDnd5e } from './decide.js';
import { afterHealth, carriedState, checkHealth, healthState, outOfFight } from './dying.js';
import { evolveDnd5e } from './evolve.js';
import { dnd5eDice, scoreDnd5e } from './initiative.js';
import { buildSlots, eligibleActors, placeNewcomer } from './order.js';
import { deathSaveDice } from './death-save-command.js';
import { rollOffDice } from './roll-off.js';
import { stealthDice } from './stealth.js';
import { initialDnd5eExt } from './state.js';
import { regainLegendary } from './legendary.js';
import { dnd5eMeta } from './meta.js';
import { rollModeFor, surpriseConditions } from './surprise.js';
import { pendingTies } from './ties.js';
import { projectDnd5e } from './project.js';

export const dnd5e: InitiativeSystem = {
  ...dnd5eMeta,
  parseOptions: (raw) => parseFlags(dnd5eMeta.flags, raw),
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
  // [DND-29] Its own turn gives a legendary creature its legendary actions back.
  onTurnStart: regainLegendary,
  decide: (state, command, actor) => decideDnd5e(dnd5e, state, command, actor),
  evolve: evolveDnd5e,
  projectExt: projectDnd5e,
  serverDice: (event) => rollOffDice(event) ?? deathSaveDice(event) ?? stealthDice(event),
  healthState,
  outOfFight,
  afterHealth,
  checkHealth,
  carriedState,
};
