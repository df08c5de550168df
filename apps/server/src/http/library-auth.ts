import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from '../auth/secrets.js';
import { HttpError } from './http-error.js';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,128})$/;

/** The OpenAPI security scheme of a library token (api-docs declares it beside the GM token's). */
export const LIBRARY_TOKEN_SCHEME = 'libraryToken';

/** `schema.security` of a library route: documents the bearer token, and makes the hook below require it. */
export const LIBRARY_ONLY = [{ [LIBRARY_TOKEN_SCHEME]: [] }] as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The library the request's token opens; set before the handler of every LIBRARY_ONLY route. */
    libraryId: string;
  }
}

/**
 * Requires a library token on every route of `app` whose schema says `security: LIBRARY_ONLY`, in
 * onRequest like gm-auth: before the body is read, so a caller without the token learns nothing, not
 * even that its body was malformed or not JSON at all (docs/protocol.md: 401 before the body).
 * Registered inside the library routes' plugin, so it runs for those routes only.
 */
export function requireLibraryToken(app: FastifyInstance, findLibraryId: (tokenHash: string) => Promise<string | undefined>): void {
  app.decorateRequest('libraryId', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.routeOptions.schema?.security?.some((requirement) => LIBRARY_TOKEN_SCHEME in requirement)) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new HttpError('unauthorized', 'Send the library token as "Authorization: Bearer <token>".');
    const libraryId = await findLibraryId(sha256Hex(match[1]));
    if (libraryId === undefined) throw new HttpError('unauthorized', 'The library token is not valid.');
    request.libraryId = libraryId;
  });
}
