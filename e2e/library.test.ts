// A party and a bestiary that carry over: the GM keeps the party and monsters in the console's library,
// starts an encounter from them in a few clicks, the players join by code; the next encounter from the
// same party offers each phone its own seat back.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LAPTOP, openPage, PHONE, type WatchedPage } from './support/browser.js';
import { unnamedControls } from './support/checks.js';
import { byId, textOf, waitForText } from './support/table.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';

const DOCS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

const { server, browser } = serverAndBrowser('library');
const opened: WatchedPage[] = [];

async function open(options: typeof LAPTOP, url: string): Promise<Page> {
  const watched = await openPage(browser(), options);
  opened.push(watched);
  await watched.page.goto(url);
  return watched.page;
}

const rosterNames = (gm: Page) => gm.locator('[data-testid="roster-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));

/** Fills the creature form inside `scope` (a party card or the bestiary) and saves it. */
async function addCreature(page: Page, scope: string, name: string, stats: Record<string, number>, maxHp: number): Promise<void> {
  const form = page.locator(`${scope} [data-testid="creature-form"]`).last();
  await form.getByTestId('creature-name').fill(name);
  for (const [key, value] of Object.entries(stats)) await form.getByTestId(`creature-stat-${key}`).fill(String(value));
  await form.getByTestId('creature-health').fill(String(maxHp));
  await form.getByTestId('creature-save').click();
}

/** On the library page: start an encounter from the first party with these monsters (name → count). */
async function startFromParty(gm: Page, name: string, monsters: Record<string, number>): Promise<void> {
  await byId(gm, 'new-encounter-from-party').click();
  await byId(gm, 'start-name').fill(name);
  for (const [monster, count] of Object.entries(monsters)) {
    await gm.locator('[data-testid="start-monster"]', { hasText: monster }).getByTestId('start-count').fill(String(count));
  }
  // The party's wounds come along by default (SPEC ENG-48); with no rest chosen nothing is restored.
  expect(await byId(gm, 'start-carry').isChecked()).toBe(true);
  await gm.screenshot({ path: join(ARTIFACTS, `library-start-${name.replace(/\W+/g, '-')}.png`), fullPage: true, animations: 'disabled' });
  await byId(gm, 'start-submit').click();
  await byId(gm, 'join-code').waitFor();
}

describe('a party and a bestiary that carry over', () => {
  let gm: Page;

  afterAll(async () => {
    for (const { page, errors } of opened) expect(errors, `page errors on ${page.url()}`).toEqual([]);
  });

  it('saves a party and a bestiary from the console, found from its start screen, and opens them on another laptop', async () => {
    gm = await open(LAPTOP, `${server().baseUrl}/gm`);
    await byId(gm, 'open-library').click();
    await byId(gm, 'party-name-input').fill('The Company');
    await byId(gm, 'party-system').selectOption('dnd5e');
    await byId(gm, 'create-party').click();
    await byId(gm, 'party-name').waitFor();
    await byId(gm, 'add-member').click();
    await addCreature(gm, '[data-testid="party"]', 'Aria', { dex: 16 }, 24);
    await gm.locator('[data-testid="member-name"]', { hasText: 'Aria' }).waitFor();
    await addCreature(gm, '[data-testid="party"]', 'Borin', { dex: 10 }, 31);
    await gm.locator('[data-testid="member-name"]', { hasText: 'Borin' }).waitFor();

    await byId(gm, 'bestiary-system').selectOption('dnd5e');
    await addCreature(gm, '[data-testid="bestiary"]', 'Goblin', { dex: 14 }, 7);
    await gm.locator('[data-testid="bestiary-entry"]', { hasText: 'Goblin' }).waitFor();
    await addCreature(gm, '[data-testid="bestiary"]', 'Wolf', { dex: 15 }, 11);
    await gm.locator('[data-testid="bestiary-entry"]', { hasText: 'Wolf' }).waitFor();
    expect(await unnamedControls(gm)).toEqual([]);
    await gm.screenshot({ path: join(ARTIFACTS, 'library.png'), fullPage: true, animations: 'disabled' });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') await copyFile(join(ARTIFACTS, 'library.png'), join(DOCS, 'library.png'));

    // Kept on the server: another laptop opens the same library from the library link.
    const link = await byId(gm, 'library-link').inputValue();
    const other = await open(LAPTOP, link);
    await other.locator('[data-testid="member-name"]', { hasText: 'Borin' }).waitFor();
    expect(await other.locator('[data-testid="bestiary-entry"]').allTextContents()).toEqual([expect.stringContaining('Goblin'), expect.stringContaining('Wolf')]);
    await other.context().close();
  });

  it('starts an encounter from the party with monsters: the roster is ready, phones join by code', async () => {
    await startFromParty(gm, 'Night one', { Goblin: 3 });
    expect(await rosterNames(gm)).toEqual(['Aria', 'Borin', 'Goblin 1', 'Goblin 2', 'Goblin 3']);
    const joinCode = await textOf(gm, 'join-code');
    for (const name of ['Aria', 'Borin']) {
      const phone = await open(PHONE, `${server().baseUrl}/play#code=${joinCode}`);
      await phone.locator(`[data-testid="seat"][data-name="${name}"]`).tap();
      await waitForText(phone, 'my-name', name);
    }
  });

  it("offers each phone its own seat in the party's next encounter, without a code", async () => {
    const phones = opened.slice(-2).map((w) => w.page);
    const firstEncounter = new URLSearchParams(new URL(phones[0]!.url()).hash.slice(1)).get('e');
    await gm.goto(`${server().baseUrl}/gm#library`);
    await startFromParty(gm, 'Night two', { Wolf: 2 });
    expect(await rosterNames(gm)).toEqual(['Aria', 'Borin', 'Wolf 1', 'Wolf 2']);
    const secondEncounter = new URLSearchParams(new URL(gm.url()).hash.slice(1)).get('e');

    for (const [i, name] of ['Aria', 'Borin'].entries()) {
      const phone = phones[i]!;
      // Pushed to the phone still on the first encounter.
      await waitForText(phone, 'seat-offer-rejoin', `Rejoin as ${name}`);
      expect(await textOf(phone, 'seat-offer')).toContain('Night two');
      if (i === 0) {
        await phone.screenshot({ path: join(ARTIFACTS, 'library-seat-offer-phone.png'), animations: 'disabled' });
        if (process.env['UPDATE_SCREENSHOTS'] === '1') await copyFile(join(ARTIFACTS, 'library-seat-offer-phone.png'), join(DOCS, 'library-seat-offer-phone.png'));
      }
      await byId(phone, 'seat-offer-rejoin').tap();
      await phone.waitForFunction((id) => location.hash.includes(`e=${id}`), secondEncounter);
      await waitForText(phone, 'my-name', name);
      expect(new URL(phone.url()).hash).not.toContain(firstEncounter ?? 'none');
    }
    // Both phones hold seats in the new encounter (the GM's seat list says so).
    const seats = await fetch(`${server().baseUrl}/api/encounters/${secondEncounter}/seats`, {
      headers: { authorization: `Bearer ${new URLSearchParams(new URL(gm.url()).hash.slice(1)).get('t')}` },
    }).then((r) => r.json() as Promise<{ seats: unknown[] }>);
    expect(seats.seats).toHaveLength(2);
  });
});
