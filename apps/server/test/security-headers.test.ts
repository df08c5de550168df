// Security headers (@fastify/helmet) on every answer of the real app: the four pages, API answers,
// refusals (400, 401, 404, 413, 429) and hashed assets. The pages themselves are checked in real
// Chromium by e2e/security-headers.test.ts; this suite pins the headers route by route.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { WEB_PAGES } from '../src/http/static-web.js';
import { beforeAllOrFail } from './helpers/suite.js';

type Headers = Record<string, string | string[] | number | undefined>;

/** The CSP as a map of directive → sources. */
function cspOf(headers: Headers): Map<string, string[]> {
  const text = String(headers['content-security-policy'] ?? '');
  return new Map(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(headers: Headers, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  const csp = cspOf(headers);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  // A table served over plain HTTP on a LAN must not have its scripts upgraded to HTTPS.
  expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
}

function expectNotFrameable(headers: Headers, what: string): void {
  expectCommonHeaders(headers, what);
  expect(cspOf(headers).get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(headers['x-frame-options'], what).toBe('DENY');
}

describe('security headers', () => {
  let app: FastifyInstance;
  let webDist: string;

  beforeAllOrFail(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'rk-headers-web-'));
    for (const file of Object.values(WEB_PAGES)) await writeFile(join(webDist, file), `<title>${file}</title>`);
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'export {};');
    app = await buildApp({
      port: 0,
      host: '127.0.0.1',
      database: { driver: 'pglite', dataDir: null },
      webDist,
      logLevel: 'silent',
      encounterRateLimit: { max: 1, windowMs: 60_000 },
    });
  });

  afterAll(async () => {
    await app?.close();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/gm', '/play'])('%s: the CSP the pages work under, and no framing', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expectNotFrameable(response.headers, url);
    const csp = cspOf(response.headers);
    // The join QR code is a data: image; the socket and API are same-origin.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
  });

  it('/overlay: the same CSP, but any page may frame it (a streaming tool\'s browser source)', async () => {
    const response = await app.inject({ method: 'GET', url: '/overlay' });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers, '/overlay');
    expect(cspOf(response.headers).has('frame-ancestors')).toBe(false);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('API answers and every kind of refusal carry the headers too', async () => {
    const answers = [
      ['health', await app.inject({ method: 'GET', url: '/api/health' }), 200],
      ['created', await app.inject({ method: 'POST', url: '/api/encounters', payload: { name: 'H', system: 'dnd5e' } }), 201],
      ['rate-limited', await app.inject({ method: 'POST', url: '/api/encounters', payload: { name: 'H', system: 'dnd5e' } }), 429],
      ['bad body', await app.inject({ method: 'POST', url: '/api/join/lookup', payload: { joinCode: 7 } }), 400],
      ['no token', await app.inject({ method: 'GET', url: '/api/encounters/e1/export' }), 401],
      ['unknown route', await app.inject({ method: 'GET', url: '/api/nothing-here' }), 404],
      ['too large', await app.inject({ method: 'POST', url: '/api/join/lookup', headers: { 'content-type': 'application/json' }, payload: `"${'x'.repeat(100_000)}"` }), 413],
      ['malformed URL', await app.inject({ method: 'GET', url: '/api/encounters/%E0%A4%A/export' }), 400],
      ['asset', await app.inject({ method: 'GET', url: '/assets/app-abc123.js' }), 200],
    ] as const;
    for (const [what, response, status] of answers) {
      expect(response.statusCode, what).toBe(status);
      expectNotFrameable(response.headers, what);
    }
  });
});
