// The SRD 5.1 monsters on the console (D&D 5e): found by typing, added with a count in one action, and a
// legendary monster's legendary actions spent and regained at the right moments on the console and the
// overlay (DND-27, DND-28, DND-29). Initiative is entered, so the order is known: Aria 18, the dragon
// 10, the goblins 5.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LAPTOP, openPage } from './support/browser.js';
import { unexplainedDisabled } from './support/checks.js';
import { GmScript } from './support/gm-script.js';
import { byId } from './support/table.js';
import { ARTIFACTS, serverAndPages } from './support/suite.js';

const { server, pages, browser } = serverAndPages('srd-monsters');
const scripts: GmScript[] = [];

/** Waits until the console's legendary tracker and the overlay's tag both say `left` of 3. */
async function legendaryLeft(gm: Page, overlay: Page, left: number): Promise<void> {
  await gm.locator(`[data-testid="legendary-Adult Red Dragon"][data-left="${left}"]`).waitFor();
  await overlay.locator('[data-testid="slot-tag"]', { hasText: `Legendary ${left}/3` }).waitFor();
}

describe('SRD monsters on the console', () => {
  afterEach(async () => {
    for (const page of pages().used) {
      expect(page.errors).toEqual([]);
      if (!page.page.isClosed()) expect(await unexplainedDisabled(page.page), 'disabled buttons that do not say why').toEqual([]);
    }
  });

  afterAll(() => {
    for (const script of scripts) script.close();
  });

  it('[DND-27] [DND-28] [DND-29] "gob" finds the goblins, four come in at once; the dragon’s legendary actions are spent on others’ turns and come back on its own', async () => {
    const script = await GmScript.create(server().baseUrl, 'Goblin cave', 'dnd5e');
    scripts.push(script);
    await script.add({ name: 'Aria', side: 'pc', stats: { dex: 16 } });
    const gm = (await pages().console(script)).page;

    const search = byId(gm, 'srd-search');
    await search.fill('gob');
    await expect.poll(() => gm.getByTestId('srd-match').evaluateAll((li) => li.map((x) => x.getAttribute('data-name')))).toEqual(['Goblin', 'Hobgoblin']);
    await byId(gm, 'srd-count').fill('4');
    await gm.locator('[data-testid="srd-match"][data-name="Goblin"] [data-testid="srd-add"]').click();
    const withGoblins = await script.waitFor((v) => v.combatants.filter((c) => c.name.startsWith('Goblin ')).length === 4);
    expect(withGoblins.groups.map((g) => g.name)).toEqual(['Goblin']);
    for (const n of [1, 2, 3, 4]) await gm.locator(`[data-testid="roster-row"][data-name="Goblin ${n}"]`).waitFor();
    expect(await byId(gm, 'srd-attribution').textContent()).toContain('System Reference Document 5.1');

    await search.fill('red dragon 17');
    await byId(gm, 'srd-count').fill('1');
    await gm.locator('[data-testid="srd-match"][data-name="Adult Red Dragon"] [data-testid="srd-add"]').click();
    await script.waitFor((v) => v.combatants.some((c) => c.name === 'Adult Red Dragon'));
    // [DND-31] 4 × 50 + 18,000 XP; [DND-32] one level 15 character: High's budget is 7,800, so beyond it.
    await gm.locator('[data-testid="encounter-xp"][data-xp="18200"]').waitFor();
    await byId(gm, 'party-level').fill('15');
    expect(await byId(gm, 'encounter-difficulty').textContent()).toContain('Beyond High for 1 at level 15');

    await script.send({ type: 'begin-initiative' });
    const enter = (id: string, kind: 'combatant' | 'group', face: number) => script.send({ type: 'enter-initiative', unit: { kind, id }, faces: [face] });
    await enter(script.id('Aria'), 'combatant', 15);
    await enter(script.id('Adult Red Dragon'), 'combatant', 10);
    await enter(withGoblins.groups[0]!.id, 'group', 3);
    await script.send({ type: 'start-combat' });
    const overlay = (await pages().overlay(script)).page;

    // Aria's turn: the dragon takes one legendary action at its end.
    await legendaryLeft(gm, overlay, 3);
    await gm.locator('[data-testid="legendary-Adult Red Dragon"] [data-testid="spend-legendary-1"]').click();
    await legendaryLeft(gm, overlay, 2);
    await gm.screenshot({ path: join(ARTIFACTS, 'srd-legendary-console.png'), animations: 'disabled' });
    await overlay.screenshot({ path: join(ARTIFACTS, 'srd-legendary-overlay.png'), animations: 'disabled' });

    // The dragon's own turn: all three back, and none to spend now.
    await script.send({ type: 'end-turn' });
    await legendaryLeft(gm, overlay, 3);
    const spendOwn = gm.locator('[data-testid="legendary-Adult Red Dragon"] [data-testid="spend-legendary-1"]');
    expect(await spendOwn.isDisabled()).toBe(true);
    expect(await spendOwn.getAttribute('title')).toBe('Only at the end of another creature’s turn');

    // The goblins' turn: Wing Attack costs 2.
    await script.send({ type: 'end-turn' });
    await gm.locator('[data-testid="legendary-Adult Red Dragon"] [data-testid="spend-legendary-2"]').click();
    await legendaryLeft(gm, overlay, 1);
    // Round 2, Aria's turn: the last one; then nothing left until the dragon's turn.
    await script.send({ type: 'end-turn' });
    await gm.locator('[data-testid="legendary-Adult Red Dragon"] [data-testid="spend-legendary-1"]').click();
    await legendaryLeft(gm, overlay, 0);
    await script.send({ type: 'end-turn' });
    await legendaryLeft(gm, overlay, 3);
    const log = await gm.locator('[data-testid="log-line"]', { hasText: 'legendary action' }).allTextContents();
    expect(log.length).toBeGreaterThanOrEqual(3);
  });

  it('the bestiary page shows the SRD attribution and keeps an SRD monster found by its type and challenge', async () => {
    const watched = await openPage(browser(), LAPTOP);
    const gm = watched.page;
    await gm.goto(`${server().baseUrl}/gm`);
    await byId(gm, 'open-library').click();
    await byId(gm, 'bestiary-system').selectOption('dnd5e');
    const bestiary = gm.getByTestId('bestiary');
    expect(await bestiary.getByTestId('srd-attribution').textContent()).toContain('Creative Commons Attribution 4.0');
    await bestiary.getByTestId('srd-search').fill('monstrosity 3');
    await gm.locator('[data-testid="srd-match"][data-name="Owlbear"] [data-testid="srd-add"]').click();
    await gm.locator('[data-testid="bestiary-entry"]', { hasText: 'Owlbear' }).waitFor();
    expect(watched.errors).toEqual([]);
    await gm.context().close();
  });
});
