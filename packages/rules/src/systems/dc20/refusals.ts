// The pure modules' refusals (types.ts) as the engine's rule violations: shared codes map to the
// core's, the others to dc20's own (violations.ts).
import type { Decision } from '../../core/system.js';
import type { RuleViolationCode } from '../../core/violations.js';
import type { Dc20Refusal, Dc20RefusalCode, Result } from './types.js';

const CODES: Readonly<Record<Dc20RefusalCode, RuleViolationCode>> = {
  'invalid-dice': 'invalid-dice',
  'invalid-level': 'dc20-invalid-level',
  'not-a-pc-turn': 'dc20-not-a-pc-turn',
  'not-an-enemy-turn': 'dc20-not-an-enemy-turn',
  'not-eligible': 'not-eligible',
  'not-tied': 'dc20-not-tied',
  'pc-turn-unclaimed': 'dc20-pc-turn-unclaimed',
  'delay-not-later': 'dc20-delay-not-later',
  'not-shared': 'dc20-no-merge',
  'no-enemy-turns': 'dc20-no-merge',
  'not-enough-ap': 'insufficient-resource',
  'not-enough-lap': 'dc20-not-enough-lap',
  'no-pcs': 'dc20-no-pcs',
  'initiative-missing': 'initiative-missing',
  'teams-unordered': 'dc20-teams-unordered',
};

export const refusalOf = (r: Dc20Refusal): Decision => ({ ok: false, violation: { code: CODES[r.code], message: r.message } });

/** The value of a pure result, or the refusal as a decision. */
export const unwrap = <T>(r: Result<T>): T | Decision => (r.ok ? r.value : refusalOf(r.refusal));

export const isDecision = (x: unknown): x is Decision => typeof x === 'object' && x !== null && 'ok' in x && ('events' in x || 'violation' in x);
