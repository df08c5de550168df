// What genesys shows of its own state (`EncounterState.ext`) to an audience, through its `projectExt` hook.
// Joined into `SystemViewExt` by systems/ext.ts. Nothing here names a unit the audience cannot see.
import type { CombatantId, SlotId, UnitRef } from '../../core/model.js';
import type { DiceSpec } from '../../core/system.js';
import type { GenesysSide, InitiativeSkill } from './types.js';

/** A visible unit's initiative check, declared or the default (Vigilance, no extra dice). */
export interface GenesysCheckView {
  readonly unit: UnitRef;
  readonly skill: InitiativeSkill;
  readonly boost: number;
  readonly setback: number;
  /** False while the table has not chosen: rolling now uses the default (GEN-13). */
  readonly declared: boolean;
  readonly rolled: boolean;
  /**
   * The dice a normal roll takes, in the order physical faces are entered (GEN-29). Only for the GM and
   * the unit's own player (it reveals the stats); null for others.
   */
  readonly dice: readonly DiceSpec[] | null;
}

/** A slot's rank (GEN-14..16); `origin` (which result made it) for the GM only. */
export interface GenesysSlotRankView {
  readonly slotId: SlotId;
  readonly side: GenesysSide;
  readonly successes: number;
  readonly advantages: number;
  readonly origin?: UnitRef;
}

/** Who may take the current open slot (GEN-19, GEN-20), as far as the audience can see. */
export interface GenesysFillView {
  readonly slotId: SlotId;
  readonly decidedBy: 'players' | 'gm';
  readonly candidates: readonly UnitRef[];
}

export interface GenesysViewExt {
  readonly system: 'genesys';
  readonly checks: readonly GenesysCheckView[];
  /** Units that have neither declared a check nor rolled: Cool or Vigilance is still open (non-blocking). */
  readonly awaitingCheck: readonly UnitRef[];
  readonly ranking: readonly GenesysSlotRankView[];
  readonly fill: GenesysFillView | null;
  /** [GEN-25] The round whose end awaits the GM's "the action goes on" (or 'end-encounter'); null otherwise. */
  readonly continueAsked: number | null;
  /** Whether 'end-turn' and 'claim-turn' wait for that answer (flag `confirmNextRound`). */
  readonly continueBlocks: boolean;
  /** [GEN-40] After the encounter: the PCs who may still catch their breath, among those whose health numbers the audience sees (ENG-32). */
  readonly mayRecoverStrain: readonly CombatantId[];
}
