// genesys's own commands, joined into `Command` by src/commands.ts and decided by its `decide` hook.
import type { UnitRef } from '../../core/model.js';
import type { InitiativeSkill } from './types.js';

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
  | { readonly type: 'genesys-continue-combat' };
