import type { Actor, Command } from './commands.js';
import type { EncounterEvent } from './events.js';
import type { Combatant, EncounterState, InitiativeRoll, RngState, RollMode, TurnSlot, UnitRef } from './model.js';
import type { RuleViolation } from './violations.js';

/** A number a system needs on each combatant, with its bounds (validated by `decide`). */
export interface StatDef {
  readonly key: string;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

export type Decision =
  | { readonly ok: true; readonly events: readonly EncounterEvent[] }
  | { readonly ok: false; readonly violation: RuleViolation };

/**
 * One initiative system. Each lives in `systems/<id>/` with the same file names and is
 * registered once in `systems/registry.ts`; nothing outside the registry branches on a system id.
 */
export interface InitiativeSystem {
  readonly id: EncounterState['system'];
  readonly label: string;
  readonly defaultOptions: Readonly<Record<string, unknown>>;
  readonly statDefs: readonly StatDef[];
  /** Rolls one unit's initiative with the encounter's generator; returns the roll and the generator after it. */
  rollInitiative(
    state: EncounterState,
    unit: UnitRef,
    members: readonly Combatant[],
    mode: RollMode,
    rng: RngState,
  ): { readonly roll: InitiativeRoll; readonly rng: RngState };
  /** Groups of units whose order people must decide before combat can start. */
  pendingTies(state: EncounterState): readonly (readonly UnitRef[])[];
  /** The order of turn slots, built when combat starts. */
  buildSlots(state: EncounterState, nextId: () => string): readonly TurnSlot[];
  /** Who acts in `slot` now; empty when nobody is eligible (the slot is then skipped). */
  eligibleActors(state: EncounterState, slot: TurnSlot): readonly Combatant['id'][];
  /**
   * Where a unit that rolled after combat started takes its place (`state` already holds its roll):
   * the new slot and the index it is inserted at. Without this hook a newcomer rolls but gets no slot.
   */
  placeNewcomer?(state: EncounterState, unit: UnitRef, slotId: string): { readonly slot: TurnSlot; readonly index: number } | undefined;
  /** A system's own commands; return `undefined` to let the common engine decide. */
  decide?(state: EncounterState, command: Command, actor: Actor): Decision | undefined;
}
