// [LFG-15] Delay: a PC leaves its place and acts later in the round, in any order. The slot is held
// aside and put back where the player chooses to act; whoever still holds at the end of the round
// acts last, in the order they delayed. A delay never carries over: the next round is rebuilt.
// [LFG-16] Ready action: simultaneous with its trigger, otherwise an Initiative check or contest.
import type { CheckOutcome, SlotId, TurnSlot, UnitRef } from '../../core/model.js';
import { sameUnit } from '../../core/units.js';
import { isSuccess } from './check.js';
import type { CheckResult, ReadiedAction } from './types.js';

/** [LFG-15] Only adventurers delay; the GM orders monsters (and the party's allies) anyway. */
export const canDelay = (slot: TurnSlot): boolean => slot.side === 'pc';

export interface Delayed {
  /** The order without the delayed slot: the slot now at its index is the next to act. */
  readonly slots: readonly TurnSlot[];
  readonly held: readonly TurnSlot[];
}

/** [LFG-15] Takes `slotId` out of the order and holds it. Undefined if it is not a PC slot in the order. */
export function delayTurn(slots: readonly TurnSlot[], held: readonly TurnSlot[], slotId: SlotId): Delayed | undefined {
  const slot = slots.find((s) => s.id === slotId);
  if (!slot || !canDelay(slot)) return undefined;
  return { slots: slots.filter((s) => s.id !== slotId), held: [...held, slot] };
}

/**
 * [LFG-15] A held slot comes back to act now: it is inserted before `beforeSlotId` (the slot about to
 * start), or at the end when that is null. Undefined when the slot is not held or the place unknown.
 */
export function resumeTurn(
  slots: readonly TurnSlot[],
  held: readonly TurnSlot[],
  slotId: SlotId,
  beforeSlotId: SlotId | null,
): Delayed | undefined {
  const slot = held.find((s) => s.id === slotId);
  if (!slot) return undefined;
  const index = beforeSlotId === null ? slots.length : slots.findIndex((s) => s.id === beforeSlotId);
  if (index === -1) return undefined;
  return {
    slots: [...slots.slice(0, index), slot, ...slots.slice(index)],
    held: held.filter((s) => s.id !== slotId),
  };
}

/** [LFG-15] The round's last slot is done: whoever still holds acts now, in the order they delayed. */
export const releaseHeld = (slots: readonly TurnSlot[], held: readonly TurnSlot[]): Delayed => ({
  slots: [...slots, ...held],
  held: [],
});

export type ReadyOrder = 'simultaneous' | 'readier-first' | 'trigger-first' | 'gm-decides';

/** [LFG-16] The readier's own Initiative check against the trigger: success acts first. */
export const readyCheckOrder = (readier: CheckOutcome): ReadyOrder =>
  isSuccess(readier) ? 'readier-first' : 'trigger-first';

const GRADE: Readonly<Record<CheckOutcome, number>> = {
  'critical-success': 3,
  success: 2,
  failure: 1,
  'critical-failure': 0,
};

/**
 * [LFG-16] A contest of two roll-under checks: the better outcome wins; between two successes of the
 * same grade the higher face wins (it was harder to roll); anything still equal, or two failures,
 * is left to the GM.
 */
export function readyContestOrder(readier: CheckResult, trigger: CheckResult): ReadyOrder {
  const byGrade = GRADE[readier.outcome] - GRADE[trigger.outcome];
  if (byGrade !== 0) return byGrade > 0 ? 'readier-first' : 'trigger-first';
  if (!isSuccess(readier.outcome) || readier.kept === trigger.kept) return 'gm-decides';
  return readier.kept > trigger.kept ? 'readier-first' : 'trigger-first';
}

export interface ReadyTrigger {
  /** The GM's ruling: can the readied act and its trigger happen at the same time? */
  readonly simultaneous: boolean;
  /** The readier's Initiative check, when one was rolled alone. */
  readonly check?: CheckOutcome;
  /** Both checks, when the GM calls for a contest instead. */
  readonly contest?: { readonly readier: CheckResult; readonly trigger: CheckResult };
}

/** [LFG-16] The trigger happened: who goes first, or 'needs-check' while no check has been rolled. */
export function resolveReady(trigger: ReadyTrigger): ReadyOrder | 'needs-check' {
  if (trigger.simultaneous) return 'simultaneous';
  if (trigger.contest) return readyContestOrder(trigger.contest.readier, trigger.contest.trigger);
  if (trigger.check) return readyCheckOrder(trigger.check);
  return 'needs-check';
}

/**
 * [LFG-16] A readied action whose trigger never came is lost when its unit's next turn starts,
 * unless the GM keeps it ('keep-readied'). Returns what stays readied and what lapsed.
 */
export function lapseReadied(
  readied: readonly ReadiedAction[],
  unit: UnitRef,
  gmKeeps = false,
): { readonly readied: readonly ReadiedAction[]; readonly lapsed: readonly ReadiedAction[] } {
  if (gmKeeps) return { readied, lapsed: [] };
  return {
    readied: readied.filter((r) => !sameUnit(r.unit, unit)),
    lapsed: readied.filter((r) => sameUnit(r.unit, unit)),
  };
}
