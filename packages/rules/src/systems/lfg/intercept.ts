// [LFG-34] Intercept: a character not surprised, not in melee and not yet moved this turn may move
// into melee with an enemy moving within Close range (the GM's call: range and melee are not modelled).
// An Initiative check (a Dex check for monsters), at disadvantage before the character's first turn
// in this combat; the intercept uses the character's move for the round either way.
import { accept, refuse, requireCommandPhase, type DecideContext } from '../../core/decide/context.js';
import type { CombatantId, EncounterState, RollMode } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { diceFor, drawD20s, isViolation, scoreChecks } from './draws.js';
import { economyOn } from './economy.js';
import { greatSuccessRule, inFight, stat } from './lookup.js';
import { roundHasInitiativeCheck } from './surprise.js';
import { lfgExt } from './state.js';
import { LFG_STATS } from './stats.js';
import type { InterceptOutcome } from './state.js';
import { isSuccess } from './check.js';

/** [LFG-34] Whether `id` moved this round: on its own turn ('lfg-spend') or by an intercept. */
export const movedThisRound = (state: EncounterState, id: CombatantId, onlyIntercepts = false): boolean =>
  lfgExt(state).moves.some((m) => m.combatantId === id && m.round === state.round && (!onlyIntercepts || m.intercept));

/** [LFG-34] PCs check Initiative; everyone else (monsters, and allies written up like them) checks Dex. */
export function interceptStat(state: EncounterState, id: CombatantId): 'initiative' | 'dex' {
  return findCombatant(state, id)?.side === 'pc' ? LFG_STATS.initiative : LFG_STATS.dex;
}

/** [LFG-5] [LFG-34] Surprised: on the side without the free round, while the free round (round 1) lasts. */
export function isSurprised(state: EncounterState, id: CombatantId): boolean {
  const side = lfgExt(state).surprise;
  if (side === null || roundHasInitiativeCheck(state.round, side)) return false;
  const enemy = findCombatant(state, id)?.side === 'enemy';
  return side === 'party' ? enemy : !enemy;
}

/**
 * [LFG-34] Before its first turn in this combat: it has not acted this round, and this round is the
 * first in which its side acts (round 1, or round 2 for the side a surprise left out of round 1).
 */
export function beforeFirstTurn(state: EncounterState, id: CombatantId): boolean {
  if (state.acted.includes(id)) return false;
  const side = lfgExt(state).surprise;
  const enemy = findCombatant(state, id)?.side === 'enemy';
  const leftOut = side !== null && (side === 'party' ? enemy : !enemy);
  return state.round <= (leftOut ? 2 : 1);
}

export interface Intercept {
  readonly combatantId: CombatantId;
  readonly faces?: readonly number[];
}

/** [LFG-34] 'lfg-intercept' (GM). */
export function intercept(ctx: DecideContext, command: Intercept): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, 'lfg-intercept', 'intercept');
  if (wrong) return wrong;
  const { combatantId } = command;
  const who = findCombatant(state, combatantId);
  if (!who) return refuse('unknown-combatant', 'There is no such combatant.');
  if (!inFight(state, combatantId)) return refuse('lfg-cannot-intercept', 'Only a combatant still standing in the fight can intercept.');
  if (isSurprised(state, combatantId)) return refuse('lfg-cannot-intercept', 'A surprised character cannot intercept.');
  if (state.turn?.actorIds.includes(combatantId)) {
    return refuse('lfg-cannot-intercept', 'It is that combatant\'s own turn: it moves with its move, not an intercept.');
  }
  if (economyOn(state) && movedThisRound(state, combatantId)) {
    return refuse('lfg-nothing-left', 'That character has already moved this turn.');
  }
  const mode: RollMode = beforeFirstTurn(state, combatantId) ? 'disadvantage' : 'normal';
  const statKey = interceptStat(state, combatantId);
  const input = { score: stat(who, statKey), mode, greatSuccess: greatSuccessRule(state) };
  const drawn = drawD20s(state, actor, diceFor(mode), command.faces);
  if (isViolation(drawn)) return { ok: false, violation: drawn };
  const [check] = scoreChecks(drawn.dice, [input]);
  if (!check) return refuse('invalid-dice', 'No die was read.');
  const outcome: InterceptOutcome = { combatantId, round: state.round, stat: statKey, check, intercepted: isSuccess(check.outcome) };
  return accept([{ type: 'lfg-intercepted', outcome, ...drawn }]);
}
