// The phone's special screens (removed, joining locked, too many tries) and the overlay link made
// again from a GM console on a second laptop, driven through the built pages in Chromium.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ListSeatsResponse } from '../packages/protocol/src/index.js';
import { addTestStyle, LAPTOP, openPage, PHONE, STREAM, type WatchedPage } from './support/browser.js';
import { horizontalOverflow, unnamedControls } from './support/checks.js';
import { GmScript } from './support/gm-script.js';
import { byId, textOf, waitForText } from './support/table.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';

const NAME = 'Crypt of Echoes';
const SEATS_KEY = 'roundkeeper.play.seats';
/** Well above the join rate limit (30 a minute per IP): the loop stops at the first 429. */
const MAX_ATTEMPTS_TO_LIMIT = 60;

const { server, browser } = serverAndBrowser('screens');
const scripts: GmScript[] = [];
const opened: WatchedPage[] = [];

/** Each test's own encounter, in setup: two PCs and a goblin. */
async function newEncounter(): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, NAME);
  scripts.push(script);
  await script.add(
    { name: 'Aria', side: 'pc', stats: { dex: 14 } },
    { name: 'Borin', side: 'pc', stats: { dex: 12 } },
    { name: 'Goblin', side: 'enemy', stats: { dex: 10 } },
  );
  return script;
}

async function open(options: Parameters<typeof openPage>[1], url: string): Promise<Page> {
  const watched = await openPage(browser(), options);
  opened.push(watched);
  await watched.page.goto(url);
  return watched.page;
}

/** A GM route, called as the console does: the GM token as a bearer. */
async function gmCall(script: GmScript, method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const { encounterId, gmToken } = script.created;
  const response = await fetch(`${server().baseUrl}/api/encounters/${encounterId}${path}`, {
    method,
    headers: { authorization: `Bearer ${gmToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.status === 204 ? null : response.json();
}

const setJoinLocked = (script: GmScript, locked: boolean) => gmCall(script, 'PUT', '/join-lock', { locked });
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const storedSeatTokens = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', SEATS_KEY);

/** Layout and names at the phone's width, with a screenshot for the record. */
async function checkPhoneScreen(page: Page, file: string): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect(overflow.px, `scrolls sideways: ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(0);
  expect(await unnamedControls(page)).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, file), animations: 'disabled' });
}

async function takeSeatOnPage(page: Page, name: string): Promise<void> {
  await page.locator(`[data-testid="seat"][data-name="${name}"]`).tap();
  await waitForText(page, 'my-name', name);
}

describe('special screens on the phone, and a new overlay link from a second laptop', () => {
  // Each test's pages go with it.
  afterEach(async () => {
    for (const watched of opened.splice(0)) await watched.page.context().close();
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('tells a removed player so, with the focus on it, and "Join again" forgets the seat and joins afresh', async () => {
    const script = await newEncounter();
    const phone = await open(PHONE, `${server().baseUrl}/play#code=${script.created.joinCode}`);
    await takeSeatOnPage(phone, 'Aria');
    const token = (await storedSeatTokens(phone)).match(/"seatToken":"([^"]+)"/)?.[1];
    expect(token).toBeTruthy();

    const { seats } = (await gmCall(script, 'GET', '/seats')) as ListSeatsResponse;
    const aria = script.view.combatants.find((c) => c.name === 'Aria')?.id ?? '';
    const seatId = seats.find((s) => s.combatantIds.includes(aria))?.seatId;
    await gmCall(script, 'DELETE', `/seats/${seatId}`);

    await byId(phone, 'removed-screen').waitFor();
    expect(await textOf(phone, 'notice-heading')).toBe('You were removed from this table');
    expect(await byId(phone, 'removed-screen').textContent()).toContain('your seat as Aria');
    expect(await phone.getByRole('alert').count()).toBe(1);
    expect(await focusedTestId(phone)).toBe('notice-heading');
    expect(await byId(phone, 'my-name').count()).toBe(0);
    await checkPhoneScreen(phone, 'screen-removed-360.png');

    await byId(phone, 'rejoin').tap();
    await byId(phone, 'join-code-input').waitFor();
    expect(await focusedTestId(phone)).toBe('join-code-input');
    expect(await storedSeatTokens(phone)).not.toContain(token!);
    expect(new URL(phone.url()).hash).toBe('');

    // Aria's seat is free again: the same phone takes it with the code, as a new seat.
    await byId(phone, 'join-code-input').fill(script.created.joinCode);
    await byId(phone, 'join-lookup').tap();
    await takeSeatOnPage(phone, 'Aria');
    expect(await storedSeatTokens(phone)).not.toContain(token!);
  });

  it('says joining is locked, on opening the code and on taking a seat, and Try again gets through once unlocked', async () => {
    const script = await newEncounter();
    await setJoinLocked(script, true);
    const phone = await open(PHONE, `${server().baseUrl}/play#code=${script.created.joinCode}`);
    await byId(phone, 'join-locked-screen').waitFor();
    expect(await textOf(phone, 'notice-heading')).toBe('The GM has locked joining');
    expect(await byId(phone, 'join-locked-screen').textContent()).toContain('Ask the GM to open joining');
    expect(await focusedTestId(phone)).toBe('notice-heading');
    expect(await byId(phone, 'seat').count()).toBe(0);
    await checkPhoneScreen(phone, 'screen-join-locked-360.png');

    await byId(phone, 'join-locked-retry').tap();
    await waitForText(phone, 'still-locked', 'Still locked: ask the GM once more.');

    await setJoinLocked(script, false);
    await byId(phone, 'join-locked-retry').tap();
    await byId(phone, 'join-game-name').waitFor();
    expect(await focusedTestId(phone)).toBe('join-game-name');
    expect(await byId(phone, 'join-locked-screen').count()).toBe(0);

    // Locked again while the seats are listed: taking one leads to the same screen, not a bare message.
    await setJoinLocked(script, true);
    await phone.locator('[data-testid="seat"][data-name="Borin"]').tap();
    await byId(phone, 'join-locked-screen').waitFor();
    await setJoinLocked(script, false);
    await byId(phone, 'join-locked-retry').tap();
    await takeSeatOnPage(phone, 'Borin');
  });

  it('makes a new overlay link on a second laptop: the old overlay says "link expired" on a transparent page, the new link works and stays', async () => {
    const script = await newEncounter();
    const { encounterId, gmToken, spectatorToken } = script.created;
    const oldOverlay = await open(STREAM, `${server().baseUrl}/overlay#e=${encounterId}&t=${spectatorToken}`);
    await waitForText(oldOverlay, 'overlay', NAME);

    const laptop = await open(LAPTOP, `${server().baseUrl}/gm#e=${encounterId}&t=${gmToken}`);
    await byId(laptop, 'overlay-link-missing').waitFor();
    expect(await byId(laptop, 'overlay-link').count()).toBe(0);
    await byId(laptop, 'overlay-new').click();
    await byId(laptop, 'overlay-new-confirmation').waitFor();
    expect(await laptop.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await laptop.locator('section[aria-label="Join and overlay"]').screenshot({ path: join(ARTIFACTS, 'screen-overlay-confirm.png') });
    await byId(laptop, 'overlay-new-confirm').click();
    await waitForText(laptop, 'overlay-new-status', 'New overlay link ready; the old one no longer works.');

    const link = new URL(await byId(laptop, 'overlay-link').inputValue());
    const newToken = new URLSearchParams(link.hash.slice(1)).get('t');
    expect(link.pathname).toBe('/overlay');
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newToken).not.toBe(spectatorToken);

    await byId(oldOverlay, 'overlay-expired').waitFor();
    expect(await textOf(oldOverlay, 'overlay-expired')).toContain('link expired');
    expect(await byId(oldOverlay, 'overlay').textContent()).not.toContain(NAME);
    const backgrounds = await oldOverlay.evaluate(() => [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor));
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    await addTestStyle(oldOverlay, 'html { background: #2f4a3c !important; }');
    await oldOverlay.screenshot({ path: join(ARTIFACTS, 'screen-overlay-expired.png') });

    await laptop.locator('section[aria-label="Join and overlay"]').screenshot({ path: join(ARTIFACTS, 'screen-overlay-new-link.png') });
    expect(await unnamedControls(laptop)).toEqual([]);

    const newOverlay = await open(STREAM, link.toString());
    await waitForText(newOverlay, 'overlay', NAME);

    // The server cannot show the token again: the console remembers the one it made.
    await laptop.reload();
    await byId(laptop, 'overlay-link').waitFor();
    expect(await byId(laptop, 'overlay-link').inputValue()).toBe(link.toString());
  });

  // Last: the join rate limit is the server's, per address, so after this test no page of this file may join.
  it('shows a retry screen with the wait the server gives when joining is rate-limited', async () => {
    const script = await newEncounter();
    // Spend this address's join attempts (the phone's requests come from the same 127.0.0.1).
    let limited = false;
    for (let i = 0; i < MAX_ATTEMPTS_TO_LIMIT && !limited; i++) {
      const response = await fetch(`${server().baseUrl}/api/join/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ joinCode: script.created.joinCode }),
      });
      limited = response.status === 429;
    }
    expect(limited).toBe(true);

    const phone = await open(PHONE, `${server().baseUrl}/play#code=${script.created.joinCode}`);
    await byId(phone, 'retry-screen').waitFor();
    expect(await textOf(phone, 'notice-heading')).toBe('Too many tries');
    expect(await focusedTestId(phone)).toBe('notice-heading');
    const seconds = Number(await byId(phone, 'retry-countdown').getAttribute('data-seconds'));
    expect(seconds).toBeGreaterThan(0);
    expect(await textOf(phone, 'retry-countdown')).toMatch(/^You can try again in \d+ s\.$/);
    expect(await byId(phone, 'retry').isDisabled()).toBe(true);
    await checkPhoneScreen(phone, 'screen-rate-limited-360.png');

    await byId(phone, 'retry-cancel').tap();
    await byId(phone, 'join-code-input').waitFor();
  });
});
