// uesrpg's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
// AP changes travel separately as the core 'resource-changed'.
import type { CombatantId, RngState, UnitRef } from '../../core/model.js';
import type { DeclaredAction } from './state.js';
import type { LuckRoll, ThreatId } from './types.js';

export type UesrpgEvent =
  /** [UES-35] The GM's order of a group's members' turns. */
  | { readonly type: 'uesrpg-members-ordered'; readonly groupId: string; readonly order: readonly CombatantId[] }
  /** [UES-1] Who is surprised (everyone else is not); surprise is now decided. */
  | { readonly type: 'uesrpg-surprise-set'; readonly surprised: readonly CombatantId[] }
  /** [UES-3] Their first turn has passed: they may act freely again. */
  | { readonly type: 'uesrpg-surprise-ended'; readonly combatantIds: readonly CombatantId[] }
  /** [UES-22] – [UES-29] `opens`: others may react before the actor declares again. */
  | { readonly type: 'uesrpg-action-declared'; readonly action: DeclaredAction; readonly opens: boolean; readonly extendedCost: number | null }
  | { readonly type: 'uesrpg-action-resolved'; readonly actionId: ThreatId }
  /** [UES-24] `completed`: fully paid, the action takes effect now and opens to reactions. */
  | {
      readonly type: 'uesrpg-extended-continued';
      readonly combatantId: CombatantId;
      readonly actionId: ThreatId;
      readonly spent: number;
      readonly completed: boolean;
    }
  | { readonly type: 'uesrpg-extended-abandoned'; readonly combatantId: CombatantId; readonly actionId: ThreatId }
  /** [UES-20] [UES-26] Round over: reaction logs and the round's declared actions are emptied. */
  | { readonly type: 'uesrpg-round-cleared' }
  /** [UES-11] Every d100 of a contested Luck roll-off (re-rolls included); `order` as 'tie-resolved' records it. */
  | {
      readonly type: 'uesrpg-luck-rolled';
      readonly units: readonly UnitRef[];
      readonly rolls: readonly LuckRoll[];
      readonly order: readonly UnitRef[] | null;
      readonly rng: RngState;
    };
