// UESRPG 3e: 1d6 + Initiative Rating, highest first, rolled once per combat; ties by rating, then
// Luck bonus (PCs beat NPCs), then contested Luck or the GM. Surprise, Action Points refilled per
// round (or per turn), reactions, extended actions. Rule ids refer to packages/rules/spec/uesrpg.md.
import { parseFlags } from '../../core/flags.js';
import type { InitiativeSystem } from '../../core/system.js';
import { decideUesrpg } from './decide.js';
import { evolveUesrpg, isUesrpgEvent } from './evolve.js';
import { onRoundEnd, onRoundStart, onTurnEnd, onTurnStart } from './hooks.js';
import { initiativeDice, scoreInitiative, unitRatings } from './initiative.js';
import { uesrpgMeta } from './meta.js';
import { buildSlots, eligibleActors, placeNewcomer, repeatsSlot } from './order.js';
import { projectExt } from './project.js';
import { serverDice } from './roll-off.js';
import { initialExt } from './state.js';
import { isUnitSurprised } from './surprise.js';
import { pendingTies } from './ties.js';

export const uesrpg: InitiativeSystem = {
  ...uesrpgMeta,
  parseOptions: (raw) => parseFlags(uesrpgMeta.flags, raw),
  initialExt,
  // [UES-20] "until the end of the round": durations end when a round ends.
  conditionExpiry: 'round-end',
  initiativeDice: (state, unit) => initiativeDice(isUnitSurprised(state, unit)),
  scoreInitiative: (state, unit, faces) => scoreInitiative(faces, unitRatings(unit.side, unit.members), isUnitSurprised(state, unit)),
  pendingTies,
  buildSlots,
  eligibleActors,
  repeatsSlot,
  placeNewcomer,
  onRoundStart,
  onTurnStart,
  onTurnEnd,
  onRoundEnd,
  decide: decideUesrpg,
  evolve: evolveUesrpg,
  projectExt,
  serverDice: (event) => (isUesrpgEvent(event) ? serverDice(event) : undefined),
};
