// What a newcomer's run found on the console and the phones (issue 28, numbered defects 5–9 and 11),
// through the built pages in Chromium against the real server.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BAD_REQUEST_WORDS } from '../packages/client/src/index.js';
import { LAPTOP, openPage } from './support/browser.js';
import { GmScript, statsFor, type ScriptSystem } from './support/gm-script.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';
import { byId } from './support/table.js';

const { server, browser, pages } = serverAndPages('newcomer-console');
const scripts: GmScript[] = [];
afterAll(() => scripts.forEach((s) => s.close()));

async function encounter(system: ScriptSystem, name = 'Newcomer'): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, name, system);
  scripts.push(script);
  return script;
}

/** Visible text of the page, for "no code reaches the screen" checks. */
const screenText = (page: Page) => page.evaluate(() => document.body.innerText);

/** Pairs of visible controls (inputs, selects, buttons) in `selector` whose boxes overlap. */
const overlaps = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return ['nothing matches ' + sel];
    const parts = [...root.querySelectorAll('input, select, button, label')].filter((el) => el.getBoundingClientRect().width > 0);
    const out: string[] = [];
    parts.forEach((a, i) => {
      const r = a.getBoundingClientRect();
      for (const b of parts.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const o = b.getBoundingClientRect();
        if (r.left < o.right - 1 && o.left < r.right - 1 && r.top < o.bottom - 1 && o.top < r.bottom - 1) {
          out.push(`${a.getAttribute('data-testid') ?? a.textContent?.trim().slice(0, 30)} × ${b.getAttribute('data-testid') ?? b.textContent?.trim().slice(0, 30)}`);
        }
      }
    });
    return out;
  }, selector);

describe("the newcomer's run, on the console", () => {
  afterEach(() => {
    for (const page of pages().used) expect(page.errors).toEqual([]);
  });

  it('[issue 28 #5] a 61-character name is refused in the paste preview, and a malformed command is refused in words', async () => {
    const script = await encounter('dnd5e');
    const gm = (await pages().console(script)).page;
    await byId(gm, 'paste-box').fill(`${'Lord Commander Aldric the Unyielding of the Seventh Silver Vale'.slice(0, 61)} pc`);
    await expect.poll(() => byId(gm, 'paste-errors').textContent()).toContain('the name is 61 characters long; at most 60');
    expect(await byId(gm, 'paste-add').isDisabled()).toBe(true);
    // Past the pages (an old page, a bug): the client's refusal is a sentence, never the validator's text.
    expect(await script.trySend({ type: 'add-combatant', combatant: { name: 'x'.repeat(61), side: 'enemy', stats: statsFor('dnd5e') } })).toBe(false);
    expect(script.lastRefusal).toBe(`bad-request ${BAD_REQUEST_WORDS}`);
  });

  it('[issue 28 #6] UESRPG: no Roll or Roll all before surprise is decided, then both', async () => {
    const script = await encounter('uesrpg');
    await script.add({ name: 'Lydia', side: 'pc', stats: statsFor('uesrpg') }, { name: 'Draugr', side: 'enemy', stats: statsFor('uesrpg') });
    await script.send({ type: 'begin-initiative' });
    const gm = (await pages().console(script)).page;
    await byId(gm, 'uesrpg-surprise').waitFor();
    expect(await byId(gm, 'roll-unit').count()).toBe(0);
    expect(await byId(gm, 'roll-monsters').isDisabled()).toBe(true);
    expect(await byId(gm, 'roll-monsters').getAttribute('title')).toMatch(/surprised/);
    expect(await byId(gm, 'start-wait').textContent()).toMatch(/surprised/);
    await byId(gm, 'confirm-surprise').click();
    await expect.poll(() => byId(gm, 'roll-unit').count()).toBe(2);
    expect(await byId(gm, 'roll-monsters').isEnabled()).toBe(true);
  });

  it('[issue 28 #7] stats whose numbers stand for words are chosen by the words (LFG rank and leader, UESRPG rating)', async () => {
    const lfg = (await pages().console(await encounter('lfg'))).page;
    const rank = byId(lfg, 'add-stat-rank');
    expect(await rank.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await rank.locator('option').allTextContents()).toEqual(['Normal', 'Heavy', 'Boss']);
    expect(await byId(lfg, 'add-stat-leader').locator('option').allTextContents()).toEqual(['No', 'Yes']);
    expect(await screenText(lfg)).not.toMatch(/0 normal|1 yes|1 heavy/i);
    // The paste box reads the words too, and its preview says them.
    await byId(lfg, 'paste-box').fill('Warlord rank boss leader yes');
    await expect.poll(() => byId(lfg, 'paste-preview-line').textContent()).toBe('line 1: Warlord · enemy · Rank Boss · Leader Yes');
    const ues = (await pages().console(await encounter('uesrpg'))).page;
    expect(await byId(ues, 'add-stat-initiativeRating').locator('option').first().textContent()).toBe('From characteristics');
    expect(await screenText(ues)).not.toMatch(/−1: from|initiativeRating|maxAp/);
  });

  it('[issue 28 #11] the add form starts the next creature without the last one\'s Max HP', async () => {
    const script = await encounter('dnd5e');
    const gm = (await pages().console(script)).page;
    await byId(gm, 'add-name').fill('Ogre');
    await byId(gm, 'add-health').fill('59');
    await byId(gm, 'add-submit').click();
    await gm.locator('[data-testid="roster-row"][data-name="Ogre"]').waitFor();
    expect(await byId(gm, 'add-health').inputValue()).toBe('');
    await byId(gm, 'add-name').fill('Goblin');
    await byId(gm, 'add-submit').click();
    await gm.locator('[data-testid="roster-row"][data-name="Goblin"]').waitFor();
    expect(script.view.combatants.find((c) => c.name === 'Goblin')?.health).toBeUndefined();
  });

  it('[issue 28 #9] the D&D 5e create form at 1440 px: no control covers another', async () => {
    const watched = await openPage(browser(), LAPTOP);
    try {
      await watched.page.goto(`${server().baseUrl}/gm`);
      await byId(watched.page, 'encounter-system').selectOption('dnd5e');
      await byId(watched.page, 'options-form').waitFor();
      await watched.page.screenshot({ path: join(ARTIFACTS, 'create-dnd5e-1440.png'), fullPage: true });
      expect(await overlaps(watched.page, '[data-testid="options-form"]')).toEqual([]);
    } finally {
      await watched.page.context().close();
    }
  });
});

describe("the newcomer's run: screens that must not contradict the state (#8)", () => {
  it('[DND-20] "Aria is dead: healing cannot bring them back" goes once she is back and healed', async () => {
    const script = await encounter('dnd5e');
    await script.add({ name: 'Aria', side: 'pc', stats: statsFor('dnd5e', { dex: 16 }), health: { max: 20 } }, { name: 'Ghoul', side: 'enemy', stats: statsFor('dnd5e') });
    await script.startCombat();
    await script.send({ type: 'apply-damage', targets: [{ combatantId: script.id('Aria'), amount: 40 }] });
    const phone = (await pages().phone(script, 'Aria')).page;
    await byId(phone, 'my-health-amount').fill('5');
    await byId(phone, 'my-heal').tap();
    await expect.poll(() => phone.getByRole('alert').first().textContent()).toMatch(/Aria is dead/);
    await script.send({ type: 'set-defeated', combatantId: script.id('Aria'), defeated: false });
    await script.send({ type: 'apply-healing', targets: [{ combatantId: script.id('Aria'), amount: 8 }] });
    await expect.poll(() => byId(phone, 'my-health').getByTestId('health-numbers').textContent()).toBe('8/20 HP');
    await expect.poll(() => screenText(phone), { timeout: 10_000 }).not.toMatch(/Aria is dead/);
  });

  it('[LFG-20] a suggested morale check says how many of the kind are down, not "half of them" with 1 of 6 down', async () => {
    const script = await encounter('lfg');
    await script.add(
      { name: 'Ana', side: 'pc', stats: statsFor('lfg', { initiative: 12 }) },
      ...['Goblin 1', 'Goblin 2', 'Orc 1', 'Orc 2', 'Wolf 1', 'Wolf 2'].map((name) => ({ name, side: 'enemy' as const, stats: statsFor('lfg') })),
    );
    await script.send({ type: 'begin-initiative' });
    await script.sendAs('Ana', { type: 'roll-initiative', unit: { kind: 'combatant', id: script.id('Ana') } });
    await script.send({ type: 'start-combat' });
    const gm = (await pages().console(script)).page;
    await script.send({ type: 'set-defeated', combatantId: script.id('Goblin 1'), defeated: true });
    const why = byId(gm, 'lfg-morale-why');
    await why.waitFor();
    expect(await why.textContent()).toBe('(half their kind is down: 1 of 2 down)');
  });

  it('[LFG-6] after the party\'s only check, the phone no longer says it waits for everyone to roll', async () => {
    const script = await encounter('lfg');
    await script.add({ name: 'Ana', side: 'pc', stats: statsFor('lfg', { initiative: 12 }) }, { name: 'Bo', side: 'pc', stats: statsFor('lfg') }, { name: 'Orc', side: 'enemy', stats: statsFor('lfg') });
    await script.send({ type: 'begin-initiative' });
    await script.sendAs('Ana', { type: 'roll-initiative', unit: { kind: 'combatant', id: script.id('Ana') } });
    const phone = (await pages().phone(script, 'Bo')).page;
    // The check is rolled; the order comes with combat: until then the phone says what it waits for.
    await expect.poll(() => byId(phone, 'initiative-hint').textContent()).toBe('Everyone has rolled: waiting for the GM to start combat.');
    expect(await screenText(phone)).not.toMatch(/Waiting for everyone to roll/);
    await phone.screenshot({ path: join(ARTIFACTS, 'lfg-after-check-360.png') });
  });
});
