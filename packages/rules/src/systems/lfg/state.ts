// lfg's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
import type { CombatantId, InitiativeRoll, SlotId, TurnSlot, UnitRef, EncounterState } from '../../core/model.js';
import type { CheckResult, MoraleScope, MoraleTrigger, SurpriseSide } from './types.js';

/** [LFG-6] The party's Initiative check of one round: rolled by one PC for everyone. */
export interface PartyCheck {
  readonly round: number;
  readonly rollerId: CombatantId;
  readonly roll: InitiativeRoll;
}

/** One roller's check inside a group or morale roll. */
export interface NamedCheck {
  readonly id: CombatantId;
  readonly result: CheckResult;
}

/** [LFG-22] A morale check the GM has called for the end of the round. */
export interface CalledMorale {
  readonly id: string;
  readonly members: readonly CombatantId[];
  readonly scope: MoraleScope;
  readonly trigger: MoraleTrigger;
  /** [LFG-21] Added to Will. */
  readonly modifier: number;
}

/** [LFG-20] A trigger the engine noticed; the GM calls a check or dismisses it. */
export interface MoraleSuggestion {
  readonly id: string;
  readonly triggers: readonly MoraleTrigger[];
  readonly members: readonly CombatantId[];
}

/** [LFG-17] One morale roll's verdict (one plan: a kind, a group, or one combatant). */
export interface MoraleVerdict {
  readonly round: number;
  readonly trigger: MoraleTrigger;
  readonly rolls: readonly NamedCheck[];
  readonly held: readonly CombatantId[];
  readonly broken: readonly CombatantId[];
}

/** [LFG-26] [LFG-27] Where the party's retreat stands. */
export type RetreatState =
  | { readonly status: 'proposed'; readonly round: number }
  | { readonly status: 'declined'; readonly round: number }
  | { readonly status: 'escaped'; readonly round: number; readonly rolls: readonly NamedCheck[] }
  /** Failed; `successes` may flee alone if the GM permits ('permit-flight' pending while `permitPending`). */
  | {
      readonly status: 'failed';
      readonly round: number;
      readonly rolls: readonly NamedCheck[];
      readonly successes: readonly CombatantId[];
      readonly permitPending: boolean;
    };

/** [LFG-16] A readied action waiting for its trigger. */
export interface ReadiedEntry {
  readonly combatantId: CombatantId;
  readonly trigger: string;
  readonly round: number;
}

/** [LFG-16] How the last triggered readied action went. */
export interface ReadyOutcome {
  readonly combatantId: CombatantId;
  readonly trigger: string;
  readonly order: 'simultaneous' | 'readier-first' | 'trigger-first' | 'gm-decides';
  readonly rolls: readonly CheckResult[];
}

/** [LFG-34] How the last intercept went: `intercepted` when the check succeeded. */
export interface InterceptOutcome {
  readonly combatantId: CombatantId;
  readonly round: number;
  /** Initiative for PCs, Dex for everyone else. */
  readonly stat: 'initiative' | 'dex';
  readonly check: CheckResult;
  readonly intercepted: boolean;
}

/** [LFG-34] A move made this round, on the mover's own turn or by an intercept. */
export interface RoundMove {
  readonly combatantId: CombatantId;
  readonly round: number;
  readonly intercept: boolean;
}

/** [LFG-25] How the last rally went. */
export interface RallyOutcome {
  readonly rallierId: CombatantId;
  readonly combatantIds: readonly CombatantId[];
  readonly check: CheckResult;
  readonly result: 'rallied' | 'recheck' | 'not-rallied';
}

/** [LFG-24] How the last Finish Them! check went. */
export interface FinishOutcome {
  readonly round: number;
  readonly rolls: readonly NamedCheck[];
  readonly success: boolean;
}

export interface LfgExt {
  readonly system: 'lfg';
  /** [LFG-8] The GM's clockwise seating (PCs not listed follow in display order). */
  readonly seating: readonly CombatantId[];
  /** [LFG-8] Who rolls (or rolled) this round's check; null while nobody is chosen. */
  readonly roller: CombatantId | null;
  /** [LFG-8] Named by the GM (or chosen before combat) for the next check, instead of the rotation. */
  readonly nominated: CombatantId | null;
  /** [LFG-8] Who made the latest check: the rotation continues from them. */
  readonly lastRoller: CombatantId | null;
  /** [LFG-9] The first roller of this combat. */
  readonly firstRoller: CombatantId | null;
  /** [LFG-5] The side the GM gave a free round, if any. */
  readonly surprise: SurpriseSide | null;
  /** [LFG-6] The latest party check (for round 1 it may be rolled during the initiative phase). */
  readonly check: PartyCheck | null;
  /** [LFG-7] The round has started and waits for the party's check. */
  readonly awaitingCheck: boolean;
  /** [LFG-13] The GM's order of monsters and allies (units not listed follow in display order). */
  readonly monsterOrder: readonly UnitRef[];
  /** [LFG-15] PC slots delayed and not yet resumed, in the order they delayed. */
  readonly held: readonly TurnSlot[];
  /** [LFG-23] NPCs whose morale broke: they flee and have no turns. */
  readonly broken: readonly CombatantId[];
  /** [LFG-27] PCs who escaped by retreating. */
  readonly fled: readonly CombatantId[];
  readonly calledMorale: readonly CalledMorale[];
  readonly suggestions: readonly MoraleSuggestion[];
  /** [LFG-17] Verdicts of the latest morale rolls. */
  readonly lastMorale: readonly MoraleVerdict[];
  readonly retreat: RetreatState | null;
  readonly readied: readonly ReadiedEntry[];
  readonly lastReady: ReadyOutcome | null;
  readonly lastRally: RallyOutcome | null;
  readonly lastFinish: FinishOutcome | null;
  /** [LFG-33] What each combatant used of the turn it was spent in (entries of earlier turns are dropped). */
  readonly spent: readonly SpentEntry[];
  /** [LFG-34] Who moved this round (entries of earlier rounds are dropped). */
  readonly moves: readonly RoundMove[];
  readonly lastIntercept: InterceptOutcome | null;
}

/** [LFG-33] */
export interface SpentEntry {
  readonly combatantId: CombatantId;
  readonly slotId: SlotId;
  readonly action: boolean;
  readonly move: boolean;
}

export const initialLfgExt = (): LfgExt => ({
  system: 'lfg',
  seating: [],
  roller: null,
  nominated: null,
  lastRoller: null,
  firstRoller: null,
  surprise: null,
  check: null,
  awaitingCheck: false,
  monsterOrder: [],
  held: [],
  broken: [],
  fled: [],
  calledMorale: [],
  suggestions: [],
  lastMorale: [],
  retreat: null,
  readied: [],
  lastReady: null,
  lastRally: null,
  lastFinish: null,
  spent: [],
  moves: [],
  lastIntercept: null,
});

/** The lfg slice of the state (a fresh one if the encounter belongs to another system: a bug, never seen). */
export const lfgExt = (state: EncounterState): LfgExt => (state.ext.system === 'lfg' ? state.ext : initialLfgExt());

export const withExt = (state: EncounterState, change: Partial<LfgExt>): EncounterState => ({
  ...state,
  ext: { ...lfgExt(state), ...change },
});
