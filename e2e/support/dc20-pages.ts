// Small readers for the dc20 flows (dc20-*.test.ts): each waits for what a page should show and
// returns it, so the test asserts the value, and a wait that never ends says what the page showed instead.
import type { Page } from 'playwright-core';
import { byId } from './table.js';

/** Short: each step is a single command and its broadcast; 30 s of Playwright's default only slows a failure down. */
const SHOW_TIMEOUT_MS = 10_000;

const trimmed = (texts: readonly string[]): string[] => texts.map((t) => t.replace(/\s+/g, ' ').trim());

/** Every element's text for a test id, whitespace folded (Svelte's markup spreads words over lines). */
export async function textsOf(page: Page, testId: string): Promise<string[]> {
  return trimmed(await byId(page, testId).allTextContents());
}

/**
 * Waits until some element with `testId` reads `expected` (a whole text, or a pattern), and returns
 * all their texts; on timeout, the error lists what the page showed.
 */
export async function waitToShow(page: Page, testId: string, expected: string | RegExp): Promise<string[]> {
  const source = typeof expected === 'string' ? null : expected.source;
  const flags = typeof expected === 'string' ? '' : expected.flags;
  const text = typeof expected === 'string' ? expected : null;
  try {
    await page.waitForFunction(
      ([id, whole, pattern, patternFlags]) =>
        [...document.querySelectorAll(`[data-testid="${id}"]`)].some((el) => {
          const shown = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
          return whole !== null ? shown === whole : new RegExp(pattern ?? '', patternFlags).test(shown);
        }),
      [testId, text, source, flags] as const,
      { timeout: SHOW_TIMEOUT_MS },
    );
  } catch (error) {
    throw new Error(`${testId} never showed ${String(expected)}; it shows ${JSON.stringify(await textsOf(page, testId))}`, { cause: error });
  }
  return textsOf(page, testId);
}

/** Waits until nothing matching `selector` is on the page. */
export async function waitToVanish(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'detached', timeout: SHOW_TIMEOUT_MS });
}

/** The dc20 benefits a page lists, as "Name: kind". */
export const benefitsOn = (page: Page): Promise<string[]> =>
  byId(page, 'dc20-benefit').evaluateAll((items) =>
    items.map((li) => `${li.querySelector('strong')?.textContent?.trim() ?? '?'}: ${li.getAttribute('data-kind') ?? '?'}`),
  );

/** The PC-turn candidates and their answers as a page lists them ("Aria: claim"), without the buttons beside them. */
export const candidatesOn = (page: Page): Promise<string[]> =>
  byId(page, 'dc20-candidate').evaluateAll((items) => items.map((li) => (li.querySelector('span')?.textContent ?? '').replace(/\s+/g, ' ').trim()));

/** Who the current slot names as acting on `page` (the overlay: "Aria & Borin"), once it reads `expected`. */
export async function currentActors(page: Page, expected: string): Promise<string> {
  const read = () =>
    page.evaluate(() => document.querySelector('[data-testid="order-slot"][data-current="true"] [data-testid="slot-actors"]')?.textContent?.trim() ?? '');
  try {
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="order-slot"][data-current="true"] [data-testid="slot-actors"]')?.textContent?.trim() === want,
      expected,
      { timeout: SHOW_TIMEOUT_MS },
    );
  } catch (error) {
    throw new Error(`the current slot never named ${expected}; it names ${JSON.stringify(await read())}`, { cause: error });
  }
  return read();
}
