// The usual e2e suite frame: one server (on its own port and data directory) and one Chromium for the
// file, both gone afterwards. Call at a file's top level (when the file's helpers need the server) or
// inside a `describe`; the file's own `afterAll` hooks run before these close, so they may still use both.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from './browser.js';
import { Pages, type PagesOptions } from './pages.js';
import { freePort, ServerProcess } from './server.js';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export interface Suite {
  readonly server: () => ServerProcess;
  readonly browser: () => Browser;
}

export interface SuiteOptions {
  /** The server's environment over the test defaults (see `ServerProcess.start`). */
  readonly env?: NodeJS.ProcessEnv;
}

const ready = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not started`);
  return value;
};

/** Starts a server and Chromium before the file's tests; `name` names the data directory and the server's log. */
export function serverAndBrowser(name: string, options: SuiteOptions = {}): Suite {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), `roundkeeper-e2e-${name}-`));
    server = new ServerProcess(await freePort(), dataDir, join(ARTIFACTS, `server-${name}.log`));
    await server.start(options.env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop('SIGTERM').catch(() => server?.stop('SIGKILL'));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return { server: () => ready(server, 'the server'), browser: () => ready(browser, 'Chromium') };
}

export interface PagesSuite extends Suite {
  readonly pages: () => Pages;
}

/** `serverAndBrowser` with the file's `Pages` on them; each test begins with no page its own (`Pages.begin`). */
export function serverAndPages(name: string, options: PagesOptions = {}): PagesSuite {
  const suite = serverAndBrowser(name);
  let pages: Pages | undefined;
  beforeAll(() => {
    pages = new Pages(suite.browser(), suite.server().baseUrl, options);
  });
  beforeEach(() => ready(pages, 'the pages').begin());
  return { ...suite, pages: () => ready(pages, 'the pages') };
}
