// Refusals the uesrpg rules add to the engine's catalogue (violations.ts in the core), as values
// with stable codes. Running out of AP is the core's 'insufficient-resource' (AP are a core resource).
import type { RuleViolationCode } from '../../core/violations.js';

export const UESRPG_VIOLATIONS = {
  'already-reacted': 'Only one reaction is allowed against each threat or event.',
  surprised: 'A surprised character may only take reactions until after their first turn.',
  'action-unresolved': 'Resolve the declared action and the reactions to it first.',
  'extended-in-progress': 'An extended action is still in progress: continue or abandon it first.',
  'no-extended-action': 'There is no extended action in progress.',
  'invalid-action': 'That action does not fit the rules for its type.',
  'surprise-undecided': 'The GM must first decide who is surprised (possibly nobody).',
} as const;

type CoreCode = Extract<RuleViolationCode, 'not-your-turn' | 'invalid-command' | 'insufficient-resource'>;

const MESSAGES: Readonly<Record<keyof typeof UESRPG_VIOLATIONS | CoreCode, string>> = {
  ...UESRPG_VIOLATIONS,
  'not-your-turn': 'It is not your turn.',
  'invalid-command': 'That command does not fit the encounter.',
  'insufficient-resource': 'Not enough Action Points left for that.',
};

export type UesrpgViolationCode = keyof typeof MESSAGES;

export interface UesrpgViolation {
  readonly code: UesrpgViolationCode;
  /** A sentence a person at the table can read. */
  readonly message: string;
}

export const uesViolation = (code: UesrpgViolationCode, message: string = MESSAGES[code]): UesrpgViolation => ({
  code,
  message,
});
