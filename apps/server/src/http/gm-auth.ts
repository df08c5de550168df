import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolvePrincipal } from '../auth/principal.js';
import { HttpError } from './http-error.js';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;

/**
 * Throws unless the request carries this encounter's GM token as `Authorization: Bearer <gmToken>`.
 * A header rather than the body or the URL: tokens in URLs end up in logs and browser history.
 */
export async function requireGm(app: FastifyInstance, request: FastifyRequest, encounterId: string): Promise<void> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError('unauthorized', 'Send the GM token as "Authorization: Bearer <token>".');
  const principal = await resolvePrincipal(app.store, encounterId, match[1]);
  // Unknown encounter and wrong token answer alike: the answer says nothing about which encounters exist.
  if (!principal) throw new HttpError('unauthorized', 'The GM token is not valid for this encounter.');
  if (principal.role !== 'gm') throw new HttpError('forbidden', 'Only the GM of this encounter can do that.');
}
