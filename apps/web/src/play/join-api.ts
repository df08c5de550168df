import { ApiError, lookupJoin as lookupJoinRequest, takeSeat as takeSeatRequest } from '@roundkeeper/client';
import type { TakeSeatRequest } from '@roundkeeper/protocol';

// The join requests of the phone page: the client package's, with "come back later" answers turned
// into RetryLater so the page can show a retry screen with the wait the server gave.

const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_SERVICE_UNAVAILABLE = 503;

/** The server asked to come back later: too many join attempts (429), or it is busy (503). */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
  constructor(
    readonly reason: 'rate-limited' | 'busy',
    /** From `Retry-After`; null when the server did not say. */
    readonly retryAfterSeconds: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** A 503 may come from a proxy in front of the server, without our error body: it still means "later". */
function asRetryLater(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === HTTP_TOO_MANY_REQUESTS) return new RetryLater('rate-limited', error.retryAfterSeconds, error.message);
  if (error.status === HTTP_SERVICE_UNAVAILABLE || error.code === 'busy') return new RetryLater('busy', error.retryAfterSeconds, error.message);
  return error;
}

const later = <T>(request: Promise<T>): Promise<T> =>
  request.catch((error: unknown) => {
    throw asRetryLater(error);
  });

export const lookupJoin = (joinCode: string) => later(lookupJoinRequest(joinCode));

export const takeSeat = (body: TakeSeatRequest) => later(takeSeatRequest(body));
