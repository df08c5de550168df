// [LFG-5] [LFG-6] [LFG-7] [LFG-8] [LFG-9] [LFG-11] Each round: the roller moves clockwise, the party's
// Initiative check is rolled (by the roller's player or the GM, or entered from a real die), and the
// round's order is built from its outcome. Combat starts without any enemy roll.
import type { Actor } from '../../core/commands.js';
import { accept, append, draft, refuse, requireCommandPhase, visibleName, type DecideContext, type Draft } from '../../core/decide/context.js';
import { beginTurn, firstEligible, startRound } from '../../core/decide/flow.js';
import type { EncounterEvent } from '../../core/events.js';
import { applyLfg } from './evolve.js';
import { LFG_VIOLATIONS } from './violations.js';
import type { CheckOutcome, CombatantId, EncounterState, RollMode, TurnSlot, UnitRef } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { scoreInitiative } from './check.js';
import { diceFor, drawD20s, isViolation } from './draws.js';
import { canRoll, greatSuccessRule, orderInput, rollCandidates, seatingOf, stat } from './lookup.js';
import { lfgExt } from './state.js';
import { buildRoundSlots } from './order.js';
import { firstRollerOfCombat, nextClockwise } from './roller.js';
import { LFG_STATS } from './stats.js';
import { surpriseRoundSlots } from './surprise.js';
import { mintId } from '../../core/ids.js';

/** Slot ids from the encounter's counter, so replay gives the same ids. */
const idsFrom = (state: EncounterState): (() => string) => {
  let n = state.nextId;
  return () => mintId(state, 's', n++);
};

/** [LFG-11] [LFG-12] [LFG-13] The round's slots for the party's outcome, the party led by `roller`. */
export function roundSlots(state: EncounterState, outcome: CheckOutcome, roller: CombatantId | null): readonly TurnSlot[] {
  const input = orderInput(state);
  return buildRoundSlots({ ...input, outcome, roller: roller ?? input.seating[0] ?? '' }, idsFrom(state));
}

/** [LFG-9] The first roller of the combat the options name: the next seat after the previous combat's first roller. */
export function rotatedFirstRoller(state: EncounterState): CombatantId | null {
  const seating = seatingOf(state);
  const seat = Number(state.options['previousFirstSeat'] ?? 0);
  const previous = seat >= 1 ? (seating[seat - 1] ?? null) : null;
  return firstRollerOfCombat(seating, previous, state.options['rotateFirstRoller'] === true, (id) => canRoll(state, id));
}

/** [LFG-8] [LFG-9] Who makes the next check: the GM's nominee, else clockwise after the last roller, else the first roller. */
export function nextRoller(state: EncounterState): CombatantId | null {
  const ext = lfgExt(state);
  if (ext.nominated !== null && canRoll(state, ext.nominated)) return ext.nominated;
  const able = (id: CombatantId): boolean => canRoll(state, id);
  if (ext.lastRoller !== null) return nextClockwise(seatingOf(state), ext.lastRoller, able);
  const first = ext.firstRoller ?? rotatedFirstRoller(state);
  if (first === null) return null;
  return able(first) ? first : nextClockwise(seatingOf(state), first, able);
}

/** The party's check as an event, with the round's order built from it once combat is under way. */
function partyRolled(
  state: EncounterState,
  actor: Actor,
  rollerId: CombatantId,
  mode: RollMode,
  entered: readonly number[] | undefined,
): EncounterEvent | Decision {
  const roller = findCombatant(state, rollerId);
  const drawn = drawD20s(state, actor, diceFor(mode), entered);
  if (isViolation(drawn)) return { ok: false, violation: drawn };
  const input = { score: stat(roller, LFG_STATS.initiative), mode, greatSuccess: greatSuccessRule(state) };
  const roll = { ...scoreInitiative(drawn.dice.map((d) => d.face), input), source: drawn.source };
  const active = state.phase === 'active';
  const slots = active ? roundSlots(state, roll.outcome ?? 'failure', rollerId) : [];
  return { type: 'lfg-party-rolled', round: active ? state.round : 1, rollerId, roll, rng: drawn.rng, slots };
}

/** [LFG-5] [LFG-7] onRoundStart: the round's roller and, where no check is needed or it is already rolled, its order. */
export function onRoundStart(state: EncounterState): readonly EncounterEvent[] {
  const ext = lfgExt(state);
  const round = state.round;
  const prepared = (rollerId: CombatantId | null, awaitingCheck: boolean, slots: readonly TurnSlot[]): EncounterEvent => ({
    type: 'lfg-round-prepared',
    round,
    rollerId,
    awaitingCheck,
    slots,
  });
  if (round === 1 && ext.surprise !== null) {
    const first = nextRoller(state);
    return [prepared(first, false, surpriseRoundSlots(ext.surprise, { firstRoller: first, ...orderInput(state) }, idsFrom(state)))];
  }
  if (ext.check !== null && ext.check.round === round) {
    return [prepared(ext.check.rollerId, false, roundSlots(state, ext.check.roll.outcome ?? 'failure', ext.check.rollerId))];
  }
  // Decision: with nobody in the party able to roll, there is no check and the enemies go first.
  if (rollCandidates(state).length === 0) return [prepared(null, false, roundSlots(state, 'failure', null))];
  const roller = nextRoller(state);
  const waiting = prepared(roller, true, []);
  if (roller === null || state.options['autoRoll'] !== true) return [waiting];
  // Option autoRoll: the server rolls for the roller at once (the dice are in the event).
  const rolled = partyRolled(applyLfg(state, waiting), { role: 'gm' }, roller, 'normal', undefined);
  return 'type' in rolled ? [waiting, rolled] : [waiting];
}

/** The first turn of a round whose order has just been built. */
function firstTurn(ctx: DecideContext, d: Draft): Draft {
  const first = firstEligible(ctx.system, d.state, 0);
  return first ? beginTurn(ctx, d, first) : d;
}

/** [LFG-7] Combat starts: no enemy rolls, no ties; round 1 begins (its check may already be rolled). */
export function startCombat(ctx: DecideContext): Decision {
  const wrong = requireCommandPhase(ctx, 'start-combat', 'start combat');
  if (wrong) return wrong;
  if (!ctx.state.combatants.some((c) => !c.defeated)) {
    return refuse('no-combatants', 'Nobody is left to fight: add combatants first.');
  }
  return accept(startRound(ctx, append(draft(ctx), { type: 'combat-started', slots: [] }), 1).events);
}

/** [LFG-6] [LFG-7] [ENG-21] 'roll-initiative' / 'enter-initiative': the party's check, by the roller (or a chosen PC). */
export function rollPartyCheck(ctx: DecideContext, ref: UnitRef, mode: RollMode, entered: readonly number[] | undefined): Decision {
  const { state, actor } = ctx;
  const wrong = requireCommandPhase(ctx, entered ? 'enter-initiative' : 'roll-initiative', 'roll initiative');
  if (wrong) return wrong;
  const monsters = 'In Low Fantasy Gaming one PC rolls for the whole party; monsters never roll (the GM orders them).';
  if (ref.kind !== 'combatant') return refuse('invalid-command', monsters);
  const pc = findCombatant(state, ref.id);
  if (!pc) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (pc.side !== 'pc') return refuse('invalid-command', monsters);
  if (actor.role === 'player' && !actor.combatantIds.includes(pc.id)) {
    return refuse('not-your-combatant', 'You can only roll with your own character.');
  }
  const ext = lfgExt(state);
  if (state.phase === 'initiative') {
    if (ext.surprise !== null) {
      return refuse('lfg-no-check-due', 'Round 1 is a surprise round without an Initiative check: the first check is at the start of round 2.');
    }
    if (ext.check !== null) return refuse('already-rolled', "The party's Initiative check for round 1 is already rolled.");
  } else if (!ext.awaitingCheck) {
    return refuse('lfg-no-check-due', `The party's Initiative check for round ${state.round} is already made (or this round has none).`);
  }
  if (!canRoll(state, pc.id)) return refuse('not-eligible', `${pc.name} is down or gone and cannot roll for the party.`);
  const current = state.phase === 'active' ? ext.roller : nextRoller(state);
  let d = draft(ctx);
  if (current !== pc.id) {
    if (actor.role === 'player' && current !== null && canRoll(state, current)) {
      const name = visibleName(state, actor, current);
      return refuse('lfg-not-the-roller', name ? `${name} rolls for the party this round.` : LFG_VIOLATIONS['lfg-not-the-roller']);
    }
    d = append(d, { type: 'lfg-roller-set', rollerId: pc.id, scope: state.phase === 'active' ? 'current' : 'next' });
  }
  const rolled = partyRolled(d.state, actor, pc.id, mode, entered);
  if (!('type' in rolled)) return rolled;
  d = append(d, rolled);
  return accept((state.phase === 'active' ? firstTurn(ctx, d) : d).events);
}

/**
 * Decision: a round waiting for a check that nobody in the party can make any more (the roller and
 * everyone else went down) is ordered as a failure; 'end-turn' moves it on.
 */
export function orderWithoutCheck(ctx: DecideContext): Decision | undefined {
  const { state } = ctx;
  if (state.phase !== 'active' || !lfgExt(state).awaitingCheck || rollCandidates(state).length > 0) return undefined;
  const d = append(draft(ctx), {
    type: 'lfg-round-prepared',
    round: state.round,
    rollerId: null,
    awaitingCheck: false,
    slots: roundSlots(state, 'failure', null),
  });
  return accept(firstTurn(ctx, d).events);
}
