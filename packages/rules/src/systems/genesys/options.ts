// genesys's flags (validated by `parseFlags`; `physicalDice` belongs to the engine).
import type { FlagDef } from '../../core/flags.js';
import type { EncounterState } from '../../core/model.js';
import { genesysOptions } from './results.js';
import type { GenesysOptions } from './types.js';

export const FLAGS: Readonly<Record<string, FlagDef>> = {
  /** [GEN-14] README: net failures rank as 0 successes (false) or below zero (true). */
  signedNetRanking: { kind: 'boolean', default: false },
  /** [GEN-21] A slot with exactly one eligible unit is given to it without asking. */
  autoFillSingle: { kind: 'boolean', default: true },
  /** [GEN-25] Turns wait at each round's end until the GM says the action goes on. */
  confirmNextRound: { kind: 'boolean', default: false },
};

export interface GenesysFlags extends GenesysOptions {
  readonly autoFillSingle: boolean;
  readonly confirmNextRound: boolean;
}

/** The encounter's flags (already validated; a missing key takes its default). */
export const flagsOf = (state: EncounterState): GenesysFlags => ({
  ...genesysOptions(state.options),
  autoFillSingle: state.options['autoFillSingle'] !== false,
  confirmNextRound: state.options['confirmNextRound'] === true,
});
