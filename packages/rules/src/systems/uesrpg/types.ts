// What the uesrpg rules need that the common model does not hold (yet): each combatant's AP pool,
// surprise, the threats it has reacted to this round and an extended action in progress.
// Plain readonly data, so the engine can keep it in per-system state and replay it from events.
import type { Resource, UnitRef } from '../../core/model.js';
import type { UesrpgViolation } from './violations.js';

/** [UES-16] [UES-17] When Action Points come back. */
export const AP_REFRESH_MODES = ['roundStart', 'turnStart'] as const;
export type ApRefresh = (typeof AP_REFRESH_MODES)[number];

export interface UesrpgOptions {
  readonly apRefresh: ApRefresh;
}

/** [UES-18] A combatant's Action Points: the core resource named `AP_RESOURCE`. */
export type ApPool = Resource;
export const AP_RESOURCE = 'AP';

/** The id of an action or event others may react to (one reaction attempt each, UES-26). */
export type ThreatId = string;

/** [UES-24] An action that costs more AP than the character has: paid over several turns. */
export interface ExtendedAction {
  readonly id: ThreatId;
  readonly label: string;
  readonly cost: number;
  readonly paid: number;
}

/** Everything uesrpg tracks per combatant during combat. */
export interface UesrpgCombatantState {
  readonly ap: ApPool;
  /** [UES-3] Set by the GM before combat; cleared when the combatant's first turn ends. */
  readonly surprised: boolean;
  /** [UES-26] Threats reacted to this round; emptied at round end. */
  readonly reactedTo: readonly ThreatId[];
  readonly extended: ExtendedAction | null;
}

/** [UES-22] – [UES-28] The kinds of action. Special actions carry `special: true` on their base kind. */
export const ACTION_KINDS = ['primary', 'secondary', 'reaction', 'free'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export interface ActionDeclaration {
  /** Becomes a threat id other characters may react to. */
  readonly id: ThreatId;
  readonly kind: ActionKind;
  readonly cost: number;
  readonly label: string;
  /** [UES-27] A Special Action: follows every rule of its base kind. */
  readonly special?: boolean;
  /** What a reaction (or a secondary action taken as one) answers. */
  readonly threatId?: ThreatId;
}

/** Where the declaring character stands when it declares. */
export interface ActionContext {
  /** The combatant is an actor of the current turn. */
  readonly ownTurn: boolean;
  /** [UES-29] The active character's declared action whose reactions are still being resolved. */
  readonly openActionId: ThreatId | null;
}

/** [UES-11] How a tie the chain cannot break may be settled; 'gm-order' is always offered. */
export type FinalTieResolution = 'gm-order' | 'luck-roll-off';

export interface FinalTie {
  readonly units: readonly UnitRef[];
  readonly resolutions: readonly FinalTieResolution[];
}

/** One contestant's d100 in a contested Luck roll-off. */
export interface LuckRoll {
  readonly unit: UnitRef;
  readonly luck: number;
  readonly face: number;
}

/** A value or a refusal, like the engine's `Decision`. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly violation: UesrpgViolation };
