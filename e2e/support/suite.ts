// The usual e2e suite frame: one server (on its own port and data directory) and one Chromium for the
// file, both gone afterwards. Call from inside a `describe`.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { freePort, ServerProcess } from './server.js';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export interface Suite {
  readonly server: () => ServerProcess;
  readonly browser: () => Browser;
}

/** Starts a server and Chromium before the file's tests; `name` names the data directory and the server's log. */
export function serverAndBrowser(name: string): Suite {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), `roundkeeper-e2e-${name}-`));
    server = new ServerProcess(await freePort(), dataDir, join(ARTIFACTS, `server-${name}.log`));
    await server.start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop('SIGTERM').catch(() => server?.stop('SIGKILL'));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started`);
    return value;
  };
  return { server: () => ready(server, 'the server'), browser: () => ready(browser, 'Chromium') };
}
