// lfg's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook
// (evolve.ts). Events that roll carry every face and the generator after them (`serverDice`).
import type { CombatantId, DieFace, InitiativeRoll, RngState, SlotId, TurnSlot, UnitRef } from '../../core/model.js';
import type { CalledMorale, InterceptOutcome, MoraleSuggestion, MoraleVerdict, NamedCheck, RallyOutcome, ReadyOutcome } from './state.js';
import type { SurpriseSide } from './types.js';

/** Dice a system event rolled: server faces are re-checked by `verifyDice`, physical ones leave the generator alone. */
export interface LfgDice {
  readonly dice: readonly DieFace[];
  readonly rng: RngState;
  readonly source: 'server' | 'physical';
}

export type LfgEvent =
  | { readonly type: 'lfg-seating-set'; readonly seating: readonly CombatantId[] }
  /** `current`: this round's roller (before its check); `next`: the next check's roller. */
  | { readonly type: 'lfg-roller-set'; readonly rollerId: CombatantId; readonly scope: 'current' | 'next' }
  | { readonly type: 'lfg-surprise-set'; readonly side: SurpriseSide | null }
  /** The GM's order of monsters; `slots` is the current round's order with the rest re-sorted. */
  | { readonly type: 'lfg-monsters-ordered'; readonly order: readonly UnitRef[]; readonly slots: readonly TurnSlot[] }
  /** A round begins: its roller, whether it waits for a check, and its slots (empty while it waits). */
  | {
      readonly type: 'lfg-round-prepared';
      readonly round: number;
      readonly rollerId: CombatantId | null;
      readonly awaitingCheck: boolean;
      readonly slots: readonly TurnSlot[];
    }
  /** The party's check; `slots` is the round's order built from it (empty before combat starts). */
  | {
      readonly type: 'lfg-party-rolled';
      readonly round: number;
      readonly rollerId: CombatantId;
      readonly roll: InitiativeRoll;
      readonly rng: RngState;
      readonly slots: readonly TurnSlot[];
    }
  /** The current PC slot leaves the order: held (`beforeSlotId` null) or moved before another slot. */
  | { readonly type: 'lfg-turn-delayed'; readonly slotId: SlotId; readonly beforeSlotId: SlotId | null }
  | { readonly type: 'lfg-turn-resumed'; readonly slotId: SlotId; readonly index: number }
  | { readonly type: 'lfg-held-released' }
  | { readonly type: 'lfg-morale-suggested'; readonly suggestion: MoraleSuggestion }
  | { readonly type: 'lfg-morale-dismissed'; readonly suggestionId: string }
  | { readonly type: 'lfg-morale-called'; readonly check: CalledMorale; readonly suggestionId: string | null }
  /** One morale roll; `checkId` names the called check it settles (null: rolled at once). */
  | ({
      readonly type: 'lfg-morale-rolled';
      readonly checkId: string | null;
      readonly suggestionId: string | null;
      readonly verdict: MoraleVerdict;
    } & LfgDice)
  | { readonly type: 'lfg-morale-broken'; readonly combatantIds: readonly CombatantId[]; readonly suggestionId: string | null }
  /** [LFG-33] What the combatant has used of this turn after spending `spend` (a rally spends the action). */
  | {
      readonly type: 'lfg-turn-spent';
      readonly combatantId: CombatantId;
      readonly slotId: SlotId;
      readonly spend: 'action' | 'move' | 'charge' | 'rally';
      readonly action: boolean;
      readonly move: boolean;
    }
  | ({ readonly type: 'lfg-rally-rolled'; readonly outcome: RallyOutcome } & LfgDice)
  /** [LFG-34] The interceptor's check; its move is used whatever the outcome. */
  | ({ readonly type: 'lfg-intercepted'; readonly outcome: InterceptOutcome } & LfgDice)
  | { readonly type: 'lfg-retreat-proposed'; readonly round: number }
  | { readonly type: 'lfg-retreat-declined' }
  /** The group Luck check; on success `fled` is the whole party. */
  | ({
      readonly type: 'lfg-retreat-rolled';
      readonly rolls: readonly NamedCheck[];
      readonly success: boolean;
      readonly fled: readonly CombatantId[];
    } & LfgDice)
  | { readonly type: 'lfg-flight-permitted'; readonly fled: readonly CombatantId[] }
  | { readonly type: 'lfg-action-readied'; readonly combatantIds: readonly CombatantId[]; readonly trigger: string }
  | ({ readonly type: 'lfg-ready-resolved'; readonly outcome: ReadyOutcome } & LfgDice)
  | { readonly type: 'lfg-ready-lapsed'; readonly combatantIds: readonly CombatantId[] }
  | ({ readonly type: 'lfg-finish-rolled'; readonly rolls: readonly NamedCheck[]; readonly success: boolean } & LfgDice);

export type LfgEventType = LfgEvent['type'];
