import type {
  Combatant,
  CombatantId,
  Group,
  InitiativeRoll,
  RngState,
  SlotId,
  SystemId,
  TurnSlot,
  UnitRef,
} from './model.js';

/**
 * Facts, in the past tense. `evolve` applies them without rolling or deciding anything:
 * dice faces and the generator state after the roll are part of the event.
 */
export type EncounterEvent =
  | {
      readonly type: 'encounter-created';
      readonly id: string;
      readonly name: string;
      readonly system: SystemId;
      readonly options: Readonly<Record<string, unknown>>;
      readonly seed: string;
      readonly seedCommitment: string;
    }
  | { readonly type: 'group-added'; readonly group: Group }
  | { readonly type: 'combatant-added'; readonly combatant: Combatant }
  | { readonly type: 'combatant-removed'; readonly combatantId: CombatantId }
  | { readonly type: 'hidden-set'; readonly combatantId: CombatantId; readonly hidden: boolean }
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
  | { readonly type: 'round-started'; readonly round: number }
  | {
      readonly type: 'turn-started';
      readonly slotId: SlotId;
      readonly actorIds: readonly CombatantId[];
    }
  | { readonly type: 'turn-ended'; readonly slotId: SlotId }
  | { readonly type: 'encounter-ended' };

export type EventType = EncounterEvent['type'];
