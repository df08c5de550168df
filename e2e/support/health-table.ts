// A table for the health tests: an encounter made by a Node GM, one seat taken by a phone, the console
// and the overlay open on it, and the roster's quick health entry. Each test makes its own encounter.
import type { Browser, Page } from 'playwright-core';
import { systemCatalogue } from '../../packages/rules/src/catalogue.js';
import type { NewCombatant, SystemId } from '../../packages/rules/src/index.js';
import { LAPTOP, openPage, PHONE, STREAM, type WatchedPage } from './browser.js';
import { GmScript } from './gm-script.js';

export const byId = (page: Page, id: string) => page.getByTestId(id);
export const row = (page: Page, name: string) => page.locator(`[data-testid="roster-row"][data-name="${name}"]`);
export const slot = (page: Page, label: string) => page.locator(`[data-testid="order-slot"][data-label="${label}"]`);
/**
 * [ENG-29] Still in the fight: a phone's or the overlay's order slot (the defeated leave the order), or
 * the console's row not marked defeated (the console keeps the row: the GM heals from it).
 */
export const standing = (page: Page, name: string) =>
  page.locator(`[data-testid="roster-row"][data-name="${name}"]:not(.defeated), [data-testid="order-slot"][data-label="${name}"]`);
export const numbersOf = (page: Page, name: string) => row(page, name).getByTestId('health-numbers');
export const stateOf = (page: Page, name: string) => row(page, name).getByTestId('health').getAttribute('data-state');

/** Types a quick entry on a roster row and presses Enter. */
export async function entry(gm: Page, name: string, text: string): Promise<void> {
  await row(gm, name).getByTestId('health-entry').fill(text);
  await row(gm, name).getByTestId('health-entry').press('Enter');
}

const stats = (system: SystemId) => Object.fromEntries(systemCatalogue().find((s) => s.id === system)!.statDefs.map((d) => [d.key, d.default]));

export interface HealthTable {
  readonly script: GmScript;
  readonly gm: Page;
  readonly phone: Page;
  readonly overlay: Page;
}

/** The pages and GM scripts the tests opened, closed after each test; uncaught page errors fail it. */
export class HealthTables {
  readonly opened: WatchedPage[] = [];
  readonly #scripts: GmScript[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly baseUrl: () => string,
  ) {}

  async open(options: Parameters<typeof openPage>[1], url: string, storage?: { key: string; value: unknown }): Promise<WatchedPage> {
    const watched = await openPage(this.browser(), options);
    if (storage) await watched.page.addInitScript(([k, v]) => localStorage.setItem(k, v), [storage.key, JSON.stringify([storage.value])] as const);
    await watched.page.goto(url);
    this.opened.push(watched);
    return watched;
  }

  /** `seated` takes a phone; `start` (when given) brings the encounter to combat from Node before the pages open. */
  async table(system: SystemId, combatants: readonly NewCombatant[], seated: string, start?: (script: GmScript) => Promise<void>): Promise<HealthTable> {
    const script = await GmScript.create(this.baseUrl(), `Health ${system}`, system);
    this.#scripts.push(script);
    await script.add(...combatants.map((c) => ({ ...c, stats: { ...stats(system), ...c.stats } })));
    const seat = await script.seat(seated);
    if (start) await start(script);
    const { encounterId, gmToken, spectatorToken } = script.created;
    const base = this.baseUrl();
    const gm = await this.open(LAPTOP, `${base}/gm#e=${encounterId}&t=${gmToken}`);
    const phone = await this.open(PHONE, `${base}/play#e=${encounterId}`, { key: 'roundkeeper.play.seats', value: seat });
    const overlay = await this.open(STREAM, `${base}/overlay#e=${encounterId}&t=${spectatorToken}`);
    await row(gm.page, seated).waitFor();
    await byId(phone.page, 'my-health').waitFor();
    return { script, gm: gm.page, phone: phone.page, overlay: overlay.page };
  }

  /** Closes every page and script; returns the pages' uncaught errors. */
  async close(): Promise<string[]> {
    const errors = this.opened.flatMap((p) => p.errors);
    await Promise.all(this.opened.splice(0).map((p) => p.page.context().close()));
    for (const s of this.#scripts.splice(0)) s.close();
    return errors;
  }
}
