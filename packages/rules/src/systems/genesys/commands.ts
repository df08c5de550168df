// genesys's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook.
import type { CombatantId, UnitRef } from '../../core/model.js';
import type { InitiativeSkill, RecoverySkill } from './types.js';

export type GenesysCommand =
  /** [GEN-13] The unit's initiative check before it rolls: Cool or Vigilance, plus situational Boost/Setback dice. */
  | {
      readonly type: 'genesys-declare-check';
      readonly unit: UnitRef;
      readonly skill: InitiativeSkill;
      readonly boost: number;
      readonly setback: number;
    }
  /** [GEN-25] The GM's answer at a round's end: the action goes on (ending it is 'end-encounter'). */
  | { readonly type: 'genesys-continue-combat' }
  /** [GEN-40] After the encounter: a PC catches their breath (the PC's player or the GM); `faces`: real dice, one face index per die. */
  | { readonly type: 'genesys-recover-strain'; readonly combatantId: CombatantId; readonly skill: RecoverySkill; readonly faces?: readonly number[] };
