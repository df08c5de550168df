import type { CommandType } from './commands.js';
import type { Health, HealthTrack } from './health/model.js';
import type {
  ResourceRefresh,
  Combatant,
  CombatantId,
  Condition,
  ConditionId,
  Group,
  InitiativeRoll,
  PendingDecision,
  RngState,
  SlotId,
  SystemId,
  TurnSlot,
  UnitRef,
} from './model.js';
import type { SystemEvent } from './system-types.js';

/**
 * [ENG-33] One target of a health fact: whose health (a combatant, or a group's shared pool), the
 * amount the command gave, and the health before and after, so the log can tell it without the state.
 */
export interface HealthChange {
  readonly target: UnitRef;
  /** For a pooled group: the member the command named. */
  readonly combatantId: CombatantId;
  readonly amount: number;
  readonly critical?: boolean;
  readonly before: Health | null;
  readonly after: Health;
}

/** Who issued a command: the GM, a player, or [ENG-41] the server's turn timer ending a turn whose time ran out. */
export type CommandAppliedBy = 'gm' | 'player' | 'timer';

/**
 * Facts, in the past tense. `evolve` applies them without rolling or deciding anything:
 * dice faces and the generator state after the roll are part of the event.
 */
export type CoreEvent =
  | {
      readonly type: 'encounter-created';
      readonly id: string;
      readonly name: string;
      readonly system: SystemId;
      readonly options: Readonly<Record<string, unknown>>;
      readonly seed: string;
      readonly seedCommitment: string;
      /** [ENG-37] Key of the encounter's ids; absent in logs from before it existed. */
      readonly idSecret?: string;
    }
  /**
   * First event of every accepted command but undo and redo, added by `decide` in one place:
   * evolve keeps the state before it for undo, and the log knows who did what.
   */
  | {
      readonly type: 'command-applied';
      readonly command: CommandType;
      readonly by: CommandAppliedBy;
      /** The acting player's combatants (their seat), so the log can say whose it was; absent for the GM. */
      readonly player?: readonly CombatantId[];
    }
  /** [ENG-40] `at`: the server's time, which a turn it brings back starts from. */
  | { readonly type: 'undone'; readonly at?: number }
  | { readonly type: 'redone'; readonly at?: number }
  | { readonly type: 'options-set'; readonly options: Readonly<Record<string, unknown>> }
  | { readonly type: 'group-added'; readonly group: Group }
  | { readonly type: 'combatant-added'; readonly combatant: Combatant }
  | { readonly type: 'combatant-removed'; readonly combatantId: CombatantId }
  | { readonly type: 'hidden-set'; readonly combatantId: CombatantId; readonly hidden: boolean }
  | { readonly type: 'note-set'; readonly combatantId: CombatantId; readonly note: string }
  | { readonly type: 'defeated-set'; readonly combatantId: CombatantId; readonly defeated: boolean }
  | { readonly type: 'initiative-begun' }
  | {
      readonly type: 'initiative-rolled';
      readonly unit: UnitRef;
      readonly roll: InitiativeRoll;
      readonly rng: RngState;
    }
  | { readonly type: 'tie-resolved'; readonly order: readonly UnitRef[] }
  | { readonly type: 'combat-started'; readonly slots: readonly TurnSlot[] }
  /** A newcomer's slot, inserted into the running order at `index` (dnd5e: "takes its place"). */
  | { readonly type: 'slot-inserted'; readonly slot: TurnSlot; readonly index: number }
  /** [ENG-23] A slot taken out of the order and put back at `index` (of the order without it). */
  | { readonly type: 'slot-moved'; readonly slotId: SlotId; readonly index: number }
  | { readonly type: 'round-started'; readonly round: number }
  | {
      readonly type: 'turn-started';
      readonly slotId: SlotId;
      readonly actorIds: readonly CombatantId[];
      /** [ENG-39] The server's time when it started (ms since 1970); absent when decided without a clock. */
      readonly at?: number;
    }
  /** An open slot's turn is taken by these combatants; `at` restarts its clock ([ENG-39]). */
  | { readonly type: 'turn-claimed'; readonly slotId: SlotId; readonly actorIds: readonly CombatantId[]; readonly at?: number }
  /** `timedOut`: the timer ended it ([ENG-41]), and `actorIds` say whose it was, for the log. */
  | { readonly type: 'turn-ended'; readonly slotId: SlotId; readonly timedOut?: true; readonly actorIds?: readonly CombatantId[] }
  | { readonly type: 'round-ended'; readonly round: number }
  | { readonly type: 'decision-opened'; readonly decision: PendingDecision }
  | { readonly type: 'decision-closed'; readonly decisionId: string }
  | { readonly type: 'condition-added'; readonly combatantId: CombatantId; readonly condition: Condition }
  | { readonly type: 'condition-removed'; readonly combatantId: CombatantId; readonly conditionId: ConditionId }
  /** A timed condition ran out, emitted by the turn machinery at the moment it ends. */
  | { readonly type: 'condition-expired'; readonly combatantId: CombatantId; readonly conditionId: ConditionId }
  | {
      readonly type: 'resource-changed';
      readonly combatantId: CombatantId;
      readonly resource: string;
      readonly current: number;
      readonly max: number;
      /** [ENG-36] Set with the pool; absent: the pool keeps its refresh. */
      readonly refresh?: ResourceRefresh;
    }
  /** [ENG-26] [ENG-33] Applied in order: a later target's `before` is the health an earlier one left. */
  | { readonly type: 'damage-applied'; readonly track: HealthTrack; readonly targets: readonly HealthChange[] }
  | { readonly type: 'healing-applied'; readonly track: HealthTrack; readonly targets: readonly HealthChange[] }
  | { readonly type: 'max-health-set'; readonly track: HealthTrack; readonly targets: readonly HealthChange[] }
  | { readonly type: 'temp-health-set'; readonly targets: readonly HealthChange[] }
  /** Carries the seed so anyone holding the log can re-check every server roll (see DICE.md). */
  | { readonly type: 'encounter-ended'; readonly seed: string };

export type EncounterEvent = CoreEvent | SystemEvent;
export type EventType = EncounterEvent['type'];

/** Every core event type, checked complete by the compiler: what is not listed here belongs to a system. */
const CORE_EVENT_TYPES: Readonly<Record<CoreEvent['type'], true>> = {
  'encounter-created': true,
  'command-applied': true,
  undone: true,
  redone: true,
  'options-set': true,
  'group-added': true,
  'combatant-added': true,
  'combatant-removed': true,
  'hidden-set': true,
  'note-set': true,
  'defeated-set': true,
  'initiative-begun': true,
  'initiative-rolled': true,
  'tie-resolved': true,
  'combat-started': true,
  'slot-inserted': true,
  'slot-moved': true,
  'round-started': true,
  'turn-started': true,
  'turn-claimed': true,
  'turn-ended': true,
  'round-ended': true,
  'decision-opened': true,
  'decision-closed': true,
  'condition-added': true,
  'condition-removed': true,
  'condition-expired': true,
  'resource-changed': true,
  'damage-applied': true,
  'healing-applied': true,
  'max-health-set': true,
  'temp-health-set': true,
  'encounter-ended': true,
};

export const isCoreEvent = (event: EncounterEvent): event is CoreEvent => Object.hasOwn(CORE_EVENT_TYPES, event.type);
