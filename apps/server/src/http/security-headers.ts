import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** HSTS, once a browser has reached the server over HTTPS: a year. Plain-HTTP origins (a LAN) ignore it. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * What the pages load, all from this server: Vite's built scripts and style sheets (no inline script
 * or style element; Svelte sets styles through the CSSOM, which CSP allows), the API and Socket.IO
 * (`'self'` covers ws:/wss: to the same host under CSP Level 3), and the join QR code, a `data:` SVG.
 */
const PAGE_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
} as const;

// Not annotated: @fastify/helmet and helmet's ESM entry declare the option types twice (CJS and ESM
// typings), and a plain object satisfies both.
function policy(frameable: boolean) {
  return {
    contentSecurityPolicy: {
      // Helmet's defaults would add upgrade-insecure-requests, which breaks a table served over plain
      // HTTP on a LAN (every script would be asked for over HTTPS).
      useDefaults: false,
      directives: frameable ? PAGE_DIRECTIVES : { ...PAGE_DIRECTIVES, 'frame-ancestors': ["'none'"] },
    },
    xFrameOptions: frameable ? false : ({ action: 'deny' } as const),
    // GM and spectator tokens travel in page URLs: no request to another site may carry them.
    referrerPolicy: { policy: 'no-referrer' },
    // Not includeSubDomains: other services on the deployer's domain may not all speak HTTPS.
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false },
  } as const;
}

/**
 * The overlay's headers: the same policy, but any page may frame it (a streaming tool's browser source
 * or a scene composed in a web page). It is read-only, holds only the spectator token, and has nothing
 * to click, so framing cannot be turned against it.
 */
export const FRAMEABLE_PAGE: Omit<FastifyHelmetOptions, 'global'> = policy(true);

const notFrameable = helmet(policy(false));

/**
 * The same headers on an answer given before routing (Fastify's `frameworkErrors`: a URL that does not
 * decode), which no route's hooks see.
 */
export function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  notFrameable(request.raw, reply.raw, (error?: unknown) => {
    if (error) throw error;
  });
}

/**
 * Security headers on every response, pages and API alike (@fastify/helmet): the CSP above, not
 * frameable (`frame-ancestors 'none'`, `X-Frame-Options: DENY`) unless a route says otherwise
 * (FRAMEABLE_PAGE), `nosniff`, `Referrer-Policy: no-referrer`, HSTS, and helmet's cross-origin isolation
 * defaults.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyHelmet, policy(false));
  },
  { name: 'security-headers' },
);
