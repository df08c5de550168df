// What dnd5e shows of its own state to an audience (`EncounterView.ext`). Non-GM audiences see
// nothing of hidden units; the `projectExt` hook that builds it is in project.ts.
import type { CombatantId, SlotId, UnitRef } from '../../core/model.js';
import type { DeathSaveTiming } from './death-save-turn.js';
import type { DeathSaves } from './death-saves.js';
import { type RollOff } from './state.js';
import { type TieDecider } from './ties.js';

export interface Dnd5eTieView {
  readonly units: readonly UnitRef[];
  /** 'players': the tied characters' players (or the GM) may order it or roll it off; 'gm': the GM only. */
  readonly decidedBy: TieDecider;
}

export interface Dnd5eViewExt {
  readonly system: 'dnd5e';
  /** [DND-9] Visible combatants the GM marked surprised (srd51: see their 'Surprised' condition in combat). */
  readonly surprised: readonly CombatantId[];
  /** [DND-8] The pending ties this audience can see (as `pendingTies`), with who may order each. */
  readonly ties: readonly Dnd5eTieView[];
  /** [DND-10] Roll-offs so far, with the throws of visible units only. */
  readonly rollOffs: readonly RollOff[];
  /**
   * [DND-21] The death saves of PCs at 0 hit points, where this audience sees that PC's numbers
   * (ENG-32); others know only the state (dying, stable, dead). `timing`: whether the save is due now (DND-18).
   */
  readonly deathSaves: readonly ({ readonly combatantId: CombatantId; readonly timing: DeathSaveTiming } & DeathSaves)[];
  /** [DND-27] Each visible legendary creature's legendary actions: how many a round, how many left now. */
  readonly legendary: readonly { readonly combatantId: CombatantId; readonly max: number; readonly left: number }[];
  /**
   * [DND-30] Where initiative count 20 falls when a visible creature has lair actions: before `slotId`
   * (null: after the round's last turn), and whether the lair has acted this round; null: no lair.
   */
  readonly lair: { readonly slotId: SlotId | null; readonly usedThisRound: boolean } | null;
}
