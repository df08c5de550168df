import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FRAMEABLE_PAGE } from './security-headers.js';

/** The web app's pages, one Vite entry each. */
export const WEB_PAGES = { '/': 'index.html', '/gm': 'gm.html', '/play': 'play.html', '/overlay': 'overlay.html' } as const;

const OVERLAY_PAGE = '/overlay';

/** Vite puts content-hashed files under /assets/: they never change, so browsers may keep them. */
const ASSET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const NOT_BUILT_TEXT = (webDist: string) =>
  `Roundkeeper's web app is not built (nothing at ${webDist}).\nRun \`pnpm build\` at the repository root, then restart the server.\n`;

/** Serves apps/web/dist; without a build, each page explains how to make one (the API works regardless). */
export async function staticWeb(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const { webDist } = options;
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built; pages will say to run pnpm build');
    for (const path of Object.keys(WEB_PAGES)) {
      app.get(path, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT(webDist)));
    }
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    // Pages are routed explicitly below; no directory index, no listing.
    index: false,
    setHeaders: (reply, filePath) => {
      const cache = filePath.startsWith(join(webDist, 'assets'))
        ? `public, max-age=${ASSET_MAX_AGE_SECONDS}, immutable`
        : 'no-cache';
      reply.header('cache-control', cache);
    },
  });
  for (const [path, file] of Object.entries(WEB_PAGES)) {
    // Only the overlay may be framed (a streaming tool's browser source); every other page refuses it.
    app.get(path, path === OVERLAY_PAGE ? { helmet: FRAMEABLE_PAGE } : {}, async (_request, reply) => reply.sendFile(file));
  }
}
