// genesys's own events, joined into `EncounterEvent` by src/events.ts and applied by its `evolve` hook.
// Only 'genesys-strain-recovered' carries dice (its `serverDice`); initiative rolls through the engine's 'initiative-rolled'.
import type { CombatantId, DieFace, RngState, SlotId, UnitRef } from '../../core/model.js';
import type { RecoverySkill } from './types.js';
import type { InitiativeCheck, RankKey } from './types.js';

/** One slot's rank and the result it was made from. */
export interface RankedSlot {
  readonly slotId: SlotId;
  readonly key: RankKey;
  readonly origin: UnitRef;
}

export type GenesysEvent =
  | { readonly type: 'genesys-check-declared'; readonly unit: UnitRef; readonly check: InitiativeCheck }
  /** [GEN-27] [GEN-32] Slots made at combat start, or a newcomer's slot, with their rank keys. */
  | { readonly type: 'genesys-slots-ranked'; readonly slots: readonly RankedSlot[] }
  /** [GEN-25] A round ended: the GM determines whether the action goes on. */
  | { readonly type: 'genesys-continue-asked'; readonly round: number }
  | { readonly type: 'genesys-combat-continued'; readonly round: number }
  /** [GEN-40] A PC caught their breath: the check's dice, its net successes, the strain recovered (a 'healing-applied' follows when any). */
  | {
      readonly type: 'genesys-strain-recovered';
      readonly combatantId: CombatantId;
      readonly skill: RecoverySkill;
      readonly dice: readonly DieFace[];
      readonly source: 'server' | 'physical';
      readonly rng: RngState;
      readonly successes: number;
      readonly recovered: number;
    };
