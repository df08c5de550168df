// dnd5e's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
import type { CombatantId, DieFace, RngState, RollMode, UnitRef } from '../../core/model.js';
import type { DeathSaveOutcome, DeathSaves } from './death-saves.js';
import type { RollOffThrow } from './state.js';
import type { PerceptionResult, StealthCheck } from './stealth.js';

/** [DND-17] [DND-19] [DND-20] Why a character's death saves changed without a roll. */
/** [DND-25] 'set': the GM's 'dnd5e-set-death-saves'. */
export type DeathSavesCause = 'down' | 'damage' | 'critical-damage' | 'massive-damage' | 'healed' | 'revived' | 'set';

export type Dnd5eEvent =
  /** [DND-27] [DND-28] One legendary action option taken, at the end of the turn `turn` ("round:slot"). */
  | { readonly type: 'dnd5e-legendary-action-used'; readonly combatantId: CombatantId; readonly cost: number; readonly turn: string }
  /** [DND-29] Its turn started: every legendary action spent is back. */
  | { readonly type: 'dnd5e-legendary-regained'; readonly combatantId: CombatantId }
  /** [DND-30] The lair acted this round (on initiative count 20). */
  | { readonly type: 'dnd5e-lair-action-used'; readonly combatantId: CombatantId; readonly round: number }
  /** [DND-23] Why a roll took its mode: the named sources (srd52 surprise among them as 'Surprised') and what they combine to. The roll follows. */
  | {
      readonly type: 'dnd5e-roll-sources';
      readonly unit: UnitRef;
      readonly advantage: readonly string[];
      readonly disadvantage: readonly string[];
      readonly mode: RollMode;
    }
  | { readonly type: 'dnd5e-surprise-set'; readonly combatantId: CombatantId; readonly surprised: boolean }
  /**
   * [DND-24] The Stealth checks (server d20s or entered totals) and each observer's passive Perception
   * with what it gives; `rng` is the generator after the last server die. The marks follow as
   * 'dnd5e-surprise-set', one per mark that changes.
   */
  | {
      readonly type: 'dnd5e-surprise-resolved';
      readonly stealth: readonly StealthCheck[];
      readonly perception: readonly PerceptionResult[];
      readonly rng: RngState;
    }
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
    }
  /** [DND-17] [DND-19] [DND-20] A PC's tally set by what happened to it (null: back on its feet). */
  | {
      readonly type: 'dnd5e-death-saves-set';
      readonly combatantId: CombatantId;
      readonly cause: DeathSavesCause;
      readonly before: DeathSaves | null;
      readonly after: DeathSaves | null;
    }
  /**
   * [DND-18] One death saving throw: the d20 (rolled by the server, or read from a real die), the
   * tally before and after (null: a natural 20, back with 1 hit point, which 'healing-applied' follows).
   */
  | {
      readonly type: 'dnd5e-death-save-rolled';
      readonly combatantId: CombatantId;
      /** The one d20, as every rolling event carries its dice. */
      readonly dice: readonly DieFace[];
      readonly modifier: number;
      readonly total: number;
      readonly source: 'server' | 'physical';
      readonly outcome: DeathSaveOutcome;
      readonly before: DeathSaves;
      readonly after: DeathSaves | null;
      /** The generator after the die (unchanged for a real die). */
      readonly rng: RngState;
    };
