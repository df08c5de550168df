import type { SystemViolationCode } from './system-types.js';

/**
 * Stable codes for commands the rules refuse. A refusal is a value, never an exception;
 * exceptions are for bugs. The protocol maps these codes to acknowledgements and HTTP statuses.
 */
export const CORE_VIOLATIONS = {
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
  'invalid-health': 'That amount of damage, healing or health does not fit.',
  'no-health': 'That combatant has no health to track yet: give it a maximum first.',
  'nothing-to-undo': 'There is nothing to undo.',
  'nothing-to-redo': 'There is nothing to redo.',
} as const;

export type CoreViolationCode = keyof typeof CORE_VIOLATIONS;
/** The engine's codes and each compiled-in system's own (systems/<id>/violations.ts). */
export type RuleViolationCode = CoreViolationCode | SystemViolationCode;

export interface RuleViolation {
  readonly code: RuleViolationCode;
  /** A sentence a person at the table can read. */
  readonly message: string;
}

/**
 * A refusal. A core code may leave out its sentence (the catalogue's is used); a system's code always
 * brings its own (from systems/<id>/violations.ts), as the core knows no system's catalogue.
 */
export function violation(code: CoreViolationCode, message?: string): RuleViolation;
export function violation(code: RuleViolationCode, message: string): RuleViolation;
export function violation(code: RuleViolationCode, message?: string): RuleViolation {
  return { code, message: message ?? CORE_VIOLATIONS[code as CoreViolationCode] };
}
