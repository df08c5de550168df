import { DC20_VIOLATIONS } from './systems/dc20/violations.js';
import { DND5E_VIOLATIONS } from './systems/dnd5e/violations.js';
import { GENESYS_VIOLATIONS } from './systems/genesys/violations.js';
import { LFG_VIOLATIONS } from './systems/lfg/violations.js';
import { UESRPG_VIOLATIONS } from './systems/uesrpg/violations.js';

/**
 * Stable codes for commands the rules refuse. A refusal is a value, never an exception;
 * exceptions are for bugs. The protocol maps these codes to acknowledgements and HTTP statuses.
 */
const CORE_VIOLATIONS = {
  'wrong-phase': 'The encounter is not in a phase that allows this.',
  'not-your-turn': 'It is not your turn.',
  'not-your-combatant': 'That combatant is not yours.',
  'gm-only': 'Only the GM can do that.',
  'unknown-combatant': 'There is no such combatant.',
  'unknown-group': 'There is no such group.',
  'invalid-stats': 'The stats do not fit this system.',
  'already-rolled': 'Initiative has already been rolled for that.',
  'initiative-missing': 'Not everyone has rolled initiative yet.',
  'tie-unresolved': 'Tied initiative results must be ordered first.',
  'not-a-tie': 'Those results are not tied with each other.',
  'no-combatants': 'Add combatants first.',
  'invalid-command': 'That command does not fit the encounter.',
  'invalid-options': 'Those options do not fit this system.',
  'invalid-dice': 'Those dice do not fit this roll.',
  'not-supported': 'This game has no rule for that.',
  'decision-pending': 'A decision must be made first.',
  'not-eligible': 'That combatant cannot take this turn.',
  'unknown-condition': 'There is no such condition.',
  'insufficient-resource': 'Not enough of that resource is left.',
  'nothing-to-undo': 'There is nothing to undo.',
  'nothing-to-redo': 'There is nothing to redo.',
} as const;

/** The one catalogue: the engine's codes and each system's own (systems/<id>/violations.ts). */
export const RULE_VIOLATIONS = {
  ...CORE_VIOLATIONS,
  ...DND5E_VIOLATIONS,
  ...DC20_VIOLATIONS,
  ...GENESYS_VIOLATIONS,
  ...LFG_VIOLATIONS,
  ...UESRPG_VIOLATIONS,
} as const;

export type RuleViolationCode = keyof typeof RULE_VIOLATIONS;

export interface RuleViolation {
  readonly code: RuleViolationCode;
  /** A sentence a person at the table can read. */
  readonly message: string;
}

export const violation = (code: RuleViolationCode, message: string = RULE_VIOLATIONS[code]): RuleViolation => ({
  code,
  message,
});
