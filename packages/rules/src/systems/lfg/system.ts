// Low Fantasy Gaming: one PC rolls d20 under their Initiative score for the whole party each round;
// success puts the party after Bosses and Heavies but before other enemies, a Great Success before
// everyone, a failure after everyone; the roller rotates clockwise; morale is checked at round end.
// Rule ids refer to packages/rules/spec/lfg.md.
import { parseFlags } from '../../core/flags.js';
import type { CombatantId, EncounterState, TurnSlot } from '../../core/model.js';
import { openCandidates } from '../../core/open-slots.js';
import type { InitiativeSystem } from '../../core/system.js';
import { checkDice, scoreInitiative } from './check.js';
import { decideLfg } from './decide.js';
import { evolveLfg } from './evolve.js';
import { greatSuccessRule, hasLeft, membersOf, stat } from './lookup.js';
import { rollDueMorale, suggestMorale } from './morale-flow.js';
import { onRoundStart } from './rounds.js';
import { initialLfgExt } from './state.js';
import { LFG_STATS } from './stats.js';
import { lfgMeta } from './meta.js';
import { delayTurn, lapseReadied, releaseIfLast } from './turn-flow.js';
import { projectLfg } from './project.js';

/**
 * [LFG-12] [LFG-13] [LFG-23] [LFG-27] Who acts in a slot: its members still standing, still on the
 * battlefield (not broken, not fled) and not acted this round (a delayed PC acts once, wherever).
 */
function eligibleActors(state: EncounterState, slot: TurnSlot): readonly CombatantId[] {
  if (slot.filler.kind === 'open') return openCandidates(state, slot.filler.side).filter((id) => !hasLeft(state, id));
  return membersOf(state, slot.filler.unit)
    .filter((m) => !m.defeated && !hasLeft(state, m.id) && !state.acted.includes(m.id))
    .map((m) => m.id);
}

export const lfg: InitiativeSystem = {
  ...lfgMeta,
  parseOptions: (raw) => parseFlags(lfgMeta.flags, raw),
  initialExt: initialLfgExt,
  // "Until their next turn" (Charge): durations end when the creator's turn starts.
  conditionExpiry: 'turn-start',
  initiativeDice: (_state, _unit, mode) => [checkDice(mode)],
  scoreInitiative: (state, unit, faces, mode) =>
    scoreInitiative(
      faces.map((d) => d.face),
      { score: stat(unit.members[0], LFG_STATS.initiative), mode, greatSuccess: greatSuccessRule(state) },
    ),
  // [LFG-6] Monsters never roll, so nothing ever ties.
  pendingTies: () => [],
  // [LFG-7] The order is built at each round's start (onRoundStart), never once for the combat.
  buildSlots: () => [],
  eligibleActors,
  delayTurn: (state, actor, targetSlotId) => delayTurn(lfg, state, actor, targetSlotId),
  onRoundStart,
  onTurnStart: lapseReadied,
  onTurnEnd: (state, turn) => releaseIfLast(lfg, state, turn),
  onRoundEnd: rollDueMorale,
  // [LFG-20] [ENG-30] A leader or half a kind down, by 'set-defeated' or by damage: a check is suggested.
  onDefeated: suggestMorale,
  decide: (state, command, actor) => decideLfg(lfg, state, command, actor),
  evolve: evolveLfg,
  projectExt: projectLfg,
  serverDice: (event) => {
    switch (event.type) {
      case 'lfg-party-rolled':
        return event.roll.source === 'server' ? { dice: event.roll.dice, rng: event.rng } : undefined;
      case 'lfg-morale-rolled':
      case 'lfg-rally-rolled':
      case 'lfg-intercepted':
      case 'lfg-retreat-rolled':
      case 'lfg-ready-resolved':
      case 'lfg-finish-rolled':
        return event.source === 'server' ? { dice: event.dice, rng: event.rng } : undefined;
      default:
        return undefined;
    }
  },
};
