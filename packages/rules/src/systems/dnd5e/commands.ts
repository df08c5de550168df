// dnd5e's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook.
import type { CombatantId, UnitRef } from '../../core/model.js';

export type Dnd5eCommand =
  /**
   * [DND-23] Initiative with named sources of advantage and of disadvantage, combined by the engine
   * (DND-2); `faces`: real dice (as 'enter-initiative'), as many as the combined mode needs.
   */
  | {
      readonly type: 'dnd5e-roll-initiative';
      readonly unit: UnitRef;
      readonly advantage?: readonly string[];
      readonly disadvantage?: readonly string[];
      readonly faces?: readonly number[];
    }
  /** [DND-9] The GM marks (or unmarks) a combatant as surprised, before combat starts. */
  | { readonly type: 'dnd5e-set-surprised'; readonly combatantId: CombatantId; readonly surprised: boolean }
  /**
   * [DND-24] Surprise from Stealth against passive Perception: each hider's Stealth `total`, or the
   * server rolls d20 + `modifier` (default: Dex modifier); `perception` gives observers' passive
   * Perception (default 10) and may name observers beyond the hiders' opponents.
   */
  | {
      readonly type: 'dnd5e-resolve-surprise';
      readonly stealth: readonly { readonly combatantId: CombatantId; readonly total?: number; readonly modifier?: number }[];
      readonly perception?: readonly { readonly combatantId: CombatantId; readonly passive: number }[];
    }
  /** [DND-10] The optional roll-off: every unit of one pending tie rolls a d20 (server dice), highest first. */
  | { readonly type: 'dnd5e-roll-off'; readonly units: readonly UnitRef[] }
  /**
   * [DND-18] A dying PC's death saving throw: the server rolls the d20, or `face` is a real die read by
   * its player or the GM (as 'physicalDice' allows); `modifier` for bonuses such as Bless.
   */
  | { readonly type: 'dnd5e-death-save'; readonly combatantId: CombatantId; readonly face?: number; readonly modifier?: number }
  /**
   * [DND-25] The GM sets a PC's tally at 0 hit points as it stands (carried in from the last fight, or
   * a mistake put right): three failures are death.
   */
  | {
      readonly type: 'dnd5e-set-death-saves';
      readonly combatantId: CombatantId;
      readonly successes: number;
      readonly failures: number;
      readonly stable: boolean;
    }
  /** [DND-27] [DND-28] A legendary creature takes one legendary action option costing `cost` (default 1). */
  | { readonly type: 'dnd5e-legendary-action'; readonly combatantId: CombatantId; readonly cost?: number }
  /** [DND-30] A creature's lair takes its lair action (initiative count 20). */
  | { readonly type: 'dnd5e-lair-action'; readonly combatantId: CombatantId };
