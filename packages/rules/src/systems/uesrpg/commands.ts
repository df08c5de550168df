// uesrpg's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook.
import type { CombatantId, UnitRef } from '../../core/model.js';
import type { ActionKind, ThreatId } from './types.js';

export type UesrpgCommand =
  /** [UES-35] GM: the order in which a group's members take their turns (exactly its members). */
  | { readonly type: 'uesrpg-order-members'; readonly groupId: string; readonly order: readonly CombatantId[] }
  /** [UES-1] GM, setup/initiative: the complete list of who is surprised (empty: nobody). */
  | { readonly type: 'uesrpg-set-surprise'; readonly surprised: readonly CombatantId[] }
  /** [UES-22] – [UES-29] Declares one action; a reaction (or a secondary taken as one) names its threat. */
  | {
      readonly type: 'uesrpg-declare-action';
      readonly combatantId: CombatantId;
      readonly kind: ActionKind;
      readonly cost: number;
      readonly label: string;
      readonly special?: boolean;
      readonly threatId?: ThreatId;
    }
  /** [UES-29] The open action and the reactions to it are resolved. */
  | { readonly type: 'uesrpg-resolve-action'; readonly actionId: ThreatId }
  /** [UES-24] Pays what the AP left allow towards the combatant's extended action. */
  | { readonly type: 'uesrpg-continue-extended'; readonly combatantId: CombatantId }
  | { readonly type: 'uesrpg-abandon-extended'; readonly combatantId: CombatantId }
  /** [UES-11] GM: contested Luck rolls (d100 roll-under) settle a tie of PCs. */
  | { readonly type: 'uesrpg-roll-off-luck'; readonly units: readonly UnitRef[] };
