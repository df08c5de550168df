// Tokens belong in the Authorization header, but a client may still put one in a URL's query string
// (an old link, a hand-made request). The request log must not keep it: whoever reads the log would
// hold the encounter. Every query parameter whose name says token is written as [redacted].
import type { FastifyRequest } from 'fastify';

const TOKEN_PARAMETER = /token/i;
export const REDACTED = '[redacted]';

/** `url` with the value of every query parameter named like a token replaced by [redacted]. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A name that does not decode is judged as written.
      }
      return eq >= 0 && TOKEN_PARAMETER.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's request serializer with the URL redacted (the same fields as its default one). */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
