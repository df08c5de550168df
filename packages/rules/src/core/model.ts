// The encounter as a value. Everything here is plain, JSON-serialisable data:
// the server stores it as events, the projection sends slices of it, and
// replaying the events rebuilds it exactly.

import type { Health } from './health/model.js';
import type { StatBlock } from './stat-block.js';
import type { SystemExt, SystemId } from './system-types.js';

export type { SystemId };

export type CombatantId = string;
export type GroupId = string;
export type SlotId = string;
export type ConditionId = string;

/** Which side of the fight a combatant is on. `npc` is a third party (dc20's NPC team, lfg hirelings). */
export const SIDES = ['pc', 'enemy', 'npc'] as const;
export type Side = (typeof SIDES)[number];

export const PHASES = ['setup', 'initiative', 'active', 'ended'] as const;
export type Phase = (typeof PHASES)[number];

export type RollMode = 'normal' | 'advantage' | 'disadvantage';

/** What rolls initiative and fills a fixed slot: one combatant, or a group of identical creatures. */
export type UnitRef =
  | { readonly kind: 'combatant'; readonly id: CombatantId }
  | { readonly kind: 'group'; readonly id: GroupId };

export interface DieFace {
  readonly sides: number;
  readonly face: number;
  /** The die's kind where faces are not plain numbers (genesys: 'ability', 'proficiency', …). */
  readonly kind?: string;
}

/** How a check went against a target number (dc20 vs the Encounter DC, lfg roll-under). */
export type CheckOutcome = 'critical-success' | 'success' | 'failure' | 'critical-failure';

/** One initiative roll with every face rolled, so anyone can re-check it. */
export interface InitiativeRoll {
  readonly dice: readonly DieFace[];
  /** The face that counted (the kept d20 under advantage or disadvantage). */
  readonly kept: number;
  readonly modifier: number;
  readonly total: number;
  readonly mode: RollMode;
  /** `server`: rolled by the seeded generator; `physical`: entered from a real die. */
  readonly source: 'server' | 'physical';
  /** Set by systems that roll against a target number. */
  readonly outcome?: CheckOutcome;
  /** Named parts of a result that is more than one number (genesys: successes, advantages, triumphs, despairs). */
  readonly detail?: Readonly<Record<string, number>>;
}

export interface Combatant {
  readonly id: CombatantId;
  readonly name: string;
  readonly side: Side;
  /** Set when the combatant belongs to a group that shares one roll and one turn. */
  readonly groupId: GroupId | null;
  /** Hidden combatants never reach a non-GM audience. */
  readonly hidden: boolean;
  readonly defeated: boolean;
  /** System-specific numbers, keyed by the system's `statDefs`. */
  readonly stats: Readonly<Record<string, number>>;
  /** GM-only free text. */
  readonly note: string;
  /** Individual initiative; for group members the roll lives on the group. */
  readonly initiative: InitiativeRoll | null;
  /** Position among tied units, set when a tie is resolved (lower acts first). */
  readonly tieBreak: number | null;
  /** Spendable pools keyed by name (dc20 and uesrpg: `AP`); empty unless the GM or the system sets one. */
  readonly resources: Readonly<Record<string, Resource>>;
  readonly conditions: readonly Condition[];
  /**
   * [ENG-25] Hit points, or wounds and strain, in the form of the encounter's system; null until the GM
   * gives a maximum, and for members of a group that shares one pool ([ENG-31], on the group).
   */
  readonly health: Health | null;
  /** What its creature file said beyond the rules' numbers; no rule reads it, and only the GM sees it. */
  readonly statBlock?: StatBlock;
}

export interface Resource {
  readonly current: number;
  readonly max: number;
  /** [ENG-36] When it fills back to `max` by itself; absent: never. */
  readonly refresh?: ResourceRefresh;
}

/** [ENG-36] A resource fills back at each round's start, at each of its owner's turns, at the encounter's end, or never. */
export const RESOURCE_REFRESHES = ['round', 'turn', 'encounter', 'never'] as const;
export type ResourceRefresh = (typeof RESOURCE_REFRESHES)[number];

/** The moment of a turn or round at which a timed condition ends. */
export const CONDITION_ENDS = ['turn-start', 'turn-end', 'round-end'] as const;
export type ConditionEnd = (typeof CONDITION_ENDS)[number];

/**
 * When a timed condition ends: at `at` of a turn of one of `anchor` (the combatants whose turn it
 * was when the condition was made) in round `round` or later; `round-end` conditions, and any whose
 * anchor has no such moment in that round (defeated, removed, skipped), end when round `round` ends.
 */
export interface ConditionExpiry {
  readonly at: ConditionEnd;
  readonly round: number;
  readonly anchor: readonly CombatantId[];
}

export interface Condition {
  readonly id: ConditionId;
  readonly name: string;
  /** null: lasts until removed. */
  readonly expiry: ConditionExpiry | null;
}

export interface Group {
  readonly id: GroupId;
  readonly name: string;
  readonly side: Side;
  readonly initiative: InitiativeRoll | null;
  readonly tieBreak: number | null;
  /** [ENG-31] The pool its members share, where the system pools groups (FFG minions); else null. */
  readonly health: Health | null;
}

/** Who may fill a slot. Only `unit` is used by the fixed-order systems (dnd5e, uesrpg). */
export type SlotFiller =
  | { readonly kind: 'unit'; readonly unit: UnitRef }
  /** Any not-yet-acted member of the side, chosen when the slot comes up (genesys, dc20 PC turns). */
  | { readonly kind: 'open'; readonly side: Side };

export interface TurnSlot {
  readonly id: SlotId;
  readonly side: Side;
  readonly filler: SlotFiller;
}

export interface CurrentTurn {
  readonly slotId: SlotId;
  /** Who acts in this turn: computed from the slot and the state when the turn starts. */
  readonly actorIds: readonly CombatantId[];
  /**
   * [ENG-39] When the turn started (or its open slot was claimed), in the server's milliseconds since
   * 1970; absent when the command was decided without a clock (tests, tools).
   */
  readonly startedAt?: number;
}

/** [ENG-41] One turn, told apart from every other: its slot, its round and the moment it started. */
export interface TurnPin {
  readonly slotId: SlotId;
  readonly round: number;
  readonly startedAt: number;
}

/** State of the seeded generator (sfc32: four unsigned 32-bit words). */
export type RngState = readonly [number, number, number, number];

export interface DiceState {
  readonly rng: RngState;
  /** SHA-256 of the seed, published at creation. */
  readonly seedCommitment: string;
  /** The seed itself; never projected to anyone until the encounter has ended. */
  readonly seed: string;
}

/**
 * Something the table must decide before play goes on. Systems may add kinds; `blocking` ones make
 * 'end-turn' wait ('decision-pending').
 */
export type PendingDecision =
  | {
      readonly id: string;
      readonly kind: 'fill-slot';
      readonly blocking: true;
      readonly slotId: SlotId;
      readonly side: Side;
    }
  /**
   * [ENG-23] A newcomer placed after units it is fully tied with: provisional until people order the
   * tie ('resolve-tie' listing `unit` and `tiedWith`). Never blocks play.
   */
  | {
      readonly id: string;
      readonly kind: 'newcomer-tie';
      readonly blocking: false;
      /** The newcomer's slot. */
      readonly slotId: SlotId;
      readonly unit: UnitRef;
      /** The units it ties with, in their current order. */
      readonly tiedWith: readonly UnitRef[];
    };

export interface EncounterState {
  readonly id: string;
  readonly name: string;
  readonly system: SystemId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly phase: Phase;
  readonly round: number;
  /** Insertion order is display order in setup. */
  readonly combatants: readonly Combatant[];
  readonly groups: readonly Group[];
  /** The initiative order, built when combat starts. */
  readonly slots: readonly TurnSlot[];
  readonly turn: CurrentTurn | null;
  /** Combatants that have taken their turn this round. */
  readonly acted: readonly CombatantId[];
  readonly dice: DiceState;
  /** Counter for deterministic ids (c1, g1, s1, k1 …): decide stays pure and replay gives the same ids. */
  readonly nextId: number;
  /**
   * [ENG-37] Key of the ids made from `nextId` (`mintId`): from the creation event, never projected.
   * Absent in logs from before it existed, whose ids stay sequential.
   */
  readonly idSecret?: string;
  readonly pending: readonly PendingDecision[];
  /** [ENG-42] Turns the timer ended in a row (absent: none since someone last did something). */
  readonly timerStreak?: number;
  /** The system's own state, made by its `initialExt` hook. */
  readonly ext: SystemExt;
  /** Snapshots for undo and redo; never projected. */
  readonly history: History;
}

/** The encounter without its history: what undo and redo swap in and out. */
export type Snapshot = Omit<EncounterState, 'history'>;

/** A state as undo brings it back from the next newer one: the fields it had that differ (absent ones as undefined). */
export type Step = { readonly [K in keyof Snapshot]?: Snapshot[K] | undefined };

export interface History {
  /**
   * Oldest first. The last one is the whole state before the latest command (a Snapshot); each one
   * before it, the Step back from the state after it (history.ts).
   */
  readonly past: readonly Step[];
  /** Next to redo first. */
  readonly future: readonly Snapshot[];
}
