// [ENG-16] When timed conditions are made and when they end. Ending is an explicit
// 'condition-expired' event from the turn machinery, never a silent change in evolve.
import type { EncounterEvent } from '../events.js';
import type { CombatantId, ConditionEnd, ConditionExpiry, EncounterState } from '../model.js';

/** The longest duration a condition may be given, in rounds. */
export const MAX_CONDITION_ROUNDS = 1000;

/**
 * A duration of `rounds` counted from the current turn. 'turn-start' and 'turn-end' are anchored to
 * whoever takes the current turn, `rounds` rounds later; 'round-end' counts the current round as the
 * first ("until the end of the round" is 1). Without a current turn (setup, initiative, an open slot
 * not yet claimed) there is nobody to anchor to and the duration ends with a round: the current one
 * counts as the first, and before combat round 1 does.
 */
export function expiryFor(state: EncounterState, rounds: number, at: ConditionEnd): ConditionExpiry {
  const anchor = state.phase === 'active' ? (state.turn?.actorIds ?? []) : [];
  if (at === 'round-end' || anchor.length === 0) {
    return { at: 'round-end', round: Math.max(state.round, 1) + rounds - 1, anchor: [] };
  }
  return { at, round: state.round + rounds, anchor };
}

export type Moment =
  | { readonly at: 'turn-start' | 'turn-end'; readonly actorIds: readonly CombatantId[] }
  | { readonly at: 'round-end' };

function endsNow(expiry: ConditionExpiry, moment: Moment, round: number): boolean {
  if (round < expiry.round) return false;
  switch (moment.at) {
    case 'turn-start':
    case 'turn-end':
      return expiry.at === moment.at && expiry.anchor.some((id) => moment.actorIds.includes(id));
    case 'round-end':
      // Also ends turn-anchored conditions whose anchor had no such moment this round.
      return true;
    default: {
      const _exhaustive: never = moment;
      return _exhaustive;
    }
  }
}

/** The conditions that end at `moment` of the current round, as events. */
export function expiring(state: EncounterState, moment: Moment): readonly EncounterEvent[] {
  // Asked at every turn's start and end: a loop that makes nothing when nothing ends (most turns).
  const ended: EncounterEvent[] = [];
  for (const c of state.combatants) {
    for (const k of c.conditions) {
      if (k.expiry !== null && endsNow(k.expiry, moment, state.round)) ended.push({ type: 'condition-expired', combatantId: c.id, conditionId: k.id });
    }
  }
  return ended;
}
