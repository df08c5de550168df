import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { GmScript } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';

const HIDDEN_NAME = 'Assassin';
/** Enough turns that the console's first page (the latest 200 events) no longer reaches the start. */
const TURNS_BEFORE_OPENING = 80;

let script: GmScript;

const lines = (gm: Page) => gm.locator('[data-testid="log-line"]');
const line = (gm: Page, text: string) => gm.locator('[data-testid="log-line"]', { hasText: text });

describe('the GM log comes from the server', () => {
  const { server, pages } = serverAndPages('gm-log');

  beforeAll(async () => {
    // Another GM client plays the start of the encounter before the console is opened (by each test, afresh).
    script = await GmScript.create(server().baseUrl, 'Crypt of records');
    await script.add(
      { name: 'Aria', side: 'pc', stats: { dex: 16 } },
      { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, count: 2 },
      { name: HIDDEN_NAME, side: 'enemy', stats: { dex: 18 }, hidden: true },
    );
    await script.startCombat();
    await script.endTurns(TURNS_BEFORE_OPENING);
  });

  afterAll(async () => {
    script?.close();
  });

  it('opens on the latest entries played elsewhere, with rounds and who did it, and pages back to the start', async () => {
    const gm = await pages().console(script);
    const round = script.view.round;
    await line(gm.page, `Round ${round}`).first().waitFor();
    expect(await line(gm.page, `Round ${round}`).first().textContent()).toContain(`R${round}`);
    expect(await gm.page.locator('[data-testid="log"] .who').first().textContent()).toBe('GM');
    // The first page is the latest one: the setup is further back.
    expect(await line(gm.page, 'Added Aria').count()).toBe(0);

    const earlier = gm.page.getByTestId('log-earlier');
    while (await earlier.isVisible()) {
      await earlier.click();
      await gm.page.waitForFunction(() => !document.querySelector('[data-testid="log-earlier"][disabled]'));
    }
    await line(gm.page, 'Encounter created').waitFor();
    await line(gm.page, `Added ${HIDDEN_NAME} (hidden)`).waitFor();
    expect(await line(gm.page, 'Added Goblin 2').count()).toBe(1);
    // Every roll with its faces, as the server rolled them.
    for (const c of script.view.combatants.filter((x) => x.groupId === null)) {
      const roll = c.initiative;
      if (!roll) throw new Error(`${c.name} has no initiative`);
      const sign = roll.modifier < 0 ? '−' : '+';
      const text = `${c.name} rolled ${roll.total}: d20 ${roll.dice[0]?.face} ${sign} ${Math.abs(roll.modifier)} = ${roll.total}`;
      expect(await line(gm.page, text).count(), text).toBe(1);
    }
    expect(await line(gm.page, 'Goblin ×2 rolled').count()).toBe(1);
    // Each line once, in the order the server stored them.
    const seqs = await lines(gm.page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-seq'))));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await gm.page.getByTestId('log').evaluate((el) => el.scrollTo(0, 0));
    await gm.page.getByTestId('log').screenshot({ path: join(ARTIFACTS, 'gm-log.png') });
    expect(gm.errors).toEqual([]);
  });

  it('keeps up with what happens next, reading only the new entries', async () => {
    const gm = await pages().console(script);
    // The console has read its first page (the latest entries; earlier ones wait for "load earlier").
    await gm.page.getByTestId('log-earlier').waitFor();
    const requests: string[] = [];
    const record = (request: Request) => {
      if (request.url().includes('/log?')) requests.push(request.url());
    };
    gm.page.on('request', record);
    const before = script.version;
    await script.send({ type: 'end-turn' });
    await gm.page.waitForFunction(
      (v) => [...document.querySelectorAll('[data-testid="log-line"]')].some((el) => Number(el.getAttribute('data-seq')) > v),
      before,
    );
    gm.page.off('request', record);
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(new URL(url).searchParams.get('after')).toBe(String(before));
    expect(await lines(gm.page).last().getAttribute('data-kind')).toBe('turn');
  });
});
