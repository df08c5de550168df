import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from './http-error.js';

/** How many requests a client may make per window. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** "40 s", or "12 min" once it is long enough that seconds would be hard to read. */
export const waitPhrase = (seconds: number): string => (seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

export interface ClientLimit {
  /** The limit's own count (and Redis key space): routes given the same group share one budget. */
  readonly group: string;
  readonly limit: RateLimit;
  /** The refusal's sentence, told how many seconds to wait (also sent as `Retry-After`). */
  readonly refusal: (waitSeconds: number) => string;
}

/**
 * An `onRequest` hook counting each request against the client's budget (@fastify/rate-limit, keyed on
 * `request.ip`: see TRUST_PROXY). Over it: 429 `rate-limited` in the `{ code, message }` contract with
 * `Retry-After` in seconds, before the body is even read. Needs the rate-limits plugin registered first.
 */
export function clientLimit(app: FastifyInstance, { group, limit, refusal }: ClientLimit): onRequestAsyncHookHandler {
  const check = app.rateLimit({
    groupId: group,
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request, context) => new HttpError('rate-limited', refusal(Math.ceil(context.ttl / 1000))),
  });
  return async (request, reply) => {
    await check.call(app, request, reply);
  };
}
