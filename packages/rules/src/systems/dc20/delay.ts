// [DC20-19] [DC20-20] [DC20-21] Delayed Initiative: during your turn, move it for good to a later PC
// turn, or to act after an enemy you can see (a new PC turn right after that enemy's turn when no PC
// turn follows it). You keep your unspent AP and regain AP only at the end of the new turn (ap.ts).
import type { CombatantId, SlotId } from '../../core/model.js';
import { slotFor } from './order.js';
import { holderSlot, moveToTurn } from './turns.js';
import { fail, ok, type Dc20Member, type Dc20Slot, type Result, type TurnHolders } from './types.js';

export type DelayTarget =
  | { readonly kind: 'pc-turn'; readonly slotId: SlotId }
  /** The enemy must be one the delayer can see: the caller refuses hidden ones as unknown. */
  | { readonly kind: 'after-enemy'; readonly enemyId: CombatantId };

export interface DelayInput {
  readonly slots: readonly Dc20Slot[];
  readonly holders: TurnHolders;
  readonly members: readonly Dc20Member[];
  readonly actorId: CombatantId;
  /** The turn being taken now; the delayer must hold it. */
  readonly currentSlotId: SlotId;
  readonly target: DelayTarget;
}

export interface Delayed {
  readonly slots: readonly Dc20Slot[];
  readonly holders: TurnHolders;
  /** The PC turn the delayer now holds. */
  readonly slotId: SlotId;
  readonly created: boolean;
}

export function delayTurn(input: DelayInput, nextId: () => SlotId): Result<Delayed> {
  const { slots, holders, actorId, target } = input;
  const from = slots.findIndex((s) => s.id === input.currentSlotId);
  if (from < 0 || !(holders[input.currentSlotId] ?? []).includes(actorId)) return fail('not-eligible');
  switch (target.kind) {
    case 'pc-turn': {
      const to = slots.findIndex((s) => s.id === target.slotId);
      if (slots[to]?.team !== 'pc') return fail('not-a-pc-turn');
      if (to <= from) return fail('delay-not-later');
      return ok({ slots, holders: moveToTurn(holders, target.slotId, [actorId]), slotId: target.slotId, created: false });
    }
    case 'after-enemy': {
      const enemy = input.members.find((m) => m.id === target.enemyId);
      const enemySlotId = holderSlot(holders, target.enemyId);
      const at = slots.findIndex((s) => s.id === enemySlotId);
      if (!enemy || enemy.team === 'pc' || enemy.defeated || at < 0) return fail('not-eligible');
      if (at <= from) return fail('delay-not-later');
      const nextPc = slots.slice(at + 1).find((s) => s.team === 'pc');
      if (nextPc) return ok({ slots, holders: moveToTurn(holders, nextPc.id, [actorId]), slotId: nextPc.id, created: false });
      const created = slotFor(nextId(), 'pc');
      return ok({
        slots: [...slots.slice(0, at + 1), created, ...slots.slice(at + 1)],
        holders: moveToTurn(holders, created.id, [actorId]),
        slotId: created.id,
        created: true,
      });
    }
    default: {
      const _exhaustive: never = target;
      return _exhaustive;
    }
  }
}
