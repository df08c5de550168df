import { RULE_VIOLATIONS } from '@roundkeeper/rules/catalogue';
import type { RuleViolationCode } from '@roundkeeper/rules';

/** Codes for refusals that are not rule violations: transport, auth, validation. */
export const PROTOCOL_ERRORS = {
  'bad-request': 'The message is malformed.',
  'protocol-version': 'This client speaks another protocol version; reload the page.',
  unauthorized: 'The link or token is not valid.',
  forbidden: 'Your role cannot do that.',
  'not-found': 'There is no such encounter.',
  'stale-version': 'The encounter changed since you last saw it.',
  'seat-taken': 'Someone else has taken that seat.',
  'join-locked': 'The GM has closed joining for this encounter.',
  'rate-limited': 'Too many attempts; wait a moment.',
  busy: 'The encounter is busy on another server; send the same command again.',
  internal: 'Something went wrong on the server.',
} as const;

export type ProtocolErrorCode = keyof typeof PROTOCOL_ERRORS;
export type ErrorCode = ProtocolErrorCode | RuleViolationCode;

export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = { ...RULE_VIOLATIONS, ...PROTOCOL_ERRORS };

/** The one mapping from error codes to HTTP statuses. Rule violations are 409 (the state forbids it). */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'bad-request':
    case 'protocol-version':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
    case 'join-locked':
      return 403;
    case 'not-found':
      return 404;
    case 'rate-limited':
      return 429;
    case 'internal':
      return 500;
    case 'busy':
      return 503;
    default:
      return 409;
  }
}

export interface ErrorBody {
  readonly code: ErrorCode;
  readonly message: string;
}
