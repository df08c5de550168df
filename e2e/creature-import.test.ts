// Importing creatures from a file into an encounter, in real Chromium: a bad row of a paste is left out
// naming its line and column while the rest is read; a CSV file is read, previewed and added in one
// go, identical monsters grouped; an Improved Initiative export brings its PCs and monsters with their
// stats, and its saved encounters; several 5e.tools books read together resolve their copies, list
// what they left out, and bring each monster's stat block to the GM.
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

  it('a bad row of a paste is left out naming its line and column; a CSV file is previewed and added with identical monsters grouped', async () => {
    const { script, gm } = await console('dnd5e');
    await byId(gm, 'import-open').click();
    await byId(gm, 'import-dialog').waitFor();
    await byId(gm, 'import-format').selectOption('csv');
    await byId(gm, 'import-text').fill('name,hp,dex\nGoblin,7,14\nOrc,lots,12\n');
    await byId(gm, 'import-read').click();
    await expect.poll(async () => (await byId(gm, 'import-skipped').textContent())?.trim()).toBe('Line 3: "lots" is not a whole number. (line 3, column hp)');
    expect(await byId(gm, 'import-row').count()).toBe(1);
    // A refused file is still refused whole, naming its line.
    await byId(gm, 'import-text').fill('name,hp\nGoblin,7\n"Orc,15\n');
    await byId(gm, 'import-read').click();
    await expect.poll(async () => (await byId(gm, 'import-dialog').getByTestId('error').textContent())?.trim()).toMatch(/not valid CSV/);
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
    await expect.poll(() => byId(gm, 'import-row').count()).toBe(5);
    expect(await byId(gm, 'import-format').inputValue()).toBe('improved-initiative');
    // Dex 0 and HP 0 are taken with a default, and said.
    expect(await byId(gm, 'import-notices').textContent()).toContain('Garden Statue has 0 hit points: imported without a maximum');
    // Its saved encounter is offered as a list of its own.
    await byId(gm, 'import-list').selectOption({ label: 'Saved encounter: Ambush at the Bridge (3)' });
    await expect.poll(() => byId(gm, 'import-row').count()).toBe(3);
    expect((await byId(gm, 'import-confirm').textContent())?.trim()).toBe('Add 3');
    await byId(gm, 'import-confirm').click();
    const view = await script.waitFor((v) => v.combatants.length === 3);
    const maxOf = (health: (typeof view.combatants)[number]['health']) => (health?.shown === 'numbers' && health.health.kind === 'hit-points' ? health.health.max : null);
    expect(view.combatants.map((c) => [c.name, c.side, c.stats?.['dex'], maxOf(c.health)])).toEqual([
      ['Goblin', 'enemy', 14, 7],
      ['Goblin Boss', 'enemy', 14, 9],
      ['Aria', 'pc', 17, 24],
    ]);
    expect(view.combatants[0]?.statBlock).toMatchObject({ ac: 15, acNote: 'leather armor, shield', hpFormula: '2d6' });
    await row(gm, 'Aria').waitFor();
  });

  it('several 5e.tools books read together: copies resolved across them, what was left out listed, stat blocks carried to the GM', async () => {
    const { script, gm } = await console('dnd5e');
    await byId(gm, 'import-open').click();
    // One book alone: its copies of monsters in other books are left out, naming the book to add.
    await byId(gm, 'import-file').setInputFiles(join(FIXTURES, '5etools-bestiary.json'));
    await expect.poll(() => byId(gm, 'import-row').count()).toBe(8);
    expect(await byId(gm, 'import-format').inputValue()).toBe('5etools');
    const leftOut = byId(gm, 'import-skipped').locator('li');
    await expect.poll(() => leftOut.count()).toBe(3);
    expect(await leftOut.nth(0).textContent()).toBe('Kobold Sneak: it copies Kobold from the book MM, which is in none of the files given (add bestiary-mm.json). (monster[2]._copy)');
    // With the other book, the legendary groups and the templates: the copies come in.
    await byId(gm, 'import-file').setInputFiles(['5etools-bestiary.json', '5etools-other-book.json', '5etools-legendarygroups.json', '5etools-template.json'].map((f) => join(FIXTURES, f)));
    await expect.poll(() => byId(gm, 'import-row').count()).toBe(12);
    await expect.poll(() => leftOut.count()).toBe(1);
    expect(await leftOut.nth(0).textContent()).toContain('Broken Entry');
    expect(await byId(gm, 'import-read').textContent()).toBe('Read 4 files');
    expect(await gm.locator('[data-testid="import-row"][data-name="Mire Warden"]').textContent()).toContain('AC 17 · CR 9 (10 in lair)');
    await byId(gm, 'import-dialog').screenshot({ path: join(ARTIFACTS, 'import-5etools-books.png'), animations: 'disabled' });
    // Twelve read, all chosen (a short file is usually wanted whole); the GM wants two of them.
    await byId(gm, 'import-dialog').getByRole('button', { name: 'None', exact: true }).click();
    for (const name of ['Mire Warden', 'Swamp Hag']) await gm.locator(`[data-testid="import-row"][data-name="${name}"] input`).check();
    expect((await byId(gm, 'import-confirm').textContent())?.trim()).toBe('Add 2');
    await byId(gm, 'import-confirm').click();
    const view = await script.waitFor((v) => v.combatants.length === 2);
    expect(view.combatants.map((c) => c.name)).toEqual(['Mire Warden', 'Swamp Hag']);
    expect(view.combatants.find((c) => c.name === 'Mire Warden')?.statBlock).toMatchObject({
      ac: 17,
      legendaryActionCount: 2,
      lairActions: [{ text: 'On initiative count 20 (losing initiative ties), the warden takes a lair action:' }, { name: 'Sinking Ground' }, { name: "Will-o'-Lights" }],
    });
    expect(view.combatants.find((c) => c.name === 'Swamp Hag')?.statBlock?.actions?.map((a) => a.name)).toEqual(['Cackle', 'Claws']);
  });
});
