// The phone's roll screen (issue 28 #10): one clear way to roll, the others secondary and folded away;
// nothing the page says is left under the sticky bar, at 360 and 390 px.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { horizontalOverflow } from './support/checks.js';
import { GmScript, statsFor } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';
import { byId } from './support/table.js';

const { server, pages } = serverAndPages('phone-roll');
const scripts: GmScript[] = [];
afterAll(() => scripts.forEach((s) => s.close()));

/** Buttons a person sees as the page's main action (the accent colour), by their words. */
const primaries = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button.primary')]
      .filter((b) => b.checkVisibility())
      .map((b) => b.textContent?.trim() ?? ''),
  );

/** Scrolled to the end: how far the last words of the page reach under the fixed bar (0 or less: clear of it). */
const underTheBar = (page: Page, testid: string) =>
  page.evaluate((id) => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const words = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="action-bar"]')!.getBoundingClientRect();
    return words.bottom - bar.top;
  }, testid);

describe("the phone's roll screen", () => {
  it('[issue 28 #10] one primary way to roll; advantage sources and real dice folded away; the hint clear of the bar', async () => {
    const script = await GmScript.create(server().baseUrl, 'Roll screen');
    scripts.push(script);
    await script.add({ name: 'Aria', side: 'pc', stats: statsFor('dnd5e', { dex: 16 }) }, { name: 'Goblin', side: 'enemy', stats: statsFor('dnd5e') });
    await script.send({ type: 'set-options', options: { physicalDice: 'everyone' } });
    await script.send({ type: 'begin-initiative' });
    const { page } = await pages().phone(script, 'Aria');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await byId(page, 'roll-initiative').waitFor();
      expect(await primaries(page), `at ${width} px`).toEqual(['Roll initiative']);
      // The other ways are there, one tap away, and say what they are.
      expect(await byId(page, 'dnd5e-sources-roll').isVisible()).toBe(false);
      expect(await byId(page, 'physical-submit').isVisible()).toBe(false);
      expect(await byId(page, 'physical-toggle').isVisible()).toBe(true);
      expect(await byId(page, 'dnd5e-sources-toggle').isVisible()).toBe(true);
      expect(await underTheBar(page, 'initiative-hint'), `hint under the bar at ${width} px`).toBeLessThanOrEqual(0);
      // Opened, the real die's form is no part of the bar, and the page still ends above it.
      await byId(page, 'physical-toggle').tap();
      expect(await underTheBar(page, 'physical-submit'), `real die form under the bar at ${width} px`).toBeLessThanOrEqual(0);
      expect((await horizontalOverflow(page)).culprits, `sideways at ${width} px`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `phone-roll-${width}.png`) });
      await byId(page, 'physical-toggle').tap();
    }
    await byId(page, 'dnd5e-sources-toggle').tap();
    await byId(page, 'dnd5e-advantage').fill('Alert');
    await byId(page, 'dnd5e-sources-roll').tap();
    await expect.poll(() => script.view.combatants.find((c) => c.name === 'Aria')?.initiative?.mode).toBe('advantage');
  });
});
