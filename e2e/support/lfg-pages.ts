// Reading what lfg's panels show on every page of a table (e2e/lfg-flows.test.ts).
import type { Page } from 'playwright-core';
import { byId, type Table } from './table.js';

/** How long one page may take to show a change another page made (a loaded 2-core machine). */
const SHOW_TIMEOUT_MS = 10_000;

export const phone = (table: Table, name: string): Page => {
  const player = table.players.get(name);
  if (!player) throw new Error(`no phone for ${name}`);
  return player.page;
};

/** The GM console and every phone (the overlay has no lfg panel). */
export const gmAndPhones = (table: Table): readonly Page[] => [table.gm.page, ...[...table.players.values()].map((p) => p.page)];

/** Waits until `testid` on `page` carries `attr="value"`, then returns its text. */
export async function shown(page: Page, testid: string, attr: string, value: string): Promise<string> {
  const element = page.locator(`[data-testid="${testid}"][${attr}="${value}"]`).first();
  await element.waitFor({ timeout: SHOW_TIMEOUT_MS });
  return ((await element.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Waits until some `testid` element on `page` contains `text`, then returns the texts of all of them. */
export async function textsOnceShowing(page: Page, testid: string, text: string): Promise<string[]> {
  await page.locator(`[data-testid="${testid}"]`, { hasText: text }).first().waitFor({ timeout: SHOW_TIMEOUT_MS });
  return (await byId(page, testid).allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** The accessible names of the real-dice inputs of one check, in order: whose each d20 is. */
export const faceLabels = (page: Page, testid: string): Promise<string[]> =>
  byId(page, `${testid}-face`).evaluateAll((inputs) => inputs.map((i) => i.getAttribute('aria-label') ?? ''));

/** Types `faces` into a check's real-dice inputs, in order, after checking there are exactly that many. */
export async function typeFaces(page: Page, testid: string, faces: readonly number[]): Promise<void> {
  const inputs = byId(page, `${testid}-face`);
  const count = await inputs.count();
  if (count !== faces.length) throw new Error(`${testid} asks for ${count} dice, the test has ${faces.length}`);
  for (const [i, face] of faces.entries()) await inputs.nth(i).fill(String(face));
}
