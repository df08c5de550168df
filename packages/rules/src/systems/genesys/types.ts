// Types genesys needs that the common model does not have (yet). All plain, readonly,
// JSON-serialisable data, so they can live in events and per-system state unchanged.
import type { SlotId, UnitRef } from '../../core/model.js';
import type { DiceSpec } from '../../core/system.js';

/** README's glyphs: success, advantage, failure, threat, Triumph, Despair. */
export const NARRATIVE_SYMBOLS = ['s', 'a', 'f', 'h', 'T', 'D'] as const;
export type NarrativeSymbol = (typeof NARRATIVE_SYMBOLS)[number];

/** Positive dice first, then negative, in the order a pool is rolled (GEN-5). */
export const NARRATIVE_DIE_KINDS = ['proficiency', 'ability', 'boost', 'challenge', 'difficulty', 'setback'] as const;
export type NarrativeDieKind = (typeof NARRATIVE_DIE_KINDS)[number];

/** How many dice of each kind a check rolls. */
export type DicePool = Readonly<Record<NarrativeDieKind, number>>;

/** The engine's `DiceSpec` with the kind narrowed: `count` dice of one narrative kind. */
export interface NarrativeDiceSpec extends DiceSpec {
  readonly kind: NarrativeDieKind;
}

/** Every symbol of a roll added up, before anything cancels. */
export interface SymbolCounts {
  readonly successes: number;
  readonly advantages: number;
  readonly failures: number;
  readonly threats: number;
  readonly triumphs: number;
  readonly despairs: number;
}

/**
 * A check's result after cancelling (GEN-7, GEN-8): at most one of successes/failures and one of
 * advantages/threats is non-zero; Triumphs are already counted in successes and Despairs in failures.
 */
export type NetResult = SymbolCounts;

export const INITIATIVE_SKILLS = ['cool', 'vigilance'] as const;
export type InitiativeSkill = (typeof INITIATIVE_SKILLS)[number];

/** [GEN-40] The skills a PC may catch their breath with. */
export const RECOVERY_SKILLS = ['cool', 'discipline'] as const;
export type RecoverySkill = (typeof RECOVERY_SKILLS)[number];

/** What a character declares before the initiative check (GEN-13): the skill and situational dice. */
export interface InitiativeCheck {
  readonly skill: InitiativeSkill;
  readonly boost: number;
  readonly setback: number;
}

export interface GenesysOptions {
  /** GEN-14: false (default) ranks net failures as 0 successes; true ranks successes − failures. */
  readonly signedNetRanking: boolean;
}

/** Genesys knows two kinds of character; model sides `enemy` and `npc` are both NPCs (GEN-18). */
export type GenesysSide = 'pc' | 'npc';

/** What a slot is ranked by (GEN-14..16). Kept per slot so a newcomer can be placed (GEN-27). */
export interface RankKey {
  readonly successes: number;
  readonly advantages: number;
  readonly side: GenesysSide;
}

/** One unit's result, ready to rank. `position` is display order, the last (cosmetic) tie-break. */
export interface RankedResult {
  readonly unit: UnitRef;
  readonly key: RankKey;
  readonly position: number;
}

/**
 * What genesys keeps in its `EncounterState.ext` slot besides `system: 'genesys'`: the declared check of
 * each unit (keyed by `unitKey`, GEN-13) and each slot's rank key (GEN-27).
 */
export interface GenesysState {
  readonly checks: Readonly<Record<string, InitiativeCheck>>;
  readonly slotKeys: Readonly<Record<SlotId, RankKey>>;
}

/** What happens when an open slot comes up (GEN-19..22). */
export type SlotFill =
  | { readonly kind: 'skip' }
  | { readonly kind: 'auto'; readonly unit: UnitRef }
  | { readonly kind: 'choose'; readonly decidedBy: 'players' | 'gm'; readonly candidates: readonly UnitRef[] };
