// [ENG-9] The turn machinery: starting and ending turns and rounds. At each moment it appends the
// conditions that end then ([ENG-16]) and the events of the system's phase hooks ([ENG-13]), in
// this order: turn-ended → expiries → onTurnEnd; round-ended → expiries → onRoundEnd;
// round-started → refills ([ENG-36]) → onRoundStart → the first turn; turn-started/claimed → refills →
// expiries → onTurnStart.
import type { CurrentTurn, EncounterState, TurnSlot } from '../model.js';
import type { InitiativeSystem } from '../system.js';
import { append, type DecideContext, type Draft } from './context.js';
import { expiring } from './expiry.js';
import { refills } from './resources.js';

/** The first slot at or after `from` with someone eligible (for an open slot: someone who could claim it). */
export function firstEligible(system: InitiativeSystem, state: EncounterState, from: number): TurnSlot | undefined {
  return state.slots.slice(Math.max(from, 0)).find((slot) => system.eligibleActors(state, slot).length > 0);
}

/** Whether anybody could act in a fresh round (nobody has acted yet). */
export const anyoneCanAct = (system: InitiativeSystem, state: EncounterState): boolean =>
  firstEligible(system, { ...state, acted: [] }, 0) !== undefined;

/** The turn's actors are known: what ends at its start, then the system's hook. */
export function turnStartEffects(ctx: DecideContext, d: Draft, turn: CurrentTurn): Draft {
  const refilled = append(d, ...refills(d.state, 'turn', turn.actorIds));
  const next = append(refilled, ...expiring(refilled.state, { at: 'turn-start', actorIds: turn.actorIds }));
  return append(next, ...(ctx.system.onTurnStart?.(next.state, turn) ?? []));
}

/** A fixed slot starts with its actors; an open slot starts empty and waits for 'claim-turn'. */
export function beginTurn(ctx: DecideContext, d: Draft, slot: TurnSlot): Draft {
  if (slot.filler.kind === 'open') {
    const started = append(d, { type: 'turn-started', slotId: slot.id, actorIds: [] });
    const decision = { id: `fill-${slot.id}`, kind: 'fill-slot', blocking: true, slotId: slot.id, side: slot.filler.side } as const;
    return append(started, { type: 'decision-opened', decision });
  }
  const turn: CurrentTurn = { slotId: slot.id, actorIds: ctx.system.eligibleActors(d.state, slot) };
  return turnStartEffects(ctx, append(d, { type: 'turn-started', ...turn }), turn);
}

export function startRound(ctx: DecideContext, d: Draft, round: number): Draft {
  const started = append(append(d, { type: 'round-started', round }), ...refills(d.state, 'round'));
  const hooked = append(started, ...(ctx.system.onRoundStart?.(started.state) ?? []));
  const first = firstEligible(ctx.system, hooked.state, 0);
  return first ? beginTurn(ctx, hooked, first) : hooked;
}

function endCurrentTurn(ctx: DecideContext, d: Draft, turn: CurrentTurn): Draft {
  const open = d.state.pending.filter((p) => p.kind === 'fill-slot' && p.slotId === turn.slotId);
  let next = append(d, ...open.map((p) => ({ type: 'decision-closed', decisionId: p.id }) as const));
  next = append(next, { type: 'turn-ended', slotId: turn.slotId });
  next = append(next, ...expiring(next.state, { at: 'turn-end', actorIds: turn.actorIds }));
  return append(next, ...(ctx.system.onTurnEnd?.(next.state, turn) ?? []));
}

function endRound(ctx: DecideContext, d: Draft): Draft {
  let next = append(d, { type: 'round-ended', round: d.state.round });
  next = append(next, ...expiring(next.state, { at: 'round-end' }));
  return append(next, ...(ctx.system.onRoundEnd?.(next.state) ?? []));
}

/**
 * [ENG-9] Going on without a current turn (everyone able to act had gone down, and someone is back):
 * the first slot with someone who has not acted this round. A fixed order's slot does not count its
 * actors' turns, so without this a revived combatant would act twice in the round.
 */
const firstNotActed = (system: InitiativeSystem, state: EncounterState): TurnSlot | undefined =>
  state.slots.find((slot) => system.eligibleActors(state, slot).some((id) => !state.acted.includes(id)));

/**
 * Ends the current turn (if any) and starts the next one with someone eligible; past the last slot,
 * ends the round and starts the next. When nobody at all can act, the turn just ends.
 */
export function advance(ctx: DecideContext, d: Draft): Draft {
  const turn = d.state.turn;
  const current = turn ? d.state.slots.findIndex((s) => s.id === turn.slotId) : -1;
  const ended = turn ? endCurrentTurn(ctx, d, turn) : d;
  const same = turn ? ended.state.slots[current] : undefined;
  if (same && ctx.system.repeatsSlot?.(ended.state, same) && ctx.system.eligibleActors(ended.state, same).length > 0) {
    return beginTurn(ctx, ended, same);
  }
  const later = turn ? firstEligible(ctx.system, ended.state, current + 1) : firstNotActed(ctx.system, ended.state);
  if (later) return beginTurn(ctx, ended, later);
  if (!anyoneCanAct(ctx.system, ended.state)) return ended;
  return startRound(ctx, endRound(ctx, ended), ended.state.round + 1);
}
