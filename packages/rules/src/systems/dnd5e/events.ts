// dnd5e's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
import type { CombatantId, RngState, UnitRef } from '../../core/model.js';
import type { RollOffThrow } from './state.js';

export type Dnd5eEvent =
  | { readonly type: 'dnd5e-surprise-set'; readonly combatantId: CombatantId; readonly surprised: boolean }
  /**
   * The d20s of a roll-off, in the order drawn: `throws[0]` is everyone in `units`, each later throw
   * re-rolls one tie of the roll-off. `rng` is the generator after the last die. The order it gives
   * follows as the core's 'tie-resolved'.
   */
  | {
      readonly type: 'dnd5e-rolled-off';
      readonly units: readonly UnitRef[];
      readonly throws: readonly (readonly RollOffThrow[])[];
      readonly rng: RngState;
    };
