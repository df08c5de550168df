// lfg's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook
// (decide.ts). Schemas: packages/protocol/src/systems/lfg.ts. Rule ids: packages/rules/spec/lfg.md.
import type { CombatantId, RollMode, UnitRef } from '../../core/model.js';
import type { MoraleScope, MoraleTiming, MoraleTrigger, SurpriseSide } from './types.js';

/** [LFG-33] What a turn's action and move are spent on: a second 'move' spends the action. */
export type LfgSpend = 'action' | 'move' | 'charge';
export const LFG_SPENDS = ['action', 'move', 'charge'] as const satisfies readonly LfgSpend[];

export type LfgCommand =
  /** [LFG-33] The combatant's player or the GM: spend the action, a move (the second one spends the action) or a charge (both). */
  | { readonly type: 'lfg-spend'; readonly combatantId: CombatantId; readonly spend: LfgSpend }
  /** [LFG-8] GM: the PCs' clockwise seating (exactly the current PCs). */
  | { readonly type: 'lfg-set-seating'; readonly order: readonly CombatantId[] }
  /** [LFG-8] [LFG-9] Who rolls the party's check: the GM any time, a player (own PC) while the table must choose. */
  | { readonly type: 'lfg-set-roller'; readonly combatantId: CombatantId }
  /** [LFG-5] GM, before combat: which side gets a free round (null: none). */
  | { readonly type: 'lfg-declare-surprise'; readonly side: SurpriseSide | null }
  /** [LFG-13] GM: the order of monsters (and of the party's allies). */
  | { readonly type: 'lfg-order-monsters'; readonly order: readonly UnitRef[] }
  /** [LFG-15] A held PC acts next (after the current turn). */
  | { readonly type: 'lfg-resume-turn'; readonly combatantId: CombatantId }
  /** [LFG-16] The current PC readies an action against a described trigger (uses the turn). */
  | { readonly type: 'lfg-ready-action'; readonly trigger: string }
  /**
   * [LFG-16] GM: the trigger happened. Not simultaneous: the readier's Initiative check decides, or a
   * contest against `opposedScore` when given. `faces`: physical dice (one d20 per check, two each with a mode).
   */
  | {
      readonly type: 'lfg-trigger-ready';
      readonly combatantId: CombatantId;
      readonly simultaneous: boolean;
      readonly opposedScore?: number;
      readonly mode?: RollMode;
      readonly faces?: readonly number[];
    }
  /** [LFG-17] [LFG-18] [LFG-21] [LFG-22] GM: a morale check for these NPCs. */
  | {
      readonly type: 'lfg-call-morale';
      readonly combatantIds: readonly CombatantId[];
      readonly scope?: MoraleScope;
      readonly timing?: MoraleTiming;
      readonly trigger?: MoraleTrigger;
      readonly modifier?: number;
      /** The suggestion this answers (closed by it). */
      readonly suggestionId?: string;
      /** Physical dice for an immediate check, one d20 per roller in plan order. */
      readonly faces?: readonly number[];
    }
  /** [LFG-20] GM: no check for this suggestion. */
  | { readonly type: 'lfg-dismiss-morale'; readonly suggestionId: string }
  /** [LFG-17] [LFG-23] GM: these NPCs abandon the battle without a check. */
  | { readonly type: 'lfg-break-morale'; readonly combatantIds: readonly CombatantId[]; readonly suggestionId?: string }
  /** [LFG-25] GM: a PC tries to rally broken allies with a Cha (Leadership) check, on its turn (spending its action, LFG-33). */
  | {
      readonly type: 'lfg-rally';
      readonly rallierId: CombatantId;
      readonly combatantIds: readonly CombatantId[];
      readonly modifier?: number;
      readonly faces?: readonly number[];
    }
  /**
   * [LFG-34] GM: the combatant tries to intercept an enemy moving within Close range (its Initiative
   * check, Dex for non-PCs; at disadvantage before its first turn). `faces`: physical dice.
   */
  | { readonly type: 'lfg-intercept'; readonly combatantId: CombatantId; readonly faces?: readonly number[] }
  /** [LFG-24] GM: the party's group Luck check to slay or capture fleeing foes. */
  | { readonly type: 'lfg-finish-them'; readonly modifier?: number; readonly faces?: readonly number[] }
  /** [LFG-26] A player (or the GM): the whole party wishes to flee, at the start of a round. */
  | { readonly type: 'lfg-propose-retreat' }
  /** [LFG-26] GM: accept the party's plan (group Luck check with `modifier`) or not. */
  | {
      readonly type: 'lfg-answer-retreat';
      readonly allow: boolean;
      readonly modifier?: number;
      readonly faces?: readonly number[];
    }
  /** [LFG-27] GM: after a failed retreat, whether the individually successful PCs may flee alone. */
  | { readonly type: 'lfg-permit-flight'; readonly allow: boolean };

export type LfgCommandType = LfgCommand['type'];
