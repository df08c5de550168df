// The browser pages of one test file, kept from test to test and pointed at each test's own
// encounter (made over the API by a GmScript), so that every test sets up what it needs without
// clicking through the console and without a cold browser context per page: a new context costs a
// renderer and a cold start of the app, loading the page again costs a page load.
//
// Each `console`, `phone` and `overlay` call loads its page afresh: a new document at the role's
// size, with only this encounter's token in localStorage and nothing recorded yet. Nothing a test
// did to a page outlives it but its browser's cache; a page a test closed is opened again.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { LAPTOP, openPage, PHONE, STREAM, type WatchedPage } from './browser.js';
import type { GmScript } from './gm-script.js';
import { byId, waitForText, type Table } from './table.js';

const GM_ENCOUNTERS_KEY = 'roundkeeper.gm.encounters';
const PLAYER_SEATS_KEY = 'roundkeeper.play.seats';

export interface PagesOptions {
  /** Each role's browser context (viewport, touch). */
  readonly gm?: BrowserContextOptions;
  readonly phone?: BrowserContextOptions;
  readonly overlay?: BrowserContextOptions;
  /** Run on every page once it is opened (a default timeout, say). */
  readonly prepare?: (page: Page) => void;
}

export class Pages {
  readonly #open = new Map<string, WatchedPage>();
  readonly #used = new Set<WatchedPage>();
  readonly #options: Required<Omit<PagesOptions, 'prepare'>> & PagesOptions;

  constructor(
    private readonly browser: Browser,
    private readonly baseUrl: string,
    options: PagesOptions = {},
  ) {
    this.#options = { gm: LAPTOP, phone: PHONE, overlay: STREAM, ...options };
  }

  /** The pages loaded since the last `begin()`: those whose errors the test answers for. */
  get used(): readonly WatchedPage[] {
    return [...this.#used];
  }

  /** A new test: no page is its yet. */
  begin(): void {
    this.#used.clear();
  }

  /** The GM console of the encounter, on a laptop that created it (it knows the overlay link). */
  async console(script: GmScript): Promise<WatchedPage> {
    const { encounterId, gmToken } = script.created;
    const saved = { ...script.created, name: script.name, system: script.system, createdAt: new Date().toISOString() };
    const gm = await this.#load('gm', this.#options.gm, `/gm#e=${encounterId}&t=${gmToken}`, [GM_ENCOUNTERS_KEY, [saved]]);
    await byId(gm.page, 'phase').waitFor();
    return gm;
  }

  /** The phone holding `name`'s seat (taken over the API), showing that player's screen. */
  async phone(script: GmScript, name: string): Promise<WatchedPage> {
    const seat = await script.seat(name);
    const phone = await this.#load(`phone ${name}`, this.#options.phone, `/play#e=${seat.encounterId}`, [PLAYER_SEATS_KEY, [seat]]);
    await waitForText(phone.page, 'my-name', name);
    return phone;
  }

  /** The stream overlay (`query`: its layout and theme); `key` tells apart several open at once. */
  async overlay(script: GmScript, query = '', key = 'overlay'): Promise<WatchedPage> {
    const { encounterId, spectatorToken } = script.created;
    const overlay = await this.#load(key, this.#options.overlay, `/overlay${query}#e=${encounterId}&t=${spectatorToken}`);
    await byId(overlay.page, 'overlay').waitFor();
    return overlay;
  }

  /** The console, a phone per name and the overlay, loaded side by side. */
  async table(script: GmScript, names: readonly string[]): Promise<Table> {
    const [gm, overlay, ...phones] = await Promise.all([this.console(script), this.overlay(script), ...names.map((n) => this.phone(script, n))]);
    const players = new Map(names.map((name, i) => [name, phones[i]!]));
    // The pages stay open for the next test.
    return { gm: gm!, overlay: overlay!, players, close: async () => undefined };
  }

  /** Closes every page but `keep` (they open again when asked for). */
  async closeAllBut(...keep: WatchedPage[]): Promise<void> {
    for (const [key, watched] of this.#open) {
      if (keep.includes(watched)) continue;
      this.#open.delete(key);
      await watched.page.context().close();
    }
  }

  async #load(key: string, options: BrowserContextOptions, path: string, stored?: readonly [string, unknown]): Promise<WatchedPage> {
    let watched = this.#open.get(key);
    if (!watched || watched.page.isClosed()) {
      watched = await openPage(this.browser, options);
      this.#options.prepare?.(watched.page);
      this.#open.set(key, watched);
    }
    const { page } = watched;
    // Off the last test's page first (a same-origin one, for localStorage); then nothing of it is recorded.
    await page.goto(`${this.baseUrl}/api/health`);
    const [storageKey = '', value = null] = stored ?? [];
    await page.evaluate(
      ([k, json]) => {
        localStorage.clear();
        if (k) localStorage.setItem(k, json);
      },
      [storageKey, JSON.stringify(value)] as const,
    );
    if (options.viewport) await page.setViewportSize(options.viewport);
    watched.frames.length = 0;
    watched.errors.length = 0;
    await page.goto(`${this.baseUrl}${path}`);
    this.#used.add(watched);
    return watched;
  }
}
