/**
 * Socket errors that mean the database cannot be reached (refused, reset, timed out, unresolvable):
 * Node's codes, as the pg driver passes them on.
 */
const NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's own: class 08 (connection exception), 57P01-57P03 (the server is shutting down, crashed
 * or starting up: admin_shutdown, crash_shutdown, cannot_connect_now).
 */
const SERVER_GONE_CODES = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
/** What node-postgres says, without a code, when the connection dies under a query or cannot be used. */
const DRIVER_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;
/** Causes followed at most this deep (drizzle wraps the driver's error once). */
const MAX_CAUSE_DEPTH = 5;

/**
 * True when the error says the database is away (stopped, restarting, unreachable), not that a query
 * was wrong: the caller answers `busy` (send again) rather than `internal`. Looks through drizzle's
 * wrapping (`cause`) and a failed connect to several addresses (`AggregateError`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.test(code))) return true;
  if (DRIVER_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** The refusal's sentence while the database is away: nothing was done, and the same request may be sent again. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The server cannot reach its database right now; nothing was done. Try the same again in a moment.';
