// Importing creatures from a file into an encounter, in real Chromium: a bad paste is refused naming the
// line and column and adds nothing; a CSV file is read, previewed and added in one go, identical
// monsters grouped; an Improved Initiative export brings its PCs and monsters with their stats.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { LAPTOP, openPage, type WatchedPage } from './support/browser.js';
import { GmScript } from './support/gm-script.js';
import { ARTIFACTS, serverAndBrowser } from './support/suite.js';

const FIXTURES = fileURLToPath(new URL('../apps/server/test/fixtures/creature-files/', import.meta.url));

const { server, browser } = serverAndBrowser('import');
const opened: WatchedPage[] = [];
const scripts: GmScript[] = [];

const byId = (page: Page, id: string) => page.getByTestId(id);
const row = (page: Page, name: string) => page.locator(`[data-testid="roster-row"][data-name="${name}"]`);

async function console(system: 'dnd5e'): Promise<{ script: GmScript; gm: Page }> {
  const script = await GmScript.create(server().baseUrl, 'Import', system);
  scripts.push(script);
  const watched = await openPage(browser(), LAPTOP);
  opened.push(watched);
  const { encounterId, gmToken } = script.created;
  await watched.page.goto(`${server().baseUrl}/gm#e=${encounterId}&t=${gmToken}`);
  await byId(watched.page, 'import-open').waitFor();
  return { script, gm: watched.page };
}

describe('importing creatures from a file', () => {
  afterEach(async () => {
    const errors = opened.flatMap((p) => p.errors);
    await Promise.all(opened.splice(0).map((p) => p.page.context().close()));
    for (const s of scripts.splice(0)) s.close();
    // The refused paste answers 400 on purpose; the page must not log anything else.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  it('a bad paste names its line and column and adds nothing; a CSV file is previewed and added with identical monsters grouped', async () => {
    const { script, gm } = await console('dnd5e');
    await byId(gm, 'import-open').click();
    await byId(gm, 'import-dialog').waitFor();
    await byId(gm, 'import-format').selectOption('csv');
    await byId(gm, 'import-text').fill('name,hp,dex\nGoblin,7,14\nOrc,lots,12\n');
    await byId(gm, 'import-read').click();
    await expect.poll(async () => (await byId(gm, 'import-dialog').getByTestId('error').textContent())?.trim()).toBe('Line 3, column hp: "lots" is not a whole number.');
    expect(await byId(gm, 'import-confirm').isDisabled()).toBe(true);

    await byId(gm, 'import-file').setInputFiles(join(FIXTURES, 'goblin-ambush.csv'));
    await expect.poll(() => byId(gm, 'import-row').count()).toBe(5);
    expect(await byId(gm, 'import-dialog').getByTestId('error').count()).toBe(0);
    expect(await byId(gm, 'import-row').nth(3).textContent()).toContain('Bugbear · Enemy · Dexterity 14 · Initiative bonus 1 · max HP 27');
    await gm.locator('[data-testid="import-row"][data-name="Bugbear"] input').uncheck();
    expect((await byId(gm, 'import-confirm').textContent())?.trim()).toBe('Add 4');
    await byId(gm, 'import-dialog').screenshot({ path: join(ARTIFACTS, 'import-creatures.png'), animations: 'disabled' });
    await byId(gm, 'import-confirm').click();
    await byId(gm, 'import-dialog').waitFor({ state: 'hidden' });

    for (const name of ['Goblin 1', 'Goblin 2', 'Goblin 3', 'Aria']) await row(gm, name).waitFor();
    expect(await row(gm, 'Bugbear').count()).toBe(0);
    const view = await script.waitFor((v) => v.combatants.length === 4);
    expect(view.groups.map((g) => g.name)).toEqual(['Goblin']);
    expect(view.combatants.find((c) => c.name === 'Aria')).toMatchObject({ side: 'pc', stats: { dex: 17, initBonus: 0 } });
    expect(view.combatants.find((c) => c.name === 'Goblin 2')).toMatchObject({ side: 'enemy', stats: { dex: 14 } });
  });

  it('an Improved Initiative export is recognised, and its PC and monsters keep their stats and hit points', async () => {
    const { script, gm } = await console('dnd5e');
    await byId(gm, 'import-open').click();
    await byId(gm, 'import-file').setInputFiles(join(FIXTURES, 'improved-initiative-library.json'));
    await expect.poll(() => byId(gm, 'import-row').count()).toBe(3);
    expect(await byId(gm, 'import-format').inputValue()).toBe('improved-initiative');
    await byId(gm, 'import-confirm').click();
    const view = await script.waitFor((v) => v.combatants.length === 3);
    const maxOf = (health: (typeof view.combatants)[number]['health']) => (health?.shown === 'numbers' && health.health.kind === 'hit-points' ? health.health.max : null);
    expect(view.combatants.map((c) => [c.name, c.side, c.stats?.['dex'], maxOf(c.health)])).toEqual([
      ['Goblin', 'enemy', 14, 7],
      ['Bugbear', 'enemy', 14, 27],
      ['Aria', 'pc', 17, 24],
    ]);
    await row(gm, 'Aria').waitFor();
  });
});
