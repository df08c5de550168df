// Local types for the lfg rules that the common model does not have (yet). Everything is plain,
// readonly, JSON-serialisable data so it can live in a per-system slice of the encounter state.
import type { CheckOutcome, CombatantId, Side, UnitRef } from '../../core/model.js';

/** [LFG-2] Option `greatSuccess`: how a Great Success is read from a roll-under d20. */
export const GREAT_SUCCESS_RULES = ['halfScore', 'natural1'] as const;
export type GreatSuccessRule = (typeof GREAT_SUCCESS_RULES)[number];

/** [LFG-10] Per-enemy marker. Stored as the stat `rank` (0 normal, 1 heavy, 2 boss), which forms offer by name (its `choices`). */
export const ENEMY_RANKS = ['normal', 'heavy', 'boss'] as const;
export type EnemyRank = (typeof ENEMY_RANKS)[number];

/** How many dice of how many sides a check needs; scoring happens later from the faces. */
export interface DiceSpec {
  readonly sides: number;
  readonly count: number;
}

/** One roll-under check, with everything needed to re-check it. */
export interface CheckResult {
  readonly faces: readonly number[];
  /** The face that counted (under advantage the lower one: lower is better in roll-under). */
  readonly kept: number;
  /** The score rolled against after modifiers (base score + modifier). */
  readonly target: number;
  readonly outcome: CheckOutcome;
}

/** [LFG-8] [LFG-9] Who rolls for the party: the seating order and the rotation so far. */
export interface RollerState {
  /** PCs in clockwise seating order. */
  readonly seating: readonly CombatantId[];
  /** Who rolled (or rolls) this round; null before the first roll of a combat. */
  readonly current: CombatantId | null;
  /** The first roller of the current combat, kept for the optional rotation between combats. */
  readonly firstOfCombat: CombatantId | null;
}

/** An enemy unit with its rank, listed in the GM's order. */
export interface RankedEnemy {
  readonly unit: UnitRef;
  readonly rank: EnemyRank;
}

/** [LFG-11] The bands of a round, in the order they act. */
export const BANDS = ['bosses-and-heavies', 'party', 'other-enemies', 'all-enemies'] as const;
export type Band = (typeof BANDS)[number];

/** [LFG-5] Which side a surprise round belongs to. */
export type SurpriseSide = 'party' | 'enemies';

/** [LFG-16] A readied action waiting for its trigger. */
export interface ReadiedAction {
  readonly unit: UnitRef;
  /** The trigger as the player described it. */
  readonly trigger: string;
}

/** [LFG-18] Who is covered by one morale check: one roll for a kind, a group check, or one combatant. */
export const MORALE_SCOPES = ['kind', 'group', 'individual'] as const;
export type MoraleScope = (typeof MORALE_SCOPES)[number];

/** [LFG-20] Why a morale check is called. */
export const MORALE_TRIGGERS = ['leader-down', 'half-down', 'sorcery', 'gm'] as const;
export type MoraleTrigger = (typeof MORALE_TRIGGERS)[number];

/** [LFG-22] When a called check is rolled. */
export type MoraleTiming = 'end-of-round' | 'immediate';

/** What morale needs to know about one combatant. */
export interface MoraleCandidate {
  readonly id: CombatantId;
  readonly side: Side;
  /** "Monsters of the same kind": see `moraleKind`. */
  readonly kind: string;
  readonly will: number;
  readonly defeated: boolean;
  /** Already broken (fled or fleeing): not checked again unless rallied. */
  readonly broken: boolean;
}

/** One check to roll: `single` is one roll for every member, `group` is a roll per member. */
export interface MoraleCheckPlan {
  readonly mode: 'single' | 'group';
  readonly members: readonly CombatantId[];
  /** The Will score each roller uses; for `single` the first (identical) member's. */
  readonly rollers: readonly { readonly id: CombatantId; readonly will: number }[];
}

/** A check the GM has called and not yet rolled. */
export interface PendingMorale {
  readonly members: readonly CombatantId[];
  readonly scope: MoraleScope;
  readonly trigger: MoraleTrigger;
  readonly timing: MoraleTiming;
  /** The GM's modifier to the Will score (e.g. a leader's Cha modifier). */
  readonly modifier: number;
}

/** What a rally attempt leads to. */
export type RallyResult = 'rallied' | 'recheck' | 'not-rallied';

/** [LFG-26] [LFG-27] The outcome of a party retreat. */
export interface RetreatResult {
  readonly groupOutcome: 'success' | 'failure';
  /** Everyone who may leave now: the whole party on success, else the individual successes (GM permitting). */
  readonly mayFlee: readonly CombatantId[];
  /** Those still in the fight, who may try again next round. */
  readonly remaining: readonly CombatantId[];
}
