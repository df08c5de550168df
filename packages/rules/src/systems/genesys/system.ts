// FFG Narrative Dice System (Star Wars: Edge of the Empire p.198; Genesys uses the same): everyone makes
// a Simple Cool or Vigilance check with narrative dice; the ranked results become PC slots and NPC slots,
// reused every round, each filled by a PC / NPC that has not acted yet. Rule ids: packages/rules/spec/genesys.md.
import { parseFlags } from '../../core/flags.js';
import type { InitiativeSystem } from '../../core/system.js';
import { allUnits } from '../../core/units.js';
import { decideGenesys } from './decide.js';
import { healthState } from './health.js';
import { checkHealingAfterEnd } from './strain.js';
import { evolveGenesys } from './evolve.js';
import { genesysExt, initialGenesysExt } from './state.js';
import { declaredCheck, initiativeDice, scoreInitiative } from './initiative.js';
import { genesysMeta } from './meta.js';
import { flagsOf } from './options.js';
import { projectGenesys, slotShown } from './project.js';
import { pendingTies, rankResults } from './ranking.js';
import { buildSlots, canFill, eligibleActors, placeNewcomer } from './slots.js';
import { onRoundEnd, onRoundStart } from './turns.js';

export const genesys: InitiativeSystem = {
  ...genesysMeta,
  parseOptions: (raw) => parseFlags(genesysMeta.flags, raw),
  initialExt: initialGenesysExt,
  // [GEN-23] The text speaks of effects lasting "until the end of the round".
  conditionExpiry: 'round-end',
  // [GEN-12] [GEN-13] [GEN-34] The declared check's pool; advantage adds a Boost die, disadvantage a Setback die.
  initiativeDice: (state, unit, mode) => {
    const check = declaredCheck(genesysExt(state), unit.ref);
    return initiativeDice(unit.members, {
      ...check,
      boost: check.boost + (mode === 'advantage' ? 1 : 0),
      setback: check.setback + (mode === 'disadvantage' ? 1 : 0),
    });
  },
  scoreInitiative: (state, _unit, faces, mode) => ({ ...scoreInitiative(faces, flagsOf(state)), mode }),
  pendingTies,
  buildSlots: (state, nextId) => buildSlots(rankResults(allUnits(state), flagsOf(state)), nextId),
  eligibleActors,
  canFill,
  placeNewcomer: (state, ref, slotId) => {
    const placed = placeNewcomer(state, genesysExt(state).slotKeys, ref, slotId, flagsOf(state));
    return placed && { slot: placed.slot, index: placed.index };
  },
  // [GEN-36] A slot made by a hidden unit's result is not shown to players and spectators.
  slotVisible: (state, slot, canSee) => slotShown(state, slot.id, canSee),
  onRoundStart,
  onRoundEnd,
  decide: (state, command, actor) => decideGenesys(genesys, state, command, actor),
  evolve: evolveGenesys,
  projectExt: projectGenesys,
  healthState,
  checkHealth: (state, command) => checkHealingAfterEnd(state, command),
  serverDice: (event) => (event.type === 'genesys-strain-recovered' && event.source === 'server' ? { dice: event.dice, rng: event.rng } : undefined),
};
