import { ApiError, type ApiErrorCode } from '@roundkeeper/client';
import type { LogPage } from '@roundkeeper/protocol';

// GET /api/encounters/:encounterId/log for the GM console. The client package posts JSON only; this
// read needs the GM token as a bearer header (never in the URL, where it would reach access logs).

/** One page: after a seq (oldest first from there) or before one (the latest before it). */
export type LogCursor = { readonly after: number } | { readonly before: number };

export type FetchLogPage = (cursor: LogCursor, limit: number) => Promise<LogPage>;

function refusalOf(payload: unknown, status: number): ApiError {
  if (typeof payload === 'object' && payload !== null && 'code' in payload && 'message' in payload) {
    const { code, message } = payload as { code: unknown; message: unknown };
    if (typeof code === 'string' && typeof message === 'string') return new ApiError(code as ApiErrorCode, message, status);
  }
  return new ApiError('internal', `The server answered ${status}.`, status);
}

/** A page fetcher for one encounter, authorised by its GM token. */
export function logPageFetcher(encounterId: string, gmToken: string, baseUrl = ''): FetchLogPage {
  return async (cursor, limit) => {
    const query = new URLSearchParams({ limit: String(limit) });
    if ('after' in cursor) query.set('after', String(cursor.after));
    else query.set('before', String(cursor.before));
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/encounters/${encodeURIComponent(encounterId)}/log?${query}`, {
        headers: { authorization: `Bearer ${gmToken}` },
      });
    } catch {
      throw new ApiError('network', 'Cannot reach the server to read the log.', 0);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) throw refusalOf(payload, response.status);
    // The server builds the page from the protocol's schema; like the other HTTP answers, it is trusted as typed.
    return payload as LogPage;
  };
}
