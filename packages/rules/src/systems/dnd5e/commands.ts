// dnd5e's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook.
import type { CombatantId, UnitRef } from '../../core/model.js';

export type Dnd5eCommand =
  /** [DND-9] The GM marks (or unmarks) a combatant as surprised, before combat starts. */
  | { readonly type: 'dnd5e-set-surprised'; readonly combatantId: CombatantId; readonly surprised: boolean }
  /** [DND-10] The optional roll-off: every unit of one pending tie rolls a d20 (server dice), highest first. */
  | { readonly type: 'dnd5e-roll-off'; readonly units: readonly UnitRef[] };
