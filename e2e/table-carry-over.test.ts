// A night of fights with the same table, in real Chromium: an ad-hoc fight typed in on the console and
// played from two phones; "Keep this party"; the phones' "fight is over" screen; "Next fight with the
// same table" offering each phone its seat with its wounds carried; a phone that closed its tab finding
// its table again on /play; a long rest restoring everyone for the third fight.
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage, PHONE, type WatchedPage } from './support/browser.js';
import { unnamedControls } from './support/checks.js';
import { contrastFailures, describeFailure } from './support/contrast.js';
import { entry, numbersOf, row } from './support/health-table.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';
import { byId, createOnConsole, settleTies, textOf, turnKey, waitForText } from './support/table.js';

const { server, browser } = serverAndBrowser('table-carry-over');
const opened: WatchedPage[] = [];

const DOCS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

/** Into the artifacts; into docs/screenshots too with UPDATE_SCREENSHOTS=1. */
async function shoot(page: Page, file: string): Promise<void> {
  // Every screen this test shows a person: readable (WCAG AA) and every control named.
  expect((await contrastFailures(page, { transparentPage: false })).failures.map(describeFailure), `${file}: text below WCAG AA`).toEqual([]);
  expect(await unnamedControls(page)).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, file), animations: 'disabled' });
  if (process.env['UPDATE_SCREENSHOTS'] === '1') await copyFile(join(ARTIFACTS, file), join(DOCS, file));
}

const hashParam = (page: Page, key: string) => new URLSearchParams(new URL(page.url()).hash.slice(1)).get(key);
const myNumbers = (phone: Page) => byId(phone, 'my-health').getByTestId('health-numbers');

async function addOnConsole(gm: Page, name: string, side: 'pc' | 'enemy', dex: number, maxHp: number): Promise<void> {
  await byId(gm, 'add-name').fill(name);
  await byId(gm, 'add-side').selectOption(side);
  await byId(gm, 'add-stat-dex').fill(String(dex));
  await byId(gm, 'add-health').fill(String(maxHp));
  await byId(gm, 'add-submit').click();
  await row(gm, name).waitFor();
}

/** The phones roll, the GM rolls for the monsters, settles ties and starts combat. */
async function startFight(gm: Page, phones: readonly Page[]): Promise<void> {
  await byId(gm, 'open-initiative').click();
  for (const phone of phones) await byId(phone, 'roll-initiative').first().tap();
  await byId(gm, 'roll-monsters').click();
  await settleTies(gm, ['roll-off', 'tie-confirm']);
  await byId(gm, 'start-combat').click();
  await gm.locator('[data-testid="phase"][data-phase="active"]').waitFor();
}

/** Next turn on the console, then wait until the turn has moved (a quick second click would end the same turn again). */
async function nextTurn(gm: Page): Promise<void> {
  const before = await turnKey(gm);
  await byId(gm, 'next-turn').click();
  await gm.waitForFunction((key) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') !== key, before);
}

async function endEncounter(gm: Page): Promise<void> {
  // The first press asks to confirm.
  await byId(gm, 'end-encounter').click();
  await byId(gm, 'end-encounter').click();
  await gm.locator('[data-testid="phase"][data-phase="ended"]').waitFor();
}

/** On the ended encounter's console: the next fight, named, with `goblins` from the bestiary and the rest chosen. */
async function nextFight(gm: Page, name: string, goblins: number, rest: 'none' | 'long'): Promise<void> {
  const before = hashParam(gm, 'e');
  await byId(gm, 'next-fight').click();
  await byId(gm, 'next-fight-name').fill(name);
  await byId(gm, `rest-${rest}`).check();
  await gm.locator('[data-testid="next-fight-monster"]', { hasText: 'Goblin' }).getByTestId('next-fight-count').fill(String(goblins));
  if (rest === 'long') {
    // A long rest ticks what D&D 5e's long rest restores (DND-26); the GM could untick any of it.
    for (const part of ['health', 'temp', 'conditions']) expect(await byId(gm, `restores-${part}`).isChecked()).toBe(true);
    await shoot(gm, 'carry-over-console.png');
  }
  await byId(gm, 'next-fight-start').click();
  await gm.waitForFunction((id) => !location.hash.includes(`e=${id}`), before);
  await waitForText(gm, 'encounter-title', name);
}

/** A phone offered its seat in the next fight takes it with one tap. */
async function rejoin(phone: Page, name: string, fight: string): Promise<void> {
  await waitForText(phone, 'seat-offer-rejoin', `Rejoin as ${name}`);
  expect(await textOf(phone, 'seat-offer')).toContain(fight);
  await byId(phone, 'seat-offer-rejoin').tap();
  await phone.locator('[data-testid="phase"][data-phase="setup"]').waitFor();
  await waitForText(phone, 'my-name', name);
}

describe('a night of fights with the same table', () => {
  let gm: Page;
  const phones = new Map<string, Page>();

  afterAll(async () => {
    for (const { page, errors } of opened) expect(errors, `page errors on ${page.url()}`).toEqual([]);
  });

  it('an ad-hoc fight from the console and two phones, kept as a party; the phones say how it ended', async () => {
    const base = server().baseUrl;
    const console = await createOnConsole(browser(), base, 'Wolves at the ford', 'dnd5e', {});
    opened.push(console);
    gm = console.page;
    await addOnConsole(gm, 'Borin', 'pc', 12, 30);
    await addOnConsole(gm, 'Aria', 'pc', 16, 18);
    await addOnConsole(gm, 'Wolf', 'enemy', 15, 11);
    const joinCode = await textOf(gm, 'join-code');
    for (const name of ['Borin', 'Aria']) {
      const phone = await openPage(browser(), PHONE);
      opened.push(phone);
      await phone.page.goto(`${base}/play#code=${joinCode}`);
      await phone.page.locator(`[data-testid="seat"][data-name="${name}"]`).tap();
      await waitForText(phone.page, 'my-name', name);
      phones.set(name, phone.page);
    }

    // Two rounds of a fight: everyone rolls, the Wolf falls, Borin is hurt, Aria drops.
    await startFight(gm, [...phones.values()]);
    for (let i = 0; i < 3; i++) await nextTurn(gm);
    await waitForText(gm, 'round', '2');
    await entry(gm, 'Borin', '-10');
    await entry(gm, 'Aria', '-18');
    await entry(gm, 'Wolf', '-11');
    await expect.poll(() => numbersOf(gm, 'Borin').textContent()).toBe('20/30 HP');

    await gm.evaluate(() => window.scrollTo(0, 0));
    await shoot(gm, 'carry-over-console-fight.png');
    await byId(gm, 'keep-party').click();
    await expect.poll(() => textOf(gm, 'kept-party')).toContain('Party of Wolves at the ford (2 characters)');
    await endEncounter(gm);
    await byId(gm, 'next-fight').waitFor();

    const borin = phones.get('Borin')!;
    await byId(borin, 'ended-summary').waitFor();
    expect(await textOf(borin, 'ended-rounds')).toBe('It lasted 2 rounds.');
    expect(await textOf(borin, 'ended-fell')).toBe('Fell: Aria and Wolf');
    expect(await textOf(borin, 'ended-standing')).toBe('Still standing: Borin');
    await byId(borin, 'ended-waiting').waitFor();
    expect(await byId(borin, 'join-other').getAttribute('href')).toBe('/play#join');
    expect(await unnamedControls(borin)).toEqual([]);
    await shoot(borin, 'carry-over-ended-phone.png');
  });

  it('the next fight with the same table: each phone is offered its seat, the wounds carried', async () => {
    // A Goblin in the library the console made when it kept the party.
    const libraryToken = await gm.evaluate(() => localStorage.getItem('roundkeeper.gm.library'));
    const added = await fetch(`${server().baseUrl}/api/library/bestiary`, {
      method: 'POST',
      headers: { authorization: `Bearer ${libraryToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ system: 'dnd5e', creatures: [{ name: 'Goblin', side: 'enemy', stats: { dex: 14 }, health: { max: 7 } }] }),
    });
    expect(added.status).toBe(201);

    await byId(gm, 'next-fight').click();
    await byId(gm, 'next-fight-form').waitFor();
    expect(await unnamedControls(gm)).toEqual([]);
    await gm.getByRole('button', { name: 'Cancel' }).click();
    await nextFight(gm, 'Night two', 2, 'none');
    await row(gm, 'Goblin 2').waitFor();
    expect(await numbersOf(gm, 'Borin').textContent()).toBe('20/30 HP');
    expect(await numbersOf(gm, 'Aria').textContent()).toBe('0/18 HP');

    // The offer arrives inside the "fight is over" screen.
    await waitForText(phones.get('Aria')!, 'seat-offer-rejoin', 'Rejoin as Aria');
    await shoot(phones.get('Aria')!, 'carry-over-offer-phone.png');
    for (const name of ['Borin', 'Aria']) await rejoin(phones.get(name)!, name, 'Night two');
    await expect.poll(() => myNumbers(phones.get('Borin')!).textContent()).toBe('20/30 HP');
  });

  it('a phone that closed its tab finds its table on /play; a long rest restores everyone for the third fight', async () => {
    await startFight(gm, [...phones.values()]);
    await endEncounter(gm);
    // Aria's player closes the tab before the GM starts the third fight, then opens the site again.
    const aria = phones.get('Aria')!;
    const context = aria.context();
    await aria.close();
    await nextFight(gm, 'Night three', 1, 'long');
    expect(await numbersOf(gm, 'Borin').textContent()).toBe('30/30 HP');
    expect(await numbersOf(gm, 'Aria').textContent()).toBe('18/18 HP');

    const reopened = await context.newPage();
    await reopened.goto(`${server().baseUrl}/`);
    expect(await textOf(reopened, 'choose-player-sub')).toBe('As Aria, or another game with a code');
    await byId(reopened, 'choose-player').tap();
    await byId(reopened, 'your-table').waitFor();
    await shoot(reopened, 'carry-over-your-table.png');
    await rejoin(reopened, 'Aria', 'Night three');
    await expect.poll(() => myNumbers(reopened).textContent()).toBe('18/18 HP');
    await rejoin(phones.get('Borin')!, 'Borin', 'Night three');
    await expect.poll(() => myNumbers(phones.get('Borin')!).textContent()).toBe('30/30 HP');
  });
});
