// dnd5e's slot in `EncounterState.ext`, made by its `initialExt` hook. Plain, readonly, JSON data.
import type { CombatantId, DieFace, EncounterState, UnitRef } from '../../core/model.js';
import type { DeathSaves } from './death-saves.js';

/** One unit's d20 in a roll-off. */
export interface RollOffThrow {
  readonly unit: UnitRef;
  readonly die: DieFace;
}

/** [DND-10] A tie settled by rolling off: every throw, the first by all `units`, later ones re-rolling ties. */
export interface RollOff {
  readonly units: readonly UnitRef[];
  readonly throws: readonly (readonly RollOffThrow[])[];
}

export interface Dnd5eExt {
  readonly system: 'dnd5e';
  /** [DND-9] Combatants the GM marked surprised at the start of the encounter. */
  readonly surprised: readonly CombatantId[];
  /** [DND-10] Every roll-off so far, oldest first. */
  readonly rollOffs: readonly RollOff[];
  /** [DND-17] [DND-18] The death saves of each PC at 0 hit points (dying, stable or dead). */
  readonly dying: Readonly<Record<CombatantId, DeathSaves>>;
  /**
   * [DND-18] The round in which each PC spent its turn's death save (made it, or went down during its
   * own turn): no second save until its turn in a later round. Absent in states made before it existed.
   */
  readonly deathSaveRounds?: Readonly<Record<CombatantId, number>>;
  /**
   * [DND-27] [DND-28] Legendary actions spent since each creature's own turn started, and the turn
   * ("round:slot") it last spent one on. Optional: states kept from before it existed have none.
   */
  readonly legendary?: Readonly<Record<CombatantId, { readonly spent: number; readonly turn: string }>>;
  /** [DND-30] The last round the lair acted in. */
  readonly lairRound?: number;
}

export const initialDnd5eExt = (): Dnd5eExt => ({ system: 'dnd5e', surprised: [], rollOffs: [], dying: {}, deathSaveRounds: {} });

/** The dnd5e slot of a dnd5e encounter; anything else is a bug (the registry sent another system's state). */
export function dnd5eExt(state: EncounterState): Dnd5eExt {
  if (state.ext.system !== 'dnd5e') throw new Error(`A ${state.system} encounter has no dnd5e state.`);
  return state.ext;
}
