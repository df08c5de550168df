import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWeb, WEB_PAGES } from './static-web.js';

describe('static web pages', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'rk-web-'));
    for (const file of Object.values(WEB_PAGES)) await writeFile(join(dist, file), `<title>${file}</title>`);
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    app = Fastify();
    await app.register(staticWeb, { webDist: dist });
  });

  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(Object.entries(WEB_PAGES))('serves %s as %s, never cached stale', async (path, file) => {
    const response = await app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(file);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for files that are not there', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
