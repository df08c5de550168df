// [ENG-39] [ENG-41] The turn timer on the screens, in a real Chromium against the real server: the GM
// sets it on the console, the acting player's phone counts down (and vibrates at 10 s left), the
// overlay counts down in both themes, overtime shows in red, and an auto-end ends the turn by itself.
// Limits are a few real seconds; every wait is for a condition (expect.poll), with generous bounds.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GmScript } from './support/gm-script.js';
import { contrastFailures, describeFailure } from './support/contrast.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';
import { byId } from './support/table.js';

/** Far beyond the few seconds each step takes, so a loaded machine does not fail the test. */
const STEP_TIMEOUT_MS = 30_000;
const poll = { timeout: STEP_TIMEOUT_MS, interval: 100 } as const;

const scripts: GmScript[] = [];

const countdown = (page: Page) => byId(page, 'turn-countdown').first();
const remaining = async (page: Page): Promise<number> => Number(await countdown(page).getAttribute('data-remaining'));
const overtime = async (page: Page): Promise<string | null> => countdown(page).getAttribute('data-overtime');

/** Records the phone's vibrations instead of making them (Chromium has no motor to ask). */
async function recordVibrations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const calls: unknown[] = [];
    (window as unknown as { vibrations: unknown[] }).vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern: unknown) => (calls.push(pattern), true) });
  });
}
/** Every text of the page at WCAG AA, the countdown's included (the overlay judged as over any scene). */
async function lowContrast(page: Page, overlay = false): Promise<string[]> {
  return (await contrastFailures(page, { transparentPage: overlay })).failures.map(describeFailure);
}

const vibrations = (page: Page) => page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations);

describe('turn timer on the screens', () => {
  const { server, pages } = serverAndPages('turn-timer');

  afterEach(() => {
    for (const { errors } of pages().used) expect(errors).toEqual([]);
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('[ENG-39] [ENG-41] counts down on the phone and both overlays, vibrates at 10 s, shows overtime, then auto-ends', async () => {
    const script = await GmScript.create(server().baseUrl, 'Timed fight');
    scripts.push(script);
    await script.add({ name: 'Aria', side: 'pc', stats: { dex: 14 } }, { name: 'Goblin', side: 'enemy', stats: { dex: 14 } });
    await script.startCombat();
    const aria = script.id('Aria');
    // The Goblin acts now: Aria's turn, next, will start with the timer already set.
    if (script.view.turn?.actorIds.includes(aria)) await script.endTurns(1);

    const gm = await pages().console(script);
    const phone = await pages().phone(script, 'Aria');
    const dark = await pages().overlay(script);
    const light = await pages().overlay(script, '?theme=light', 'overlay light');
    await recordVibrations(phone.page);

    // The GM sets 20 seconds, overtime at 0, with the console's own form.
    const settings = byId(gm.page, 'turn-timer-settings');
    if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
    await byId(gm.page, 'timer-seconds').fill('20');
    await byId(gm.page, 'timer-timeout').selectOption('overtime');
    await byId(gm.page, 'timer-set').click();
    await expect.poll(() => script.view.turnTimer, poll).toEqual({ seconds: 20, onTimeout: 'overtime' });
    // The Goblin's turn, already under way, counts on the console too.
    await countdown(gm.page).waitFor({ timeout: STEP_TIMEOUT_MS });

    await script.endTurns(1);
    expect(script.view.turn?.actorIds).toEqual([aria]);
    await byId(phone.page, 'your-turn-banner').waitFor({ timeout: STEP_TIMEOUT_MS });
    for (const page of [phone.page, dark.page, light.page, gm.page]) {
      await countdown(page).waitFor({ timeout: STEP_TIMEOUT_MS });
      const left = await remaining(page);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(20);
    }
    for (const page of [dark.page, light.page]) expect(await lowContrast(page, true)).toEqual([]);
    for (const page of [phone.page, gm.page]) expect(await lowContrast(page)).toEqual([]);
    // At 10 s left the acting player's phone vibrates once (the warning's pattern), and only for that turn.
    await expect.poll(() => vibrations(phone.page), poll).toContainEqual([120, 80, 120]);
    expect((await vibrations(phone.page)).filter((v) => Array.isArray(v) && v.length === 3)).toHaveLength(1);

    // Past 0: overtime, counting up in red, everywhere; the turn stays Aria's.
    for (const page of [phone.page, dark.page, light.page, gm.page]) await expect.poll(() => overtime(page), poll).toBe('true');
    await expect.poll(async () => (await countdown(phone.page).textContent())?.trim(), poll).toMatch(/^Overtime\s*\+\d+:\d\d$/);
    const red = await countdown(dark.page).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(red).toBe('rgb(185, 28, 28)');
    expect(await countdown(light.page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(red);
    for (const page of [dark.page, light.page]) expect(await lowContrast(page, true)).toEqual([]);
    expect(await lowContrast(phone.page)).toEqual([]);
    await dark.page.screenshot({ path: join(ARTIFACTS, 'turn-timer-overlay-dark.png') });
    await light.page.screenshot({ path: join(ARTIFACTS, 'turn-timer-overlay-light.png') });
    await phone.page.screenshot({ path: join(ARTIFACTS, 'turn-timer-phone.png') });
    expect(script.view.turn?.actorIds).toEqual([aria]);

    // The GM switches to 2 seconds, auto-end: Aria is past it, so the server ends her turn itself.
    await byId(gm.page, 'timer-seconds').fill('2');
    await byId(gm.page, 'timer-timeout').selectOption('auto-end');
    await byId(gm.page, 'timer-set').click();
    const log = byId(gm.page, 'log');
    await expect.poll(() => log.textContent(), poll).toContain("Aria's turn ended: time ran out");
    await expect.poll(() => log.textContent(), poll).toContain('Turn timer');
    // Then the Goblin's turn times out too: the log says so in words.
    await expect.poll(() => log.textContent(), poll).toContain("Goblin's turn ended: time ran out");
    // A round of the timer's own ends in a row: Aria's next turn waits for her, in overtime after 2 s.
    await expect.poll(() => script.view.turn?.actorIds, poll).toEqual([aria]);
    await expect.poll(() => overtime(phone.page), poll).toBe('true');
    await gm.page.screenshot({ path: join(ARTIFACTS, 'turn-timer-console.png') });
  });
});
