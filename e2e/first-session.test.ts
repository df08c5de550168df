// A newcomer's first session, the way the README tells it: `pnpm start` (the server on every interface),
// the console opened on http://localhost, phones on the laptop's network address as the join panel shows
// it, a code typed in lower case with a dash, a character taken by an old phone and the GM freeing it.
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LAPTOP, openPage, type WatchedPage } from './support/browser.js';
import { horizontalOverflow, unnamedControls } from './support/checks.js';
import { byId, textOf, waitForText } from './support/table.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';

/** A current phone's width (iPhone 12–15): the width the issue was found at. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// The README's `pnpm start`: HOST unset, so the server listens on every interface.
const { server, browser } = serverAndBrowser('first-session', { env: { HOST: '0.0.0.0' } });
const opened: WatchedPage[] = [];

async function open(options: BrowserContextOptions, url: string): Promise<Page> {
  const watched = await openPage(browser(), options);
  opened.push(watched);
  await watched.page.goto(url);
  return watched.page;
}

async function fitsThePhone(page: Page, file: string): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect(overflow.px, `scrolls sideways: ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(0);
  expect(await unnamedControls(page)).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, file), animations: 'disabled' });
}

const errorText = (page: Page) => byId(page, 'error').first().textContent().then((t) => (t ?? '').replace('×', '').trim());

describe("a newcomer's first session", () => {
  let gm: Page;
  let lanBase: string;
  let joinCode: string;
  let oldPhone: Page;
  let newPhone: Page;

  afterAll(async () => {
    for (const { page, errors } of opened) {
      expect(errors, `page errors on ${page.url()}`).toEqual([]);
    }
  });

  it('shows the laptop’s network address, not localhost, in the join panel and its QR code', async () => {
    gm = await open(LAPTOP, `http://localhost:${server().port}/gm`);
    await byId(gm, 'encounter-name').fill('First night');
    await byId(gm, 'encounter-system').selectOption('dnd5e');
    // The options in the table's words, with a line in the system's terms and its rule.
    const surprise = byId(gm, 'option-surpriseMode');
    expect(await surprise.locator('option').allTextContents()).toEqual(['Lose the first turn (SRD 5.1, 2014)', 'Disadvantage on Initiative (SRD 5.2, 2024)']);
    expect(await textOf(gm, 'option-help-surpriseMode')).toMatch(/^What being surprised costs: .*\(DND-13, DND-14\)$/);
    expect(await byId(gm, 'option-physicalDice').locator('option').allTextContents()).toEqual(['Nobody: the app rolls', 'The GM only', 'The GM and the players']);
    await surprise.selectOption('srd52');
    await byId(gm, 'create-encounter').click();
    await byId(gm, 'join-code').waitFor();
    for (const name of ['Aria', 'Borin']) {
      await byId(gm, 'add-name').fill(name);
      await byId(gm, 'add-side').selectOption('pc');
      await byId(gm, 'add-submit').click();
      await gm.locator(`[data-testid="roster-row"][data-name="${name}"]`).waitFor();
    }
    await byId(gm, 'paste-box').fill('2 Goblin dex 14');
    await byId(gm, 'paste-add').click();
    await gm.waitForFunction(() => document.querySelectorAll('[data-testid="roster-row"]').length === 4);
    // The log tells it in sentences: the options chosen, a system's own event.
    await byId(gm, 'surprised-Borin').check();
    await gm.locator('[data-testid="log-line"]', { hasText: 'Borin is surprised' }).waitFor();
    await gm.locator('[data-testid="log-line"]', { hasText: 'Surprise — Disadvantage on Initiative (SRD 5.2, 2024)' }).waitFor();
    const log = (await byId(gm, 'log-line').allTextContents()).join('\n');
    expect(log).not.toMatch(/srd52|surpriseMode|Surprise set|physicalDice/);

    await gm.waitForFunction(() => !/localhost|127\.0\.0\.1/.test(document.querySelector('[data-testid="join-address"]')?.textContent ?? 'localhost'));
    const address = await textOf(gm, 'join-address');
    expect(address).toMatch(new RegExp(`^\\d+\\.\\d+\\.\\d+\\.\\d+:${server().port}/play$`));
    lanBase = `http://${address.replace(/\/play$/, '')}`;
    joinCode = await textOf(gm, 'join-code');
    expect(joinCode).toMatch(/^[A-Z2-9]{6}$/);
    expect(await byId(gm, 'join-link').inputValue()).toBe(`${lanBase}/play#code=${joinCode}`);
    expect(await byId(gm, 'join-qr').locator('img').getAttribute('alt')).toBe(`QR code that opens ${lanBase}/play#code=${joinCode}`);
    expect(await byId(gm, 'join-loopback-warning').count()).toBe(0);
  });

  it('lets a phone on that address join with the code typed in lower case with a dash, refusals in sentences, at 390 px', async () => {
    oldPhone = await open(PHONE_390, `${lanBase}/play`);
    const input = byId(oldPhone, 'join-code-input');
    await input.fill('abc');
    await byId(oldPhone, 'join-lookup').tap();
    expect(await errorText(oldPhone)).toBe('A join code has 6 letters and digits; that one has 3.');
    await input.fill('abc-230');
    await byId(oldPhone, 'join-lookup').tap();
    await oldPhone.waitForFunction(() => /no "0"/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ''));
    expect(await errorText(oldPhone)).not.toMatch(/joinCode|expected string|Too small/);
    await fitsThePhone(oldPhone, 'first-session-join-error.png');

    await input.fill(`${joinCode.slice(0, 3).toLowerCase()}-${joinCode.slice(3).toLowerCase()}`);
    await byId(oldPhone, 'join-lookup').tap();
    await waitForText(oldPhone, 'join-game-name', 'First night');
    await fitsThePhone(oldPhone, 'first-session-seats.png');
    await oldPhone.locator('[data-testid="seat"][data-name="Aria"]').tap();
    await waitForText(oldPhone, 'my-name', 'Aria');
    await gm.locator('[data-testid="presence-seat"][data-name="Aria"][data-state="connected"]').waitFor();
  });

  it('follows a join link opened in a tab already on /play, says a taken character is taken, and asks the GM', async () => {
    newPhone = await open(PHONE_390, `${lanBase}/play`);
    await byId(newPhone, 'join-code-input').waitFor();
    // The QR code opened in the same tab: only the fragment changes.
    await newPhone.goto(`${lanBase}/play#code=${joinCode}`);
    await waitForText(newPhone, 'join-game-name', 'First night');
    const aria = newPhone.locator('[data-testid="seat"][data-name="Aria"]');
    expect(await aria.getAttribute('data-taken')).toBe('true');
    await aria.tap();
    await byId(newPhone, 'seat-taken-notice').waitFor();
    expect(await textOf(newPhone, 'seat-taken-notice')).toContain('is taken, by another phone');
    await byId(newPhone, 'ask-gm').tap();
    await newPhone.waitForFunction(() => /The GM has been asked to free Aria/.test(document.querySelector('[data-testid="seat-taken-notice"]')?.textContent ?? ''));
    await fitsThePhone(newPhone, 'first-session-asked.png');
  });

  it('lets the GM free the seat from the console, and the new phone takes it', async () => {
    const request = gm.locator('[data-testid="seat-request"][data-name="Aria"]');
    await request.waitFor();
    expect(await request.textContent()).toContain('A player asks for Aria, which is taken by a connected phone.');
    await gm.screenshot({ path: join(ARTIFACTS, 'first-session-gm-request.png') });
    await request.getByTestId('seat-request-free').click();
    await byId(oldPhone, 'removed-screen').waitFor();
    await gm.locator('[data-testid="presence-seat"][data-name="Aria"][data-state="free"]').waitFor();
    expect(await byId(gm, 'seat-request').count()).toBe(0);

    // The waiting phone takes the freed seat on its own: no Refresh to tap (issue 28).
    await waitForText(newPhone, 'my-name', 'Aria');
    await gm.locator('[data-testid="presence-seat"][data-name="Aria"][data-state="connected"]').waitFor();
  });

  it('lets the GM lock joining and change the code from the console', async () => {
    await byId(gm, 'join-lock').click();
    await byId(gm, 'join-locked-note').waitFor();
    expect(await byId(gm, 'join-lock').getAttribute('aria-pressed')).toBe('true');
    const late = await open(PHONE_390, `${lanBase}/play#code=${joinCode}`);
    await byId(late, 'join-locked-screen').waitFor();
    await byId(gm, 'join-lock').click();
    await byId(gm, 'join-locked-note').waitFor({ state: 'detached' });

    await byId(gm, 'join-new-code').click();
    await gm.waitForFunction((old) => document.querySelector('[data-testid="join-code"]')?.getAttribute('data-code') !== old, joinCode);
    const newCode = await textOf(gm, 'join-code');
    expect(await byId(gm, 'join-link').inputValue()).toBe(`${lanBase}/play#code=${newCode}`);
    // The old code no longer opens the game: said as a sentence.
    await late.goto(`${lanBase}/play`);
    await byId(late, 'join-code-input').fill(joinCode.toLowerCase());
    await byId(late, 'join-lookup').tap();
    await late.waitForFunction(() => /No game has the code/.test(document.querySelector('[data-testid="error"]')?.textContent ?? ''));
  });
});
