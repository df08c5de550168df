import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export const LAPTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const STREAM: BrowserContextOptions = { viewport: { width: 1920, height: 1080 } };

/** A page that records every websocket frame it receives and every uncaught error. */
export interface WatchedPage {
  readonly page: Page;
  readonly frames: string[];
  readonly errors: string[];
}

export async function openPage(browser: Browser, options: BrowserContextOptions): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const frames: string[] = [];
  const errors: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(frame.payload.toString())));
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, frames, errors };
}

/**
 * Adds test-only CSS to the page (a stand-in scene behind the overlay, a colour to fail a check on) and
 * returns how to take it away. A constructed style sheet, not a `<style>` tag: the pages' content security
 * policy refuses inline style elements, and the tests run under the same policy as users.
 */
export async function addTestStyle(page: Page, css: string): Promise<() => Promise<void>> {
  const id = await page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const sheets = ((window as unknown as { testSheets?: CSSStyleSheet[] }).testSheets ??= []);
    return sheets.push(sheet) - 1;
  }, css);
  return () =>
    page.evaluate((index) => {
      const sheet = (window as unknown as { testSheets: CSSStyleSheet[] }).testSheets[index];
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    }, id);
}
