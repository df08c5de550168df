import type { ErrorCode } from '@roundkeeper/protocol';

/** A refusal a route throws on purpose; the error handler turns it into { code, message } with its status. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
