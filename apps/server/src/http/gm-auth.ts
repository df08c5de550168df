import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { encounterParamsSchema } from '@roundkeeper/protocol';
import { resolvePrincipal } from '../auth/principal.js';
import { describeIssue } from '../validation.js';
import { HttpError } from './http-error.js';
import type { RouteGroup } from './route-group.js';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;

/** The OpenAPI security scheme of the GM token. */
export const GM_TOKEN_SCHEME = 'gmToken';

/** `schema.security` of a GM route: documents the bearer token, and makes gmAuth require it. */
export const GM_ONLY = [{ [GM_TOKEN_SCHEME]: [] }] as const;

/** The GM's routes (registered with routeGroup): the token opens them, and each names an encounter that may not exist. */
export const GM_ROUTES: RouteGroup = { security: GM_ONLY, refusals: ['bad-request', 'unauthorized', 'forbidden', 'not-found'] };

/** The encounter id is all the check needs; a route's other path parameters are its schema's business. */
const gmParamsSchema = encounterParamsSchema.loose();

/**
 * Throws unless the request carries this encounter's GM token as `Authorization: Bearer <gmToken>`.
 * A header rather than the body or the URL: tokens in URLs end up in logs and browser history.
 */
async function requireGm(app: FastifyInstance, request: FastifyRequest, encounterId: string): Promise<void> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError('unauthorized', 'Send the GM token as "Authorization: Bearer <token>".');
  const principal = await resolvePrincipal(app.store, encounterId, match[1]);
  // Unknown encounter and wrong token answer alike: the answer says nothing about which encounters exist.
  if (!principal) throw new HttpError('unauthorized', 'The GM token is not valid for this encounter.');
  if (principal.role !== 'gm') throw new HttpError('forbidden', 'Only the GM of this encounter can do that.');
}

/**
 * Requires the GM token of every route whose schema says `security: GM_ONLY`, so the documented
 * requirement and the enforced one cannot drift apart. In onRequest: before the body is read or
 * anything is validated, so a caller without the token learns nothing, not even that their query or
 * body was malformed (docs/protocol.md: a missing or wrong token is 401 before the body is looked at).
 */
export const gmAuth = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!request.routeOptions.schema?.security?.some((requirement) => GM_TOKEN_SCHEME in requirement)) return;
      // The encounter id first: the token is looked up by it.
      const params = gmParamsSchema.safeParse(request.params);
      if (!params.success) throw new HttpError('bad-request', describeIssue(params.error));
      await requireGm(app, request, params.data.encounterId);
    });
  },
  { name: 'gm-auth' },
);
