// Small things a GM and a streamer reach for (issue 15), through the built pages in Chromium: the
// initiative panel sorted as rolls come in, the Next turn shortcut, a lost connection noticed within
// seconds (measured), and the ribbon overlay at 1920×1080 in one row, the current turn inside its margin.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '../packages/protocol/src/limits.js';
import { GmScript } from './support/gm-script.js';
import { byId, textOf, turnKey, waitForText } from './support/table.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';

/** "Within a few seconds" once the browser reports going offline. */
const OFFLINE_EVENT_BUDGET_MS = 2_000;
/** A server gone silent (no offline event): one missed heartbeat, plus the page's own reaction. */
const SILENT_BUDGET_MS = HEARTBEAT_INTERVAL_MS + HEARTBEAT_TIMEOUT_MS + 2_000;
/** The ribbon's margin the current turn (scaled up) must stay inside, in CSS pixels. */
const RIBBON_MARGIN_PX = 8;

const { server, pages } = serverAndPages('small-things');
const scripts: GmScript[] = [];

/** Aria and Borin (PCs) and `monsters` goblins and friends, each alone, in setup. */
async function newEncounter(monsters: number): Promise<GmScript> {
  const script = await GmScript.create(server().baseUrl, 'Small things');
  scripts.push(script);
  await script.add({ name: 'Aria', side: 'pc', stats: { dex: 14 } }, { name: 'Borin', side: 'pc', stats: { dex: 12 } });
  for (let i = 1; i <= monsters; i++) await script.add({ name: `Cave troll ${i}`, side: 'enemy', stats: { dex: 10 } });
  return script;
}

const rowNames = (gm: Page) => byId(gm, 'initiative-unit').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));

describe('small things on the console, the phone and the overlay', () => {
  afterEach(() => {
    server().freeze(false);
    for (const page of pages().used) expect(page.errors).toEqual([]);
  });

  afterAll(async () => {
    for (const script of scripts) script.close();
  });

  it('the initiative panel is sorted as rolls come in, highest first, equal totals in the order added', async () => {
    const script = await newEncounter(2);
    await script.send({ type: 'begin-initiative' });
    const gm = (await pages().console(script)).page;
    expect(await rowNames(gm)).toEqual(['Aria', 'Borin', 'Cave troll 1', 'Cave troll 2']);
    const enter = (name: string, face: number) => script.send({ type: 'enter-initiative', unit: { kind: 'combatant', id: script.id(name) }, faces: [face] });
    await enter('Cave troll 2', 15); // 15 + 0
    await gm.waitForFunction(() => document.querySelector('[data-testid="initiative-unit"]')?.getAttribute('data-name') === 'Cave troll 2');
    expect(await rowNames(gm)).toEqual(['Cave troll 2', 'Aria', 'Borin', 'Cave troll 1']);
    await enter('Borin', 14); // 14 + 1 = 15: equal to the troll's, added before it
    await enter('Aria', 3); // 3 + 2 = 5
    await gm.waitForFunction(() => document.querySelectorAll('[data-testid="initiative-result"]').length === 3);
    expect(await rowNames(gm)).toEqual(['Borin', 'Cave troll 2', 'Aria', 'Cave troll 1']);
  });

  it('the paste box previews each line, refuses a word it does not know (naming it), and adds the list once fixed', async () => {
    const script = await newEncounter(0);
    const gm = (await pages().console(script)).page;
    await byId(gm, 'paste-box').fill('3 Goblin dex 14 hp 7\nOgre dex 8 strengh 3');
    await gm.locator('[data-testid="paste-errors"] li', { hasText: 'strengh' }).waitFor();
    expect(await byId(gm, 'paste-preview-line').allTextContents()).toEqual([expect.stringMatching(/^line 1: 3 Goblin \(a group\) · enemy · Dexterity 14/)]);
    expect(await byId(gm, 'paste-add').isDisabled()).toBe(true);
    expect(await byId(gm, 'paste-add').getAttribute('title')).toBe('Fix the lines above first');
    await byId(gm, 'paste-box').fill('3 Goblin dex 14 hp 7\nOgre dex 8 hp 59');
    await byId(gm, 'paste-errors').waitFor({ state: 'detached' });
    expect(await byId(gm, 'paste-preview-line').count()).toBe(2);
    await byId(gm, 'paste-add').click();
    await gm.locator('[data-testid="roster-row"][data-name="Ogre"]').waitFor();
    await script.waitFor((v) => v.combatants.length === 6);
    expect(script.view.combatants.filter((c) => c.name.startsWith('Goblin')).map((c) => c.name)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3']);
  });

  it('Next turn says its shortcut on hover, and N ends the turn (not while typing in a field)', async () => {
    const script = await newEncounter(1);
    await script.startCombat();
    const gm = (await pages().console(script)).page;
    const next = byId(gm, 'next-turn');
    expect(await next.getAttribute('title')).toBe('Next turn (N)');
    expect(await next.getAttribute('aria-keyshortcuts')).toBe('N');
    const first = await turnKey(gm);
    await gm.locator('body').click({ position: { x: 5, y: 5 } });
    await gm.keyboard.press('n');
    await gm.waitForFunction((key) => document.querySelector('[data-testid="order"]')?.getAttribute('data-turn') !== key, first);
    const second = await turnKey(gm);
    expect(script.view.round).toBe(1);
    // Typing a name with an n in it (the find box, a condition's name) ends nobody's turn.
    await byId(gm, 'find').focus();
    await gm.keyboard.type('nn');
    await gm.locator('[data-testid="roster-row"][data-name="Aria"] [data-testid="row-name"]').click();
    await byId(gm, 'condition-name').focus();
    await gm.keyboard.type('Stunned');
    await gm.waitForTimeout(500);
    expect(await turnKey(gm)).toBe(second);
    expect(await byId(gm, 'condition-name').inputValue()).toBe('Stunned');
  });

  it('[ENG-43] the GM writes a note on a combatant: it is kept over a reload, and no phone or overlay gets it', async () => {
    const script = await newEncounter(1);
    await script.startCombat();
    const table = await pages().table(script, ['Aria']);
    const gm = table.gm.page;
    const NOTE = 'Regenerates 3 HP a turn; fire stops it';
    // The note is on the creature's detail, opened by selecting its row; the row then carries a marker.
    const select = () => gm.locator('[data-testid="roster-row"][data-name="Cave troll 1"] [data-testid="row-name"]').click();
    const detail = gm.locator('[data-testid="detail"][data-name="Cave troll 1"]');
    await select();
    expect(await detail.getByTestId('note-save').getAttribute('title')).toBe('Change the note first');
    await detail.getByTestId('note-input').fill(NOTE);
    await detail.getByTestId('note-save').click();
    const marker = gm.locator('[data-testid="roster-row"][data-name="Cave troll 1"] [data-testid="note-marker"]');
    await expect.poll(() => marker.getAttribute('title')).toBe(`GM note: ${NOTE}`);
    await gm.locator('[data-testid="log-line"]', { hasText: 'Note on Cave troll 1: Regenerates 3 HP a turn' }).waitFor();
    await gm.reload();
    await select();
    await expect.poll(() => detail.getByTestId('note-input').inputValue()).toBe(NOTE);
    expect(await marker.getAttribute('title')).toBe(`GM note: ${NOTE}`);
    for (const page of [table.players.get('Aria')!.page, table.overlay.page]) {
      expect(await page.content()).not.toContain('Regenerates');
    }
  });

  it('a phone and the console notice a lost connection within seconds (measured), and come back', async () => {
    const script = await newEncounter(1);
    await script.startCombat();
    const table = await pages().table(script, ['Aria']);
    const phone = table.players.get('Aria')!.page;
    const gm = table.gm.page;
    await gm.locator('[data-testid="connection-status"][data-status="online"]').waitFor();

    // The phone loses its signal: the browser says so, the banner shows at once.
    let started = Date.now();
    await phone.context().setOffline(true);
    await byId(phone, 'offline-banner').waitFor({ timeout: OFFLINE_EVENT_BUDGET_MS });
    const afterOfflineEvent = Date.now() - started;
    expect(await textOf(phone, 'offline-banner')).toMatch(/^Reconnecting…/);
    await phone.context().setOffline(false);
    await byId(phone, 'offline-banner').waitFor({ state: 'detached' });

    // The server goes silent with every socket left open: only the heartbeat can tell.
    started = Date.now();
    server().freeze(true);
    await byId(phone, 'offline-banner').waitFor({ timeout: SILENT_BUDGET_MS });
    await gm.locator('[data-testid="connection-status"][data-status="offline"]').waitFor({ timeout: SILENT_BUDGET_MS });
    const afterSilence = Date.now() - started;
    server().freeze(false);
    await byId(phone, 'offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
    await gm.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: 20_000 });
    console.info(`offline noticed: ${afterOfflineEvent} ms after the browser's offline event, ${afterSilence} ms after the server went silent`);
    expect(afterSilence).toBeLessThanOrEqual(SILENT_BUDGET_MS);
  });

  it('the ribbon overlay lays out a table\'s eight turns at 1920×1080 in one row, whole names, the current turn inside its margin', async () => {
    const script = await GmScript.create(server().baseUrl, 'Ribbon');
    scripts.push(script);
    await script.add({ name: 'Aria', side: 'pc', stats: { dex: 14 } }, { name: 'Borin', side: 'pc', stats: { dex: 12 } });
    await script.add({ name: 'Goblin', side: 'enemy', stats: { dex: 10 }, count: 6 }); // one group: 3 turns in all
    for (const name of ['Cave troll', 'Hobgoblin captain', 'Wolf', 'Worg', 'Bandit']) await script.add({ name, side: 'enemy', stats: { dex: 8 } });
    await script.startCombat();
    await script.endTurns(7); // the last turn is current: the one nearest the right edge
    const overlay = (await pages().overlay(script, '?layout=ribbon')).page;
    await overlay.locator('[data-testid="order-slot"][data-current="true"]').waitFor();
    await overlay.waitForTimeout(500); // the current turn's scale-up transition
    await overlay.screenshot({ path: join(ARTIFACTS, 'ribbon-1080p.png'), animations: 'disabled' });
    const boxes = await byId(overlay, 'order-slot').evaluateAll((slots) =>
      slots.map((s) => {
        const r = s.getBoundingClientRect();
        const label = s.querySelector('.label');
        return { top: r.top, height: r.height, left: r.left, right: r.right, current: s.getAttribute('data-current') === 'true', cut: !!label && label.scrollWidth > label.clientWidth };
      }),
    );
    expect(boxes).toHaveLength(8);
    expect(new Set(boxes.map((b) => Math.round(b.top + b.height / 2))).size, 'every turn in one row').toBe(1);
    expect(boxes.filter((b) => b.cut), 'names cut short').toEqual([]);
    const width = await overlay.evaluate(() => window.innerWidth);
    for (const b of boxes) {
      expect(b.left, 'inside the left margin').toBeGreaterThanOrEqual(RIBBON_MARGIN_PX);
      expect(b.right, 'inside the right margin').toBeLessThanOrEqual(width - RIBBON_MARGIN_PX);
    }
    expect(boxes.at(-1)?.current).toBe(true);
    await waitForText(overlay, 'round', '1');
  });
});
