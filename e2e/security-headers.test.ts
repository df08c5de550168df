// The security headers in real Chromium: the home page, the GM console (with its join QR code), a
// phone seated at /play and the overlay all work under the server's content security policy with not
// one violation, each page's headers are what docs/deployment.md promises, and a page on another
// origin can frame the overlay but not the console or the phone page.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { LAPTOP, openPage, PHONE, STREAM, type WatchedPage } from './support/browser.js';
import { GmScript } from './support/gm-script.js';
import { serverAndBrowser } from './support/suite.js';

const { server, browser } = serverAndBrowser('headers');
let script: GmScript | undefined;
const opened: WatchedPage[] = [];

/** What the page reported breaking its policy: `securitypolicyviolation` events and the console's CSP errors. */
interface Violations {
  readonly events: () => Promise<string[]>;
  readonly console: string[];
}

async function watchPolicy(watched: WatchedPage): Promise<Violations> {
  const { page } = watched;
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  // Runs before any page script, in every frame: the event is the browser's own report of a blocked load or eval.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
  });
  return {
    events: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    console: consoleErrors,
  };
}

async function open(options: Parameters<typeof openPage>[1], url: string, init?: (page: Page) => Promise<unknown>) {
  const watched = await openPage(browser(), options);
  opened.push(watched);
  const violations = await watchPolicy(watched);
  if (init) await init(watched.page);
  const response = await watched.page.goto(url);
  if (!response) throw new Error(`no response for ${url}`);
  return { page: watched.page, headers: await response.allHeaders(), violations };
}

const cspOf = (headers: Record<string, string>) => headers['content-security-policy'] ?? '';

describe('security headers in Chromium', () => {
  afterEach(async () => {
    const errors = opened.flatMap((p) => p.errors);
    await Promise.all(opened.splice(0).map((p) => p.page.context().close()));
    script?.close();
    script = undefined;
    expect(errors).toEqual([]);
  });

  it('the four pages do their work with no CSP violation, under the headers each is promised', async () => {
    script = await GmScript.create(server().baseUrl, 'Headers', 'dnd5e');
    await script.add({ name: 'Aria', side: 'pc', stats: { dex: 14 }, health: { max: 12 } }, { name: 'Goblin', side: 'enemy', stats: { dex: 12 }, health: { max: 7 } });
    const seat = await script.seat('Aria');
    await script.startCombat();
    const { encounterId, gmToken, spectatorToken } = script.created;

    const home = await open(LAPTOP, `${server().baseUrl}/`);
    await home.page.getByTestId('choose-gm').waitFor();

    const gm = await open(LAPTOP, `${server().baseUrl}/gm#e=${encounterId}&t=${gmToken}`);
    await gm.page.locator('[data-testid="roster-row"][data-name="Goblin"]').waitFor();
    // The join QR code is a data: image: it must load, not be blocked.
    const qr = gm.page.getByTestId('join-qr').locator('img');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const phone = await open(PHONE, `${server().baseUrl}/play#e=${encounterId}`, (page) =>
      page.addInitScript((value) => localStorage.setItem('roundkeeper.play.seats', value), JSON.stringify([seat])),
    );
    await phone.page.getByTestId('my-health').waitFor();

    const overlay = await open(STREAM, `${server().baseUrl}/overlay#e=${encounterId}&t=${spectatorToken}`);
    await overlay.page.locator('[data-testid="order-slot"][data-label="Goblin"]').waitFor();

    // Live over the socket (connect-src), on every page: a change made elsewhere arrives.
    await script.send({ type: 'apply-damage', targets: [{ combatantId: script.id('Goblin'), amount: 2 }] });
    await expect.poll(() => gm.page.locator('[data-testid="roster-row"][data-name="Goblin"]').getByTestId('health-numbers').textContent()).toBe('5/7 HP');
    // The phone's own control works: a command from the page itself.
    await phone.page.getByTestId('my-health-amount').fill('3');
    await phone.page.getByTestId('my-damage').tap();
    await expect.poll(() => phone.page.getByTestId('my-health').getByTestId('health-numbers').textContent()).toBe('9/12 HP');

    for (const [label, visit] of [['home', home], ['gm', gm], ['play', phone], ['overlay', overlay]] as const) {
      expect.soft(await visit.violations.events(), `${label}: securitypolicyviolation events`).toEqual([]);
      expect.soft(visit.violations.console, `${label}: CSP errors on the console`).toEqual([]);
      expect.soft(visit.headers['x-content-type-options'], label).toBe('nosniff');
      expect.soft(visit.headers['referrer-policy'], label).toBe('no-referrer');
      expect.soft(cspOf(visit.headers), label).toContain("script-src 'self'");
      if (label === 'overlay') {
        expect.soft(cspOf(visit.headers), label).not.toContain('frame-ancestors');
        expect.soft(visit.headers['x-frame-options'], label).toBeUndefined();
      } else {
        expect.soft(cspOf(visit.headers), label).toContain("frame-ancestors 'none'");
        expect.soft(visit.headers['x-frame-options'], label).toBe('DENY');
      }
    }
  });

  it('a page on another origin can frame the overlay, not the GM console nor the phone page', async () => {
    script = await GmScript.create(server().baseUrl, 'Framed', 'dnd5e');
    await script.add({ name: 'Goblin', side: 'enemy', stats: { dex: 12 }, health: { max: 7 } });
    await script.startCombat();
    const { encounterId, gmToken, spectatorToken } = script.created;
    const frames = {
      overlay: `${server().baseUrl}/overlay#e=${encounterId}&t=${spectatorToken}`,
      gm: `${server().baseUrl}/gm#e=${encounterId}&t=${gmToken}`,
      play: `${server().baseUrl}/play#e=${encounterId}`,
    };
    // A streamer's scene page, or an attacker's: another origin (another port).
    const host: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>scene</title>${Object.entries(frames)
          .map(([name, src]) => `<iframe name="${name}" src="${src}" width="800" height="400"></iframe>`)
          .join('')}`,
      );
    });
    host.listen(0, '127.0.0.1');
    await once(host, 'listening');
    try {
      const address = host.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const watched = await openPage(browser(), LAPTOP);
      opened.push(watched);
      const blocked: string[] = [];
      watched.page.on('console', (message) => {
        if (/frame-ancestors|X-Frame-Options/i.test(message.text())) blocked.push(message.text());
      });
      await watched.page.goto(`http://127.0.0.1:${address.port}/`);

      const overlay = watched.page.frame({ name: 'overlay' });
      expect(overlay).not.toBeNull();
      await overlay!.locator('[data-testid="order-slot"][data-label="Goblin"]').waitFor();

      // A refused frame is replaced by Chromium's error page: no document of ours ever runs in it.
      for (const name of ['gm', 'play'] as const) {
        await expect.poll(() => watched.page.frame({ name })?.url()).toMatch(/^chrome-error:/);
        expect(await watched.page.frame({ name })!.locator('#app').count(), name).toBe(0);
      }
      // Chromium says why: the two pages' frame-ancestors 'none'.
      await expect.poll(() => blocked.filter((m) => m.includes("frame-ancestors 'none'")).length).toBe(2);
    } finally {
      host.close();
      host.closeAllConnections();
    }
  });
});
